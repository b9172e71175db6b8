import { randomUUID } from 'node:crypto';
import {
  mfaChallengeResponseSchema,
  mfaRequiredBodySchema,
  mfaVerifyResponseSchema,
} from '@vestibule/contract/schemas/mfa';
import { tokenResponseSchema } from '@vestibule/contract/schemas/token';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_RECOVERY_KEYS, DEMO_TOTP_SECRET } from '../../src/seed';
import { attemptLogin, login, sharedTestApp } from '../support/test-app';
import {
  createMfaAccount,
  deviceCookies,
  latestCode,
  loginWithSms,
  passwordStep,
  startChallenge,
  startLogin,
  totpCode,
  verifyCode,
} from './helpers';

const test = sharedTestApp();

describe('login with MFA (happy paths)', () => {
  it('POST /api/token answers 401 mfa_required with a payload and masked methods, primary first', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email', 'totp']);
    const response = await attemptLogin(test, account);
    expect(response.statusCode).toBe(401);
    const body = mfaRequiredBodySchema.parse(response.json());
    expect(body.message).toBe('Please confirm your identity with a verification code.');
    expect(body.mfa.methods.map((m) => m.method)).toEqual(['sms', 'email', 'totp', 'totpRecovery']);
    expect(body.mfa.methods[0]).toMatchObject({ id: account.methods.sms, primary: true });
    expect(body.mfa.methods[0]?.target).not.toContain(account.phone.slice(4, 9));
    expect(body.mfa.methods[1]?.target).toMatch(/^u\*\*\*@test\.example$/);
    expect(response.cookies.find((c) => c.name === 'login_token')).toBeUndefined();
  });

  it('logs in with an SMS code read from the outbox: token, login cookie and an elevated session', async () => {
    const { account, mfa, started } = await startLogin(test, 'sms');
    expect(started.statusCode).toBe(200);
    const challenge = mfaChallengeResponseSchema.parse(started.json());
    expect(challenge).toMatchObject({ method: 'sms', code_length: 8, resend_in: 15 });
    expect(challenge.payload).not.toBe(mfa.payload);
    const code = await latestCode(test.database.db, account.phone);
    expect(code).toMatch(/^\d{8}$/);

    const verified = await verifyCode(test, { payload: challenge.payload, code });
    expect(verified.statusCode).toBe(200);
    const body = mfaVerifyResponseSchema.parse(verified.json());
    expect(body).toMatchObject({ sudo: true, method: 'sms' });
    expect(verified.cookies.find((c) => c.name === 'login_token')?.value).toBe(body.access_token);
    const status = await test.call({ method: 'GET', url: '/api/mfa/status', token: body.access_token });
    expect(status.json()).toMatchObject({ sudo: true, single: false, need_card: false });
    const user = await test.call({ method: 'GET', url: '/api/user', token: body.access_token });
    expect(user.statusCode).toBe(200);
  });

  it('logs in with an e-mail code, and the message is in the user language', async () => {
    const account = await createMfaAccount(test.database.db);
    await test.database.db
      .updateTable('users')
      .set({ language: 'fr_LU' })
      .where('id', '=', account.id)
      .execute();
    const mfa = await passwordStep(test, account);
    const started = await startChallenge(test, {
      mfaId: account.methods.email as number,
      payload: mfa.payload,
    });
    const message = await test.database.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', account.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(message.subject).toContain('votre code de connexion');
    const code = await latestCode(test.database.db, account.email);
    const verified = await verifyCode(test, { payload: started.json().payload, code });
    expect(verified.json().access_token).toBeTypeOf('string');
  });

  it('logs in with a TOTP code computed from the secret; nothing is sent', async () => {
    const { account, started } = await startLogin(test, 'totp');
    expect(started.json()).toMatchObject({ method: 'totp', code_length: 6, resend_in: null, target: null });
    const verified = await verifyCode(test, {
      payload: started.json().payload,
      code: await totpCode(account.totpSecret),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().method).toBe('totp');
  });

  it('logs in with a recovery key, consumes it and says how many remain, without elevating', async () => {
    const { account, started } = await startLogin(test, 'totpRecovery', ['sms', 'email', 'totp']);
    expect(started.json()).toMatchObject({ method: 'totpRecovery', code_length: null, resend_in: null });
    const key = (account.recoveryKeys[0] as string).toLowerCase();
    const verified = await verifyCode(test, { payload: started.json().payload, code: key });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      method: 'totpRecovery',
      recovery_keys_remaining: 9,
      totp_mfa_id: account.methods.totp,
      sudo: false,
    });
    const recovery = await test.call({
      method: 'GET',
      url: '/api/mfa/recovery',
      token: verified.json().access_token,
    });
    expect(recovery.json()).toEqual({ mfa_id: account.methods.totp, total: 10, unused: 9 });
  });

  it('a recovery-key login may regenerate keys and reset the authenticator, but nothing else, without a step-up', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email', 'totp']);
    const mfa = await passwordStep(test, account);
    const started = await startChallenge(test, {
      mfaId: account.methods.totp as number,
      payload: mfa.payload,
      method: 'totpRecovery',
    });
    const verified = await verifyCode(test, {
      payload: started.json().payload,
      code: account.recoveryKeys[0] as string,
    });
    const token = verified.json().access_token as string;
    // Other sensitive changes still need a step-up with a real factor.
    expect((await test.call({ method: 'GET', url: '/api/mfa/status', token })).json().sudo).toBe(false);
    const password = await test.call({
      method: 'POST',
      url: '/api/user/password',
      token,
      payload: { current_password: account.password, password: 'Another-long-passphrase-2026' },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().code).toBe('sudo_required');
    // The authenticator's own repairs do not.
    const keys = await test.call({ method: 'POST', url: '/api/mfa/regenerate-recovery', token });
    expect(keys.statusCode).toBe(200);
    const reset = await test.call({
      method: 'GET',
      url: `/api/mfa/${account.methods.totp}/activate?edit=1`,
      token,
    });
    expect(reset.statusCode).toBe(200);
  });

  it('says none remain after the last recovery key, and then no longer offers totpRecovery', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email', 'totp']);
    await test.database.db
      .updateTable('totp_recovery_keys')
      .set({ used_at: new Date() })
      .where('user_id', '=', account.id)
      .where('key_hash', '!=', '')
      .execute();
    const [last] = account.recoveryKeys;
    await test.database.db
      .updateTable('totp_recovery_keys')
      .set({ used_at: null })
      .where(
        'id',
        '=',
        (
          await test.database.db
            .selectFrom('totp_recovery_keys')
            .select('id')
            .where('user_id', '=', account.id)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    const mfa = await passwordStep(test, account);
    const started = await startChallenge(test, {
      mfaId: account.methods.totp as number,
      payload: mfa.payload,
      method: 'totpRecovery',
    });
    const verified = await verifyCode(test, { payload: started.json().payload, code: last as string });
    expect(verified.json().recovery_keys_remaining).toBe(0);
    const again = await passwordStep(test, account);
    expect(again.methods.map((m) => m.method)).not.toContain('totpRecovery');
  });

  it('a device trusted at login skips MFA next time; another device still gets 401', async () => {
    const account = await createMfaAccount(test.database.db);
    const device = randomUUID();
    await loginWithSms(test, account, device, { trustDevice: true });

    const next = await attemptLogin(test, account, { deviceId: device, ...deviceCookies(device) });
    expect(next.statusCode).toBe(200);
    expect(tokenResponseSchema.parse(next.json()).access_token).toBeTypeOf('string');
    await passwordStep(test, account, randomUUID());
    const audit = await test.database.db
      .selectFrom('audit_events')
      .select('kind')
      .where('user_id', '=', account.id)
      .execute();
    expect(audit.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['login.mfa_required', 'trusted_device.added', 'login.succeeded']),
    );
  });

  it('POST /api/mfa/resend sends a new code after the countdown; the old code dies', async () => {
    const { account, started } = await startLogin(test, 'sms');
    const payload = started.json().payload as string;
    const first = await latestCode(test.database.db, account.phone);
    // The 15-second countdown has run out.
    await test.database.db
      .updateTable('code_challenges')
      .set({ last_sent_at: new Date(Date.now() - 16_000) })
      .where('id', '=', payload)
      .execute();
    const resent = await test.call({ method: 'POST', url: '/api/mfa/resend', payload: { payload } });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ payload, resend_in: 30 });
    const second = await latestCode(test.database.db, account.phone);
    if (first !== second) {
      expect((await verifyCode(test, { payload, code: first })).json().code).toBe('invalid_code');
    }
    expect((await verifyCode(test, { payload, code: second })).statusCode).toBe(200);
  });

  it('answers weak_password after MFA for a weak password, and at once without MFA', async () => {
    const withMfa = await createMfaAccount(test.database.db, ['sms', 'email'], { passwordStatus: 2 });
    const mfa = await passwordStep(test, withMfa);
    const started = await startChallenge(test, {
      mfaId: withMfa.methods.sms as number,
      payload: mfa.payload,
    });
    const code = await latestCode(test.database.db, withMfa.phone);
    const verified = await verifyCode(test, { payload: started.json().payload, code });
    expect(verified.json().weak_password).toBe(true);

    const plain = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: 'weak@demo.test', password: DEMO_PASSWORD },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().weak_password).toBe(true);
  });

  it('the demo mfa@demo.test needs MFA and its documented secret and recovery keys work; other demo users do not', async () => {
    await expect(login(test, 'employee@demo.test', DEMO_PASSWORD)).resolves.toBeTypeOf('string');
    const response = await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: 'mfa@demo.test', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
    const { mfa } = mfaRequiredBodySchema.parse(response.json());
    const totp = mfa.methods.find((m) => m.method === 'totp');
    const started = await startChallenge(test, { mfaId: totp?.id as number, payload: mfa.payload });
    // A step ahead: another test run on this database may have used the current step.
    const verified = await verifyCode(test, {
      payload: started.json().payload,
      code: await totpCode(DEMO_TOTP_SECRET, 1),
    });
    expect(verified.statusCode).toBe(200);
    expect(DEMO_RECOVERY_KEYS).toHaveLength(10);
  });
});
