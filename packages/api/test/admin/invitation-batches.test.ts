import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../support/test-app';
import { staffSession } from './helpers';

// The operator sends a company admin's CSV file for a company: everyone invited, or nobody.

const test = sharedTestApp();
const db = () => test.database.db;
const csv = (text: string) => Buffer.from(text).toString('base64');
const why = { reason: 'HR sent the list of new joiners', ticket: 'OPS-7' };

describe('invitation batches', () => {
  it("lists the companies of the operator's editions only", async () => {
    const operator = await staffSession(db(), { role: 'operator', scope: 'lu', edition: 'lu' });
    const response = await test.call({ method: 'GET', url: '/api/admin/companies', as: operator });
    expect(response.statusCode).toBe(200);
    const editions = new Set(response.json().data.map((company: { edition: string }) => company.edition));
    expect([...editions]).toEqual(['lu']);
  });

  it('invites every row, audits the batch with its reason, and queues one e-mail a row', async () => {
    const operator = await staffSession(db(), { role: 'operator', scope: null, stepUp: 'totp' });
    const tag = randomUUID().slice(0, 8);
    const emails = [`one-${tag}@test.example`, `two-${tag}@test.example`];
    const response = await test.call({
      method: 'POST',
      url: '/api/admin/companies/1/invitation-batches',
      token: operator.token,
      payload: { csv_base64: csv(`email;firstname\n${emails[0]};Ann\n${emails[1]};Bo\n`), ...why },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().invited.map((row: { email: string }) => row.email)).toEqual(emails);
    const audit = await db()
      .selectFrom('audit_events')
      .select(['actor', 'detail'])
      .where('kind', '=', 'staff.invitations_batched')
      .where('actor', '=', `user:${operator.id}`)
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ company_id: 1, count: 2, reason: why.reason, ticket: 'OPS-7' });
    const mails = await db()
      .selectFrom('outbox')
      .select('recipient')
      .where('recipient', 'in', emails)
      .execute();
    expect(mails).toHaveLength(2);
  });

  it('refuses a file with a bad row whole, naming the row, and invites nobody', async () => {
    const operator = await staffSession(db(), { role: 'operator', scope: null, stepUp: 'totp' });
    const good = `good-${randomUUID().slice(0, 8)}@test.example`;
    const response = await test.call({
      method: 'POST',
      url: '/api/admin/companies/1/invitation-batches',
      token: operator.token,
      payload: { csv_base64: csv(`email\n${good}\nnot-an-address\n`), ...why },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'csv_invalid', rows: [{ row: 3, field: 'email' }] });
    expect(await db().selectFrom('invitations').select('id').where('email', '=', good).execute()).toEqual([]);
  });

  it("wants a reason, and a company of the operator's editions (404 otherwise)", async () => {
    const operator = await staffSession(db(), {
      role: 'operator',
      scope: 'lu',
      edition: 'lu',
      stepUp: 'totp',
    });
    const payload = { csv_base64: csv('email\nx@test.example\n') };
    const noReason = await test.call({
      method: 'POST',
      url: '/api/admin/companies/1/invitation-batches',
      as: operator,
      payload: { ...payload, reason: '' },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().code).toBe('reason_required');
    const otherEdition = await test.call({
      method: 'POST',
      url: '/api/admin/companies/1/invitation-batches',
      as: operator,
      payload: { ...payload, ...why },
    });
    expect(otherEdition.statusCode).toBe(404);
  });
});
