import { describe, expect, it } from 'vitest';
import { ADMIN_READS_PER_ACTOR } from '../../src/admin/admin.rate-limits';
import { sharedTestApp } from '../support/test-app';
import { adminTargets, staffSession } from './helpers';

// Bad input and abuse at the desk: each a typed error naming the field, nothing half-done.

const test = sharedTestApp();
const db = () => test.database.db;

describe('the desk refuses', () => {
  it('a search shorter than three characters, as 422 search_too_short on q', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general' });
    const response = await test.call({
      method: 'GET',
      url: '/api/admin/accounts?by=name&q=ab',
      token: support.token,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'search_too_short', fields: { q: 'search_too_short' } });
  });

  it('a card search that is no card number, as 422 on q', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general' });
    const response = await test.call({
      method: 'GET',
      url: '/api/admin/accounts?by=card&q=1234567',
      token: support.token,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({ q: 'invalid' });
  });

  it('an action without a reason, as 422 reason_required, and changes nothing', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general', stepUp: 'totp' });
    const { account } = await adminTargets(db());
    const response = await test.call({
      method: 'POST',
      url: `/api/admin/accounts/${account.id}/lock`,
      token: support.token,
      payload: { reason: '   ' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'reason_required', fields: { reason: 'reason_required' } });
    const user = await db()
      .selectFrom('users')
      .select('locked_at')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user.locked_at).toBeNull();
  });

  it('a change without a fresh step-up, or with one made by SMS, as 403 sudo_required', async () => {
    const { account } = await adminTargets(db());
    for (const stepUp of [undefined, 'sms'] as const) {
      const support = await staffSession(db(), {
        role: 'support',
        scope: 'general',
        ...(stepUp ? { stepUp } : {}),
      });
      const response = await test.call({
        method: 'POST',
        url: `/api/admin/accounts/${account.id}/end-sessions`,
        token: support.token,
        payload: { reason: 'lost phone' },
      });
      expect(response.statusCode, stepUp).toBe(403);
      expect(response.json().code).toBe('sudo_required');
    }
  });

  it('an MFA reset whose card number or date of birth does not match, as 422 identity_check_failed (audited)', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general', stepUp: 'totp' });
    const { account } = await adminTargets(db());
    const response = await test.call({
      method: 'POST',
      url: `/api/admin/accounts/${account.id}/mfa-reset`,
      token: support.token,
      payload: { card_number: account.card, birthdate: '1991-01-01', reason: 'lost phone' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('identity_check_failed');
    const requests = await db()
      .selectFrom('mfa_reset_requests')
      .select('id')
      .where('user_id', '=', account.id)
      .execute();
    expect(requests).toEqual([]);
    const audit = await db()
      .selectFrom('audit_events')
      .select(['detail', 'actor'])
      .where('user_id', '=', account.id)
      .where('kind', '=', 'staff.mfa_reset_requested')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor: `user:${support.id}`,
      detail: { outcome: 'identity_check_failed' },
    });
  });

  it('a second MFA reset while one waits, as 409 mfa_reset_pending', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general', stepUp: 'totp' });
    const { account } = await adminTargets(db());
    const ask = () =>
      test.call({
        method: 'POST',
        url: `/api/admin/accounts/${account.id}/mfa-reset`,
        token: support.token,
        payload: { card_number: account.card, birthdate: account.birthdate, reason: 'lost phone' },
      });
    expect((await ask()).statusCode).toBe(201);
    const again = await ask();
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('mfa_reset_pending');
  });

  it('a decision on one’s own request, as 409 self_approval', async () => {
    const officer = await staffSession(db(), { role: 'security', scope: null, stepUp: 'totp' });
    const { mfaResetId } = await adminTargets(db());
    await db()
      .updateTable('mfa_reset_requests')
      .set({ requested_by: `user:${officer.id}` })
      .where('id', '=', mfaResetId)
      .execute();
    const response = await test.call({
      method: 'POST',
      url: `/api/admin/mfa-resets/${mfaResetId}/approve`,
      token: officer.token,
      payload: { reason: 'checked' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('self_approval');
    const request = await db()
      .selectFrom('mfa_reset_requests')
      .select('status')
      .where('id', '=', mfaResetId)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('pending');
  });

  it('a request decided already, as 409 mfa_reset_decided', async () => {
    const officer = await staffSession(db(), { role: 'security', scope: null, stepUp: 'totp' });
    const { mfaResetId } = await adminTargets(db());
    const decide = (decision: string) =>
      test.call({
        method: 'POST',
        url: `/api/admin/mfa-resets/${mfaResetId}/${decision}`,
        token: officer.token,
        payload: { reason: 'checked' },
      });
    expect((await decide('refuse')).statusCode).toBe(200);
    const again = await decide('approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('mfa_reset_decided');
  });

  it('an audit export without a reason, as 422 reason_required, and writes no export row', async () => {
    const officer = await staffSession(db(), { role: 'security', scope: null });
    const response = await test.call({
      method: 'POST',
      url: '/api/admin/audit/export',
      token: officer.token,
      payload: {},
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('reason_required');
    const rows = await db()
      .selectFrom('audit_events')
      .select('id')
      .where('actor', '=', `user:${officer.id}`)
      .where('kind', '=', 'staff.audit_exported')
      .execute();
    expect(rows).toEqual([]);
  });

  it('staff acting on their own account, as 403', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general', stepUp: 'totp' });
    const response = await test.call({
      method: 'POST',
      url: `/api/admin/accounts/${support.id}/unlock`,
      token: support.token,
      payload: { reason: 'me' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('a caller past its read budget, as 429 with Retry-After (limits count per staff member)', async () => {
    const support = await staffSession(db(), { role: 'support', scope: 'general' });
    const other = await staffSession(db(), { role: 'support', scope: 'general' });
    const me = (token: string) => test.call({ method: 'GET', url: '/api/admin/me', token });
    for (let i = 0; i < ADMIN_READS_PER_ACTOR.limit; i++)
      expect((await me(support.token)).statusCode).toBe(200);
    const refused = await me(support.token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(other.token)).statusCode).toBe(200);
  });
});
