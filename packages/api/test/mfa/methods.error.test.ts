import { describe, expect, it } from 'vitest';
import { expectApiError } from '../support/api-error';
import { sharedTestApp } from '../support/test-app';
import {
  createMfaAccount,
  dropSudo,
  latestCode,
  loginWithSms,
  startChallenge,
  stepUp,
  verifyCode,
} from './helpers';

const test = sharedTestApp();

describe('MFA settings (sad paths)', () => {
  it("deleting another user's method answers 404 and leaves it", async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email', 'totp']);
    const stranger = await createMfaAccount(test.database.db, ['sms', 'email', 'totp']);
    const token = await loginWithSms(test, account);
    const response = await test.call({ method: 'DELETE', url: `/api/mfa/${stranger.methods.totp}`, token });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
    const still = await test.database.db
      .selectFrom('mfa_methods')
      .select('id')
      .where('id', '=', stranger.methods.totp as number)
      .execute();
    expect(still).toHaveLength(1);
    const primary = await test.call({
      method: 'POST',
      url: `/api/mfa/switch-primary/${stranger.methods.email}`,
      token,
    });
    expect(primary.statusCode).toBe(404);
  });

  it('sensitive calls answer 403 sudo_required without a grant', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email', 'totp']);
    const token = await loginWithSms(test, account);
    await dropSudo(test.database.db, token);
    const calls = [
      await test.call({ method: 'DELETE', url: `/api/mfa/${account.methods.totp}`, token }),
      await test.call({ method: 'POST', url: '/api/mfa/regenerate-recovery', token }),
      await test.call({ method: 'GET', url: '/api/mfa/-1/activate?target=0470112233', token }),
      await test.call({ method: 'GET', url: `/api/mfa/${account.methods.totp}/activate?edit=1`, token }),
    ];
    for (const response of calls) {
      expectApiError(response, 403, 'sudo_required', 'Please confirm your identity to continue.');
    }
    expect((await test.call({ method: 'GET', url: '/api/mfa/status', token })).json()).toMatchObject({
      sudo: false,
    });
  });

  it('the grant runs out after its lifetime', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email', 'totp']);
    const token = await loginWithSms(test, account);
    await test.database.db
      .updateTable('sessions')
      .set({ sudo_until: new Date(Date.now() - 1000) })
      .where('user_id', '=', account.id)
      .execute();
    expect((await test.call({ method: 'POST', url: '/api/mfa/regenerate-recovery', token })).statusCode).toBe(
      403,
    );
  });

  it('keeps at least one e-mail and one SMS method (409 mfa_minimum)', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    for (const id of [account.methods.sms, account.methods.email]) {
      const response = await test.call({ method: 'DELETE', url: `/api/mfa/${id}`, token });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('mfa_minimum');
    }
  });

  it('a step-up challenge belongs to its session: another session cannot use its code', async () => {
    const account = await createMfaAccount(test.database.db);
    const first = await loginWithSms(test, account);
    const second = await loginWithSms(test, account);
    await dropSudo(test.database.db, second);
    const started = await startChallenge(test, { mfaId: account.methods.email as number }, { token: first });
    const code = await latestCode(test.database.db, account.email);
    const other = await verifyCode(test, { payload: started.json().payload, code }, { token: second });
    expect(other.statusCode).toBe(410);
    expect((await test.call({ method: 'GET', url: '/api/mfa/status', token: second })).json().sudo).toBe(
      false,
    );
  });

  it('a step-up needs a session, and a placeholder id only works for an account without methods', async () => {
    const account = await createMfaAccount(test.database.db);
    expect((await startChallenge(test, { mfaId: account.methods.sms as number })).statusCode).toBe(401);
    const token = await loginWithSms(test, account);
    expect((await startChallenge(test, { mfaId: -2 }, { token })).statusCode).toBe(404);
  });

  it('a wrong step-up code answers 422 and grants nothing', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    await dropSudo(test.database.db, token);
    const started = await startChallenge(test, { mfaId: account.methods.email as number }, { token });
    const code = await latestCode(test.database.db, account.email);
    const wrong = code === '12345678' ? '87654321' : '12345678';
    expect(
      (await verifyCode(test, { payload: started.json().payload, code: wrong }, { token })).statusCode,
    ).toBe(422);
    expect((await test.call({ method: 'GET', url: '/api/mfa/status', token })).json().sudo).toBe(false);
    await stepUp(test, token, account);
  });

  it('regenerating recovery keys without an authenticator answers 404', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    expect((await test.call({ method: 'POST', url: '/api/mfa/regenerate-recovery', token })).statusCode).toBe(
      404,
    );
  });
});
