import { describe, expect, it } from 'vitest';
import { findStaffGrant } from '../../src/admin/staff.queries';
import { keepOneSecurityOfficer } from '../../src/admin/staff-grants';
import { createAccount } from '../support/accounts';
import { sharedTestApp } from '../support/test-app';
import { staffSession } from './helpers';

// A security officer grants and takes staff roles from the console: never their own, never the
// last security officer of an edition; each change audited, each grant sends the enrolment link.

const test = sharedTestApp();
const db = () => test.database.db;
const why = { reason: 'joins the desk', ticket: 'HR-12' };

async function grantsOf(userId: number) {
  return db()
    .selectFrom('staff_roles')
    .select(['id', 'role', 'edition'])
    .where('user_id', '=', userId)
    .execute();
}

describe('staff roles from the console', () => {
  it('grants a role, queues the enrolment e-mail, audits it, and a second grant changes nothing', async () => {
    const officer = await staffSession(db(), { role: 'security', scope: null, stepUp: 'totp' });
    const person = await createAccount(db());
    const grant = () =>
      test.call({
        method: 'POST',
        url: '/api/admin/staff/roles',
        token: officer.token,
        payload: { email: person.email.toUpperCase(), edition: 'general', role: 'support', ...why },
      });
    const first = await grant();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ granted: true });
    expect(await grantsOf(person.id)).toEqual([
      expect.objectContaining({ role: 'support', edition: 'general' }),
    ]);
    const mail = await db()
      .selectFrom('outbox')
      .select('purpose')
      .where('recipient', '=', person.email)
      .execute();
    expect(mail).toEqual([{ purpose: 'staff_enrolment' }]);
    const audit = await db()
      .selectFrom('audit_events')
      .select(['actor', 'actor_role', 'detail'])
      .where('user_id', '=', person.id)
      .where('kind', '=', 'staff.role_granted')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: `user:${officer.id}`, actor_role: 'security' });
    expect(audit.detail).toMatchObject({
      role: 'support',
      scope: 'general',
      reason: 'joins the desk',
      ticket: 'HR-12',
    });

    const again = await grant();
    expect(again.json()).toEqual({ granted: false });
    expect(await grantsOf(person.id)).toHaveLength(1);

    const list = await test.call({ method: 'GET', url: '/api/admin/staff', token: officer.token });
    const row = list.json().data.find((member: { account_id: number }) => member.account_id === person.id);
    expect(row).toMatchObject({ role: 'support', scope: 'general', grant_id: expect.any(Number) });
  });

  it('takes a role away with a reason, and audits it', async () => {
    const officer = await staffSession(db(), { role: 'security', scope: null, stepUp: 'totp' });
    const person = await staffSession(db(), { role: 'operator', scope: null });
    const [grant] = await grantsOf(person.id);
    const response = await test.call({
      method: 'DELETE',
      url: `/api/admin/staff/roles/${grant!.id}`,
      token: officer.token,
      payload: why,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await grantsOf(person.id)).toEqual([]);
    const audit = await db()
      .selectFrom('audit_events')
      .select('detail')
      .where('user_id', '=', person.id)
      .where('kind', '=', 'staff.role_removed')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ role: 'operator', scope: 'both', reason: 'joins the desk' });
  });

  it('refuses an officer changing their own roles, as 409 staff_self_change', async () => {
    const officer = await staffSession(db(), { role: 'security', scope: null, stepUp: 'totp' });
    const granting = await test.call({
      method: 'POST',
      url: '/api/admin/staff/roles',
      token: officer.token,
      payload: { email: officer.email, edition: 'general', role: 'support', ...why },
    });
    expect(granting.statusCode).toBe(409);
    expect(granting.json().code).toBe('staff_self_change');
    const [own] = await grantsOf(officer.id);
    const removing = await test.call({
      method: 'DELETE',
      url: `/api/admin/staff/roles/${own!.id}`,
      token: officer.token,
      payload: why,
    });
    expect(removing.statusCode).toBe(409);
    expect(await grantsOf(officer.id)).toHaveLength(1);
  });

  it('names the field: an unknown address, a company admin without a company, an empty reason', async () => {
    const officer = await staffSession(db(), { role: 'security', scope: null, stepUp: 'totp' });
    const person = await createAccount(db());
    const cases = [
      [{ email: 'nobody-here@test.example', role: 'support' }, 'staff_account_unknown', 'email'],
      [{ email: person.email, role: 'company-admin' }, 'staff_company_required', 'company_id'],
      [{ email: person.email, role: 'support', reason: ' ' }, 'reason_required', 'reason'],
    ] as const;
    for (const [payload, code, field] of cases) {
      const response = await test.call({
        method: 'POST',
        url: '/api/admin/staff/roles',
        token: officer.token,
        payload: { edition: 'general', ...why, ...payload },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({ code, fields: { [field]: code } });
    }
    expect(await grantsOf(person.id)).toEqual([]);
  });

  it('refuses both editions to an officer of one, as 404', async () => {
    const officer = await staffSession(db(), {
      role: 'security',
      scope: 'lu',
      edition: 'lu',
      stepUp: 'totp',
    });
    const person = await createAccount(db(), { edition: 'lu' });
    const response = await test.call({
      method: 'POST',
      url: '/api/admin/staff/roles',
      as: officer,
      payload: { email: person.email, edition: 'lu', role: 'support', all_editions: true, ...why },
    });
    expect(response.statusCode).toBe(404);
    expect(await grantsOf(person.id)).toEqual([]);
  });

  it('keeps the last security officer of an edition', async () => {
    const officer = await staffSession(db(), { role: 'security', scope: 'lu', edition: 'lu' });
    const [grant] = await grantsOf(officer.id);
    const row = (await findStaffGrant(db(), grant!.id))!;
    // With every other officer gone (in a transaction rolled back), this one may not go.
    const refusal = await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .deleteFrom('staff_roles')
          .where('role', '=', 'security')
          .where('id', '!=', row.id)
          .execute();
        const error = await keepOneSecurityOfficer(trx, row).catch((caught: unknown) => caught);
        throw Object.assign(new Error('roll back'), { refusal: error });
      })
      .catch((error: { refusal?: { code?: string } }) => error.refusal);
    expect(refusal).toMatchObject({ code: 'last_security_officer' });
    // With another officer of both editions, it may.
    await staffSession(db(), { role: 'security', scope: null });
    await expect(keepOneSecurityOfficer(db(), row)).resolves.toBeUndefined();
  });
});
