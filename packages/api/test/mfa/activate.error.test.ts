import { describe, expect, it } from 'vitest';
import { countRows } from '../support/rows';
import { sharedTestApp, submitCode } from '../support/test-app';
import { createMfaAccount, latestCode, loginWithSms } from './helpers';

const test = sharedTestApp();

describe('adding and editing MFA methods (sad paths)', () => {
  it('answers fuzzion:true (not 409) for a target of another account: the merge offer of docs/decisions/0012', async () => {
    const account = await createMfaAccount(test.database.db);
    const other = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const email = await test.call({
      method: 'GET',
      url: `/api/mfa/-2/activate?target=${encodeURIComponent(other.email)}`,
      token,
    });
    expect(email.statusCode).toBe(200);
    expect(email.json()).toMatchObject({ fuzzion: true, data: { method: 'email', target: other.email } });
    const phone = await test.call({
      method: 'GET',
      url: `/api/mfa/-1/activate?target=${encodeURIComponent(other.phone)}`,
      token,
    });
    expect(phone.json()).toMatchObject({ fuzzion: true, data: { method: 'sms', target: other.phone } });
  });

  it('answers 409 sms-duplicated when an SMS method is edited to the number of another SMS method', async () => {
    const account = await createMfaAccount(test.database.db);
    const second = `+32472${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    await test.database.db
      .insertInto('mfa_methods')
      .values({ user_id: account.id, method: 'sms', target: second, secret_enc: null, last_totp_step: null })
      .execute();
    const token = await loginWithSms(test, account);
    const response = await test.call({
      method: 'GET',
      url: `/api/mfa/${account.methods.sms}/activate?edit=1&target=${encodeURIComponent(second)}`,
      token,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('sms-duplicated');
  });

  it('answers 422 with a message for an invalid e-mail or phone', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const email = await test.call({ method: 'GET', url: '/api/mfa/-2/activate?target=not-an-email', token });
    expect(email.statusCode).toBe(422);
    expect(email.json().message).toBe('This email is invalid or already used');
    const phone = await test.call({ method: 'GET', url: '/api/mfa/-1/activate?target=12', token });
    expect(phone.json()).toEqual({
      requestId: expect.any(String),
      code: 'invalid_phone',
      message: 'This phone number is invalid or already used',
    });
  });

  it('a wrong activation code answers 422 and adds nothing; an activation payload is bound to its session', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const other = await loginWithSms(test, account);
    const address = `act-${Date.now()}@test.example`;
    const started = await test.call({
      method: 'GET',
      url: `/api/mfa/-2/activate?target=${encodeURIComponent(address)}`,
      token,
    });
    const code = await latestCode(test.database.db, address);
    const wrong = code === '12345678' ? '87654321' : '12345678';
    const bad = await test.call({
      method: 'POST',
      url: '/api/mfa/activate',
      token,
      payload: { payload: started.json().payload, code: wrong },
    });
    expect(bad.json().code).toBe('invalid_code');
    const stolen = await submitCode(test, '/api/mfa/activate', other, started.json().payload, code);
    expect(stolen.statusCode).toBe(410);
    expect(await countRows(test.database.db, 'mfa_methods', account.id)).toBe(2);
  });

  it("editing another user's method answers 404", async () => {
    const account = await createMfaAccount(test.database.db);
    const other = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const response = await test.call({
      method: 'GET',
      url: `/api/mfa/${other.methods.email}/activate?edit=1&target=x%40test.example`,
      token,
    });
    expect(response.statusCode).toBe(404);
  });

  it('an authenticator setup code that is wrong answers 422', async () => {
    const account = await createMfaAccount(test.database.db);
    const token = await loginWithSms(test, account);
    const started = await test.call({ method: 'GET', url: '/api/mfa/-3/activate', token });
    const response = await test.call({
      method: 'POST',
      url: '/api/mfa/activate',
      token,
      payload: { payload: started.json().payload, code: '000000' },
    });
    expect(response.json().code).toBe('invalid_code');
  });
});
