import { mfaActivateResponseSchema, mfaActivateResultSchema } from '@vestibule/contract/schemas/mfa';
import { describe, expect, it } from 'vitest';
import { sharedTestApp, submitCode, TEST_SECRETS } from '../support/test-app';
import {
  createMfaAccount,
  latestCode,
  loginWithSms,
  passwordStep,
  startChallenge,
  totpCode,
  verifyCode,
} from './helpers';

const test = sharedTestApp();

function uniquePhone() {
  return `+32471${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}

describe('adding and editing MFA methods (happy paths)', () => {
  it('adds an SMS method: GET /api/mfa/-1/activate sends a code, POST /api/mfa/activate adds it and the phone', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const phone = uniquePhone();
    const started = await test.call({
      method: 'GET',
      url: `/api/mfa/-1/activate?target=${encodeURIComponent(phone.replace('+32', '0'))}`,
      token,
    });
    expect(started.statusCode).toBe(200);
    const body = mfaActivateResponseSchema.parse(started.json());
    expect(body).toMatchObject({
      fuzzion: false,
      data: { method: 'sms', target: phone, code_length: 8, resend_in: 15 },
    });
    const code = await latestCode(test.database.db, phone);
    const done = await submitCode(test, '/api/mfa/activate', token, body.payload, code);
    expect(done.statusCode).toBe(200);
    const result = mfaActivateResultSchema.parse(done.json());
    expect(result.method).toMatchObject({ method: 'sms', target: phone, primary: false });
    const user = await test.call({ method: 'GET', url: '/api/user', token });
    expect(user.json().data.phone.map((p: { phone: string }) => p.phone)).toContain(phone);
  });

  it('edits an e-mail method with edit=1 after a code to the new address', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const address = `new-${Date.now()}@test.example`;
    const started = await test.call({
      method: 'GET',
      url: `/api/mfa/${account.methods.email}/activate?edit=1&target=${encodeURIComponent(address)}`,
      token,
    });
    expect(started.statusCode).toBe(200);
    const code = await latestCode(test.database.db, address);
    const done = await submitCode(test, '/api/mfa/activate', token, started.json().payload, code);
    expect(done.json().method).toMatchObject({ id: account.methods.email, target: address });
  });

  it('sets up an authenticator: QR and key, a 6-digit code, then 10 recovery keys shown once; login works with it', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const started = await test.call({ method: 'GET', url: '/api/mfa/-3/activate', token });
    const body = mfaActivateResponseSchema.parse(started.json());
    if (body.data.method !== 'totp') throw new Error('expected totp data');
    expect(body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.data.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(body.data.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const stored = await test.database.db
      .selectFrom('code_challenges')
      .select('data')
      .where('id', '=', body.payload)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.data)).not.toContain(body.data.secret);

    const done = await test.call({
      method: 'POST',
      url: '/api/mfa/activate',
      token,
      payload: { payload: body.payload, code: await totpCode(body.data.secret) },
    });
    expect(done.statusCode).toBe(200);
    const result = mfaActivateResultSchema.parse(done.json());
    expect(result.recovery_keys).toHaveLength(10);
    const method = await test.database.db
      .selectFrom('mfa_methods')
      .select('secret_enc')
      .where('id', '=', result.method.id)
      .executeTakeFirstOrThrow();
    expect(method.secret_enc).not.toContain(body.data.secret);
    expect(method.secret_enc).toMatch(new RegExp(`^v2:${TEST_SECRETS.activeKeyId}:`));

    const mfa = await passwordStep(test, account);
    const login = await startChallenge(test, { mfaId: result.method.id, payload: mfa.payload });
    const verified = await verifyCode(test, {
      payload: login.json().payload,
      code: await totpCode(body.data.secret, 1),
    });
    expect(verified.statusCode).toBe(200);
  });

  it('resets the authenticator (edit=1): a new secret, new recovery keys, the old secret stops working', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email', 'totp']);
    const token = await loginWithSms(test, account);
    const started = await test.call({
      method: 'GET',
      url: `/api/mfa/${account.methods.totp}/activate?edit=1`,
      token,
    });
    const secret = started.json().data.secret as string;
    const done = await test.call({
      method: 'POST',
      url: '/api/mfa/activate',
      token,
      payload: { payload: started.json().payload, code: await totpCode(secret) },
    });
    expect(done.json().method.id).toBe(account.methods.totp);
    expect(done.json().recovery_keys).toHaveLength(10);
    const mfa = await passwordStep(test, account);
    const login = await startChallenge(test, { mfaId: account.methods.totp as number, payload: mfa.payload });
    const old = await verifyCode(test, {
      payload: login.json().payload,
      code: await totpCode(account.totpSecret, 1),
    });
    expect(old.statusCode).toBe(422);
  });

  it('answers 204 (skip) when the target is already this kind of method', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const same = await test.call({
      method: 'GET',
      url: `/api/mfa/-2/activate?target=${encodeURIComponent(account.email.toUpperCase())}`,
      token,
    });
    expect(same.statusCode).toBe(204);
    const unchanged = await test.call({
      method: 'GET',
      url: `/api/mfa/${account.methods.sms}/activate?edit=1&target=${encodeURIComponent(account.phone)}`,
      token,
    });
    expect(unchanged.statusCode).toBe(204);
  });
});
