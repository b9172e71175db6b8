import { mfaListResponseSchema, recoveryKeysResponseSchema } from '@vestibule/contract/schemas/mfa';
import { describe, expect, it } from 'vitest';
import { auditEvents, countRows } from '../support/rows';
import { attemptLogin, sharedTestApp } from '../support/test-app';
import {
  createMfaAccount,
  dropSudo,
  latestCode,
  loginWithSms,
  passwordStep,
  startChallenge,
  stepUp,
  verifyCode,
} from './helpers';

const test = sharedTestApp();

describe('MFA settings (happy paths)', () => {
  it('GET /api/mfa lists the set-up methods; includeAll adds the placeholders with negative ids', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const plain = mfaListResponseSchema.parse(
      (await test.call({ method: 'GET', url: '/api/mfa', token })).json(),
    );
    expect(plain.data).toEqual([
      expect.objectContaining({
        id: account.methods.sms,
        method: 'sms',
        target: account.phone,
        primary: true,
      }),
      expect.objectContaining({
        id: account.methods.email,
        method: 'email',
        target: account.email,
        primary: false,
      }),
    ]);
    const all = mfaListResponseSchema.parse(
      (await test.call({ method: 'GET', url: '/api/mfa?includeAll', token })).json(),
    );
    expect(all.data.filter((m) => m.id < 0).map((m) => [m.id, m.method])).toEqual([
      [-1, 'sms'],
      [-2, 'email'],
      [-3, 'totp'],
    ]);
  });

  it('POST /api/mfa/switch-primary/{id} changes the method offered first at login', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const response = await test.call({
      method: 'POST',
      url: `/api/mfa/switch-primary/${account.methods.email}`,
      token,
    });
    expect(response.statusCode).toBe(204);
    const mfa = await passwordStep(test, account);
    expect(mfa.methods[0]).toMatchObject({ id: account.methods.email, primary: true });
  });

  it('DELETE /api/mfa/{id} of the authenticator removes its recovery keys and makes the backup primary', async () => {
    const account = await createMfaAccount(test.database.db, ['totp', 'sms', 'email']);
    const token = await loginWithSms(test, account);
    const response = await test.call({ method: 'DELETE', url: `/api/mfa/${account.methods.totp}`, token });
    expect(response.statusCode).toBe(204);
    const list = mfaListResponseSchema.parse(
      (await test.call({ method: 'GET', url: '/api/mfa', token })).json(),
    );
    expect(list.data.map((m) => [m.method, m.primary])).toEqual([
      ['sms', true],
      ['email', false],
    ]);
    expect(await countRows(test.database.db, 'totp_recovery_keys', account.id)).toBe(0);
    const audit = await auditEvents(test.database.db, account.id, 'mfa.removed');
    expect(audit).toHaveLength(1);
  });

  it('DELETE /api/mfa/{negative id} with a target removes the method of that target', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const second = await test.database.db
      .insertInto('mfa_methods')
      .values({
        user_id: account.id,
        method: 'email',
        target: 'second@test.example',
        secret_enc: null,
        last_totp_step: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await test.call({
      method: 'DELETE',
      url: '/api/mfa/-2',
      token,
      payload: { target: 'Second@Test.example' },
    });
    expect(response.statusCode).toBe(204);
    const left = await test.database.db
      .selectFrom('mfa_methods')
      .select('id')
      .where('id', '=', second.id)
      .execute();
    expect(left).toHaveLength(0);
  });

  it('POST /api/mfa/regenerate-recovery makes 10 new keys and voids the old ones', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email', 'totp']);
    const token = await loginWithSms(test, account);
    const response = await test.call({ method: 'POST', url: '/api/mfa/regenerate-recovery', token });
    expect(response.statusCode).toBe(200);
    const { recovery_keys: keys } = recoveryKeysResponseSchema.parse(response.json());
    expect(keys).toHaveLength(10);
    expect(new Set(keys).size).toBe(10);
    expect(keys[0]).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const mfa = await passwordStep(test, account);
    const old = await startChallenge(test, {
      mfaId: account.methods.totp as number,
      payload: mfa.payload,
      method: 'totpRecovery',
    });
    expect(
      (await verifyCode(test, { payload: old.json().payload, code: account.recoveryKeys[0] as string }))
        .statusCode,
    ).toBe(422);
    expect(
      (await verifyCode(test, { payload: old.json().payload, code: keys[0] as string })).statusCode,
    ).toBe(200);
  });

  it('a single step-up grant serves one sensitive change only', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email', 'totp']);
    const token = await loginWithSms(test, account);
    await dropSudo(test.database.db, token);
    await stepUp(test, token, account, 1);
    expect((await test.call({ method: 'GET', url: '/api/mfa/status', token })).json()).toMatchObject({
      sudo: true,
      single: true,
    });
    expect((await test.call({ method: 'POST', url: '/api/mfa/regenerate-recovery', token })).statusCode).toBe(
      200,
    );
    const again = await test.call({ method: 'POST', url: '/api/mfa/regenerate-recovery', token });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('sudo_required');
  });

  it('an account without MFA steps up with a code to its primary verified e-mail (placeholder -2)', async () => {
    const account = await createMfaAccount(test.database.db, []);
    const login = await attemptLogin(test, account);
    const token = login.json().access_token as string;
    expect((await test.call({ method: 'GET', url: '/api/mfa/status', token })).json().sudo).toBe(false);
    const started = await startChallenge(test, { mfaId: -2 }, { token });
    expect(started.statusCode).toBe(200);
    const code = await latestCode(test.database.db, account.email);
    const verified = await verifyCode(test, { payload: started.json().payload, code }, { token });
    expect(verified.json()).toMatchObject({ sudo: true, method: 'email' });
    expect(verified.json().access_token).toBeUndefined();
    const status = await test.call({ method: 'GET', url: '/api/mfa/status', token });
    expect(status.json().sudo).toBe(true);
    expect(status.json().sudo_expires_at).toBeTypeOf('string');
  });
});
