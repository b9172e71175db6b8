import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { latestCode, startChallenge, verifyCode } from '../mfa/helpers';
import type { TestAccount } from '../support/accounts';
import { attemptLogin, type Caller, type TestApp } from '../support/test-app';

/** Logs an account (without MFA) in from a device of its own; answers token and device. */
export async function loginOn(
  test: TestApp,
  account: TestAccount,
  deviceId = randomUUID(),
  userAgent?: string,
  cookies?: Record<string, string>,
) {
  const response = await attemptLogin(test, account, {
    deviceId,
    ...(cookies ? { cookies } : {}),
    ...(userAgent ? { headers: { 'user-agent': userAgent } } : {}),
  });
  expect(response.statusCode).toBe(200);
  return { token: response.json().access_token as string, deviceId, response };
}

/** POST /api/user/password from a caller, with the account's current password. */
export function changePassword(
  test: TestApp,
  caller: Caller,
  account: TestAccount,
  password: string,
  extra: { end_other_sessions?: boolean } = {},
) {
  return test.call({
    method: 'POST',
    url: '/api/user/password',
    as: caller,
    payload: { current_password: account.password, password, ...extra },
  });
}

/** A step-up of an account without MFA methods: a code to its primary e-mail (mfaId -2). */
export async function stepUpByEmail(test: TestApp, token: string, account: TestAccount, single: 0 | 1 = 0) {
  const started = await startChallenge(test, { mfaId: -2, single }, { token });
  expect(started.statusCode).toBe(200);
  const code = await latestCode(test.database.db, account.email);
  const verified = await verifyCode(test, { payload: started.json().payload, code }, { token });
  expect(verified.statusCode).toBe(200);
}

export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
