import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addEmailRow, createAccount } from '../support/accounts';
import { expectApiError } from '../support/api-error';
import { createTestApp, sharedTestApp } from '../support/test-app';
import {
  type Extra,
  forgotPassword,
  latestCodeTo,
  messagesTo,
  otherCode,
  post,
  randomIp,
  resetPassword,
  resetTokenFor,
  verifyResetCode,
} from './helpers';

const test = sharedTestApp();
let extra: Extra;
beforeAll(() => {
  extra = { remoteAddress: randomIp() };
});

async function started(username: string) {
  const response = await forgotPassword(test, username, extra);
  expect(response.statusCode).toBe(200);
  return response.json().payload as string;
}

describe('POST /api/user/forgot-password/verify (sad paths)', () => {
  it('six wrong reset codes kill the request: the sixth try fails even with the right code', async () => {
    const account = await createAccount(test.database.db);
    const payload = await started(account.email);
    const code = await latestCodeTo(test.database.db, account.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await verifyResetCode(test, payload, otherCode(code), extra);
      expectApiError(wrong, 422, 'invalid_code', 'Your code is invalid, try again.');
    }
    const sixth = await verifyResetCode(test, payload, code, extra);
    expect(sixth.statusCode).toBe(410);
    expect(sixth.json().code).toBe('challenge_expired');
  });

  it('answers wrong codes for an unknown account exactly like for a known one', async () => {
    const payload = await started(`ghost-${randomUUID().slice(0, 6)}@test.example`);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await verifyResetCode(test, payload, '12345678', extra)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 410]);
  });

  it('a reset code is single use', async () => {
    const account = await createAccount(test.database.db);
    const payload = await started(account.email);
    const code = await latestCodeTo(test.database.db, account.email);
    expect((await verifyResetCode(test, payload, code, extra)).statusCode).toBe(200);
    expect((await verifyResetCode(test, payload, code, extra)).statusCode).toBe(410);
  });

  it('a reset code expires', async () => {
    const account = await createAccount(test.database.db);
    const payload = await started(account.email);
    const code = await latestCodeTo(test.database.db, account.email);
    await test.database.db
      .updateTable('code_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', payload)
      .execute();
    expect((await verifyResetCode(test, payload, code, extra)).statusCode).toBe(410);
  });

  it('a code only works from the device that asked for it', async () => {
    const account = await createAccount(test.database.db);
    const payload = await started(account.email);
    const code = await latestCodeTo(test.database.db, account.email);
    const elsewhere = await verifyResetCode(test, payload, code, { ...extra, deviceId: randomUUID() });
    expect(elsewhere.statusCode).toBe(410);
  });

  it('answers 422 validation_failed for a malformed payload', async () => {
    const response = await verifyResetCode(test, 'not-a-uuid', '12345678', extra);
    expect(response.statusCode).toBe(422);
  });
});

describe('POST /api/user/reset-password (sad paths)', () => {
  it('the reset token is single use', async () => {
    const account = await createAccount(test.database.db);
    const token = await resetTokenFor(test, account.email, account.email, extra);
    expect((await resetPassword(test, token, 'Lantern-orbit-meadow-42', extra)).statusCode).toBe(200);
    const again = await resetPassword(test, token, 'Another-lantern-orbit-7', extra);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('reset_expired');
  });

  it('refuses a common password with its rule, and the token stays usable', async () => {
    const account = await createAccount(test.database.db);
    const token = await resetTokenFor(test, account.email, account.email, extra);
    const common = await resetPassword(test, token, 'password123', extra);
    expect(common.statusCode).toBe(422);
    expect(common.json().code).toBe('password_common');
    const short = await resetPassword(test, token, 'Ab1-x', extra);
    expect(short.json().code).toBe('password_too_short');
    const unchanged = await resetPassword(test, token, account.password, extra);
    expect(unchanged.json().code).toBe('password_unchanged');
    expect((await resetPassword(test, token, 'Lantern-orbit-meadow-42', extra)).statusCode).toBe(200);
  });

  it('refuses a token from another device, a forged one and an expired one', async () => {
    const account = await createAccount(test.database.db);
    const token = await resetTokenFor(test, account.email, account.email, extra);
    const elsewhere = await resetPassword(test, token, 'Lantern-orbit-meadow-42', {
      ...extra,
      deviceId: randomUUID(),
    });
    expect(elsewhere.statusCode).toBe(410);
    const [grantId] = token.split('.');
    const forged = await resetPassword(
      test,
      `${grantId}.${'A'.repeat(43)}`,
      'Lantern-orbit-meadow-42',
      extra,
    );
    expect(forged.statusCode).toBe(410);
    expect((await resetPassword(test, 'garbage', 'Lantern-orbit-meadow-42', extra)).statusCode).toBe(410);
    await test.database.db
      .updateTable('code_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', grantId as string)
      .execute();
    expect((await resetPassword(test, token, 'Lantern-orbit-meadow-42', extra)).statusCode).toBe(410);
  });
});

describe('POST /api/user/forgot-password (sad paths)', () => {
  it('answers 422 for something that is neither an e-mail nor a phone', async () => {
    const response = await forgotPassword(test, 'not an address', extra);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
  });

  it('never sends a code to an unverified e-mail, and answers as usual', async () => {
    const account = await createAccount(test.database.db);
    const unverified = `unverified-${randomUUID().slice(0, 6)}@test.example`;
    await addEmailRow(test.database.db, account.id, unverified, false);
    const response = await forgotPassword(test, unverified, extra);
    expect(response.statusCode).toBe(200);
    expect(await messagesTo(test.database.db, unverified)).toEqual([]);
  });

  it('answers 429 resend_too_soon during the countdown, for known and unknown accounts alike', async () => {
    const account = await createAccount(test.database.db);
    for (const username of [account.email, `ghost-${randomUUID().slice(0, 6)}@test.example`]) {
      const payload = await started(username);
      const resend = await post(
        test,
        '/api/user/forgot-password/resend',
        { payload, technology: 'EMAIL' },
        extra,
      );
      expect(resend.statusCode).toBe(429);
      expect(resend.json().code).toBe('resend_too_soon');
      expect(Number(resend.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('limits requests per username, known or not: the sixth in an hour answers 429', async () => {
    const account = await createAccount(test.database.db);
    for (const username of [account.email, `ghost-${randomUUID().slice(0, 6)}@test.example`]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await forgotPassword(test, username, { remoteAddress: randomIp() })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });

  it('limits requests per client IP across usernames', async () => {
    const strict = await createTestApp({ RATE_LIMIT_RECOVERY_PER_IP: '2' });
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (
          await forgotPassword(strict, `ip-${i}-${randomUUID().slice(0, 6)}@test.example`, {
            remoteAddress: ip,
          })
        ).statusCode,
      );
    expect(statuses).toEqual([200, 200, 429]);
    await strict.app.close();
  });

  it('a resend needs the device and edition that asked', async () => {
    const account = await createAccount(test.database.db);
    const payload = await started(account.email);
    const other = await post(
      test,
      '/api/user/forgot-password/resend',
      { payload, technology: 'EMAIL' },
      { ...extra, host: 'lu.localhost' },
    );
    expect(other.statusCode).toBe(410);
  });
});
