import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectApiError } from '../support/api-error';
import { auditEvents } from '../support/rows';
import { createTestApp, sharedTestApp } from '../support/test-app';
import {
  countMessages,
  createMfaAccount,
  latestCode,
  passwordStep,
  startChallenge,
  startLogin,
  totpCode,
  verifyCode,
} from './helpers';

const test = sharedTestApp();

describe('login with MFA (sad paths)', () => {
  it('six wrong codes kill the challenge: five 422 invalid_code, then 410 even with the right code', async () => {
    const { account, started } = await startLogin(test, 'sms');
    const payload = started.json().payload as string;
    const code = await latestCode(test.database.db, account.phone);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 5; i++) {
      const response = await verifyCode(test, { payload, code: wrong });
      expectApiError(response, 422, 'invalid_code', 'Your code is invalid, try again.');
    }
    const sixth = await verifyCode(test, { payload, code: wrong });
    expect(sixth.statusCode).toBe(410);
    expect(sixth.json().code).toBe('challenge_expired');
    expect((await verifyCode(test, { payload, code })).statusCode).toBe(410);
    const failures = await auditEvents(test.database.db, account.id, 'login.mfa_failed');
    expect(failures).toHaveLength(5);
  });

  it('a used TOTP code is refused the second time', async () => {
    const account = await createMfaAccount(test.database.db, ['totp', 'sms', 'email']);
    const code = await totpCode(account.totpSecret);
    const first = await passwordStep(test, account);
    const a = await startChallenge(test, { mfaId: account.methods.totp as number, payload: first.payload });
    expect((await verifyCode(test, { payload: a.json().payload, code })).statusCode).toBe(200);
    const second = await passwordStep(test, account);
    const b = await startChallenge(test, { mfaId: account.methods.totp as number, payload: second.payload });
    const replay = await verifyCode(test, { payload: b.json().payload, code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().code).toBe('invalid_code');
  });

  it('refuses a TOTP code two steps away (only ±1 step is accepted)', async () => {
    const { account, started } = await startLogin(test, 'totp');
    const far = await verifyCode(test, {
      payload: started.json().payload,
      code: await totpCode(account.totpSecret, -3),
    });
    expect(far.json().code).toBe('invalid_code');
  });

  it('a code of one challenge is refused on another', async () => {
    const account = await createMfaAccount(test.database.db);
    const mfa = await passwordStep(test, account);
    const sms = await startChallenge(test, { mfaId: account.methods.sms as number, payload: mfa.payload });
    const email = await startChallenge(test, {
      mfaId: account.methods.email as number,
      payload: mfa.payload,
    });
    const smsCode = await latestCode(test.database.db, account.phone);
    const emailCode = await latestCode(test.database.db, account.email);
    if (smsCode !== emailCode) {
      const crossed = await verifyCode(test, { payload: email.json().payload, code: smsCode });
      expect(crossed.json().code).toBe('invalid_code');
    }
    // The login payload itself is not a code challenge.
    expect((await verifyCode(test, { payload: mfa.payload, code: smsCode })).statusCode).toBe(410);
    expect((await verifyCode(test, { payload: sms.json().payload, code: smsCode })).statusCode).toBe(200);
  });

  it('a login payload is worthless on another device, and used once', async () => {
    const account = await createMfaAccount(test.database.db);
    const mfa = await passwordStep(test, account);
    const other = await startChallenge(
      test,
      { mfaId: account.methods.sms as number, payload: mfa.payload },
      { deviceId: randomUUID() },
    );
    expect(other.statusCode).toBe(410);
    const started = await startChallenge(test, {
      mfaId: account.methods.sms as number,
      payload: mfa.payload,
    });
    const code = await latestCode(test.database.db, account.phone);
    const stolen = await verifyCode(
      test,
      { payload: started.json().payload, code },
      { deviceId: randomUUID() },
    );
    expect(stolen.statusCode).toBe(410);
    expect((await verifyCode(test, { payload: started.json().payload, code })).statusCode).toBe(200);
    const reused = await startChallenge(test, { mfaId: account.methods.sms as number, payload: mfa.payload });
    expect(reused.statusCode).toBe(410);
  });

  it('an expired code answers 410 challenge_expired', async () => {
    const { account, started } = await startLogin(test, 'sms');
    const code = await latestCode(test.database.db, account.phone);
    await test.database.db
      .updateTable('code_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', started.json().payload)
      .execute();
    expect((await verifyCode(test, { payload: started.json().payload, code })).json().code).toBe(
      'challenge_expired',
    );
  });

  it("another user's method id, a placeholder id or an unknown payload cannot start a login challenge", async () => {
    const account = await createMfaAccount(test.database.db);
    const stranger = await createMfaAccount(test.database.db);
    const mfa = await passwordStep(test, account);
    const foreign = await startChallenge(test, {
      mfaId: stranger.methods.sms as number,
      payload: mfa.payload,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await startChallenge(test, { mfaId: -1, payload: mfa.payload })).statusCode).toBe(404);
    expect((await startChallenge(test, { mfaId: 1, payload: randomUUID() })).statusCode).toBe(410);
    expect(await countMessages(test.database.db, stranger.phone)).toBe(0);
  });

  it.each([
    ['sms', 'answers 429 resend_too_soon during the countdown, with Retry-After', 429],
    ['totp', 'refuses a resend (nothing is sent)', 400],
  ] as const)('%s: %s', async (method, _what, status) => {
    const { payload } = await startLogin(test, method);
    const resent = await test.call({ method: 'POST', url: '/api/mfa/resend', payload: { payload } });
    expect(resent.statusCode).toBe(status);
    if (status === 429) {
      expect(resent.json().code).toBe('resend_too_soon');
      expect(Number(resent.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(resent.headers['retry-after'])).toBeLessThanOrEqual(15);
    }
  });

  it('limits SMS per number per hour, saying the budget is spent (not a wrong code)', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SMS_PER_NUMBER: '2' });
    const account = await createMfaAccount(strict.database.db);
    const mfa = await passwordStep(strict, account);
    const answers: [number, string | undefined][] = [];
    for (let i = 0; i < 3; i++) {
      const response = await startChallenge(strict, {
        mfaId: account.methods.sms as number,
        payload: mfa.payload,
      });
      answers.push([response.statusCode, response.statusCode === 429 ? response.json().code : undefined]);
    }
    expect(answers).toEqual([
      [200, undefined],
      [200, undefined],
      [429, 'sms_limit_reached'],
    ]);
    await strict.app.close();
  });

  it('a login flow dies after ten wrong codes across its challenges', async () => {
    const account = await createMfaAccount(test.database.db, ['totp', 'sms', 'email']);
    const mfa = await passwordStep(test, account);
    for (let round = 0; round < 2; round++) {
      const started = await startChallenge(test, {
        mfaId: account.methods.totp as number,
        payload: mfa.payload,
      });
      for (let i = 0; i < 5; i++) await verifyCode(test, { payload: started.json().payload, code: '000000' });
    }
    const after = await startChallenge(test, { mfaId: account.methods.totp as number, payload: mfa.payload });
    expect(after.statusCode).toBe(410);
  });

  it('answers 422 validation_failed for a code with other characters than letters and digits', async () => {
    const response = await verifyCode(test, { payload: randomUUID(), code: '12 34;--' });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
  });
});
