import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { joinCompany } from '../../src/flows/company-admin/membership';
import { companyId as companyNamed } from '../../src/flows/onboarding/registry';
import { createAccount } from '../support/accounts';
import { auditEvent } from '../support/rows';
import { attemptLogin, login, sharedTestApp } from '../support/test-app';
import { staffSession } from './helpers';

const test = sharedTestApp();

async function companyWithAdmin() {
  const db = test.database.db;
  const company = await companyNamed(db, 'general', `Acme ${randomUUID().slice(0, 6)}`);
  const admin = await staffSession(db, {
    role: 'company-admin',
    scope: 'general',
    companyId: company,
    stepUp: 'totp',
  });
  return { company, admin };
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('company admin API', () => {
  it('a CSV upload with bad rows answers 422 csv_invalid naming each row and field, and invites nobody', async () => {
    const { company, admin } = await companyWithAdmin();
    const good = `ok-${randomUUID().slice(0, 6)}@test.example`;
    const response = await test.call({
      method: 'POST',
      url: `/api/admin/companies/${company}/invitations/csv`,
      token: admin.token,
      payload: { csv_base64: base64(`\uFEFFE-mail;Prénom\r\n${good};Ok\r\nbroken;No\r\n${good};Twice\r\n`) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'csv_invalid',
      rows: [
        { row: 3, field: 'email', code: 'invalid_email' },
        { row: 4, field: 'email', code: 'duplicate_in_file' },
      ],
    });
    const invitations = await test.call({
      method: 'GET',
      url: `/api/admin/companies/${company}/invitations`,
      token: admin.token,
    });
    expect(invitations.json().data).toEqual([]);
    const fixed = await test.call({
      method: 'POST',
      url: `/api/admin/companies/${company}/invitations/csv`,
      token: admin.token,
      payload: { csv_base64: base64(`email,firstname\n${good},Ok\nsecond-${good},Two\n`) },
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json().invited).toHaveLength(2);
    const audited = await test.database.db
      .selectFrom('audit_events')
      .select(['actor', 'actor_role'])
      .where('kind', '=', 'invitation.created')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(audited).toEqual({ actor: `user:${admin.id}`, actor_role: 'company-admin' });
  });

  it('one invitation to a member answers 409 already_member on the email field', async () => {
    const { company, admin } = await companyWithAdmin();
    const person = await createAccount(test.database.db);
    await joinCompany(test.database.db, person.id, company);
    const response = await test.call({
      method: 'POST',
      url: `/api/admin/companies/${company}/invitations`,
      token: admin.token,
      payload: { email: person.email },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'already_member', fields: { email: 'already_member' } });
  });

  it('suspending ends the sessions, tells the person, shows in their timeline; restoring lets them in again', async () => {
    const db = test.database.db;
    const { company, admin } = await companyWithAdmin();
    const person = await createAccount(db);
    await joinCompany(db, person.id, company);
    await login(test, person.email, person.password);
    const suspended = await test.call({
      method: 'POST',
      url: `/api/admin/companies/${company}/people/${person.id}/suspend`,
      token: admin.token,
      payload: { reason: 'Left the company', ticket: 'HR-42' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toEqual({ status: 'suspended', sessions_ended: 1 });
    const refused = await attemptLogin(test, person);
    expect(refused.json().code).toBe('account_locked');
    const notice = await db
      .selectFrom('outbox')
      .select('purpose')
      .where('recipient', '=', person.email)
      .where('purpose', '=', 'access_suspended')
      .execute();
    expect(notice).toHaveLength(1);
    // A webhook payload never carries the reason the admin typed.
    const event = await auditEvent(db, person.id, 'account.suspended');
    expect(event).toMatchObject({
      actor_role: 'company-admin',
      detail: { why: 'Left the company', ticket: 'HR-42' },
    });
    expect(event.detail).not.toHaveProperty('reason');

    const restored = await test.call({
      method: 'POST',
      url: `/api/admin/companies/${company}/people/${person.id}/restore`,
      token: admin.token,
      payload: { reason: 'Back from leave' },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const token = await login(test, person.email, person.password);
    const timeline = await test.call({ method: 'GET', url: '/api/security/events', token });
    const kinds = timeline.json().data.map((row: { kind: string }) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(['account.suspended', 'account.restored']));
    const entry = timeline.json().data.find((row: { kind: string }) => row.kind === 'account.suspended');
    expect(entry.detail).toMatchObject({ why: 'Left the company' });
  });

  it('restoring a lock made by support answers 409 locked_by_support', async () => {
    const db = test.database.db;
    const { company, admin } = await companyWithAdmin();
    const person = await createAccount(db, { locked: true });
    await joinCompany(db, person.id, company);
    await db
      .insertInto('audit_events')
      .values({
        user_id: person.id,
        edition: 'general',
        kind: 'account.locked',
        detail: '{}',
        ip: null,
        device_id: null,
      })
      .execute();
    const response = await test.call({
      method: 'POST',
      url: `/api/admin/companies/${company}/people/${person.id}/restore`,
      token: admin.token,
      payload: { reason: 'Please' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('locked_by_support');
  });

  it('the MFA policy sets every member’s flags; a suspension reason under 3 characters is 422', async () => {
    const db = test.database.db;
    const { company, admin } = await companyWithAdmin();
    const person = await createAccount(db);
    await joinCompany(db, person.id, company);
    const saved = await test.call({
      method: 'PUT',
      url: `/api/admin/companies/${company}/mfa-policy`,
      token: admin.token,
      payload: { policy: 'required' },
    });
    expect(saved.json()).toEqual({ policy: 'required', members: 1 });
    const flags = await db
      .selectFrom('users')
      .select(['mfa_forced', 'mfa_customer'])
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(flags).toEqual({ mfa_forced: true, mfa_customer: false });
    const short = await test.call({
      method: 'POST',
      url: `/api/admin/companies/${company}/people/${person.id}/suspend`,
      token: admin.token,
      payload: { reason: 'x' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().fields).toHaveProperty('reason');
  });
});

describe('webhooks admin API', () => {
  it('creates a subscription answering its secret once, rotates it, disables it, and refuses a bad event', async () => {
    const operator = await staffSession(test.database.db, { role: 'operator', stepUp: 'totp' });
    const created = await test.call({
      method: 'POST',
      url: '/api/admin/webhooks',
      token: operator.token,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['iban.changed'], description: 'CRM' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);
    const list = await test.call({ method: 'GET', url: '/api/admin/webhooks', token: operator.token });
    expect(list.body).not.toContain(secret);
    expect(list.json().data.find((row: { id: number }) => row.id === id)).toMatchObject({
      enabled: true,
      event_types: ['iban.changed'],
    });
    const rotated = await test.call({
      method: 'POST',
      url: `/api/admin/webhooks/${id}/rotate-secret`,
      token: operator.token,
    });
    expect(rotated.json().secret).not.toBe(secret);
    expect(rotated.json().previous_valid_until).not.toBeNull();
    const disabled = await test.call({
      method: 'PUT',
      url: `/api/admin/webhooks/${id}/enabled`,
      token: operator.token,
      payload: { enabled: false },
    });
    expect(disabled.statusCode).toBe(204);
    const bad = await test.call({
      method: 'POST',
      url: '/api/admin/webhooks',
      token: operator.token,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['no.such'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({ events: 'unknown_event' });
    const unknown = await test.call({
      method: 'GET',
      url: '/api/admin/webhooks/999999999/deliveries',
      token: operator.token,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
