import { describe, expect, it } from 'vitest';
import { cancelClosure, cancelTokenSentTo, requestClosure } from '../closure/helpers';
import { createMfaAccount, loginWithSms } from '../mfa/helpers';
import { profileSession } from '../profile/helpers';
import { attemptLogin, createTestApp, sharedTestApp } from '../support/test-app';

/** Closing and keeping an account under abuse: stale tickets, other accounts, floods, sessions. */

const test = sharedTestApp();

async function closingSignIn(account: { email: string; password: string }) {
  const response = await attemptLogin(test, account);
  expect(response.statusCode).toBe(409);
  return response.json().closure.ticket as string;
}

describe('closure abuse', () => {
  it("a sign-in's ticket keeps the closure it met only, never a later one", async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email']);
    expect((await requestClosure(test, await loginWithSms(test, account))).statusCode).toBe(200);
    const ticket = await closingSignIn(account);
    expect((await cancelClosure(test, { ticket })).statusCode).toBe(200);
    expect((await requestClosure(test, await loginWithSms(test, account))).statusCode).toBe(200);
    const replayed = await cancelClosure(test, { ticket });
    expect(replayed.statusCode).toBe(410);
    expect(replayed.json().code).toBe('closure_link_used');
    const user = await test.database.db
      .selectFrom('users')
      .select('closes_at')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user.closes_at).not.toBeNull();
  });

  it('a ticket changed to name another account is refused, and that account stays closing', async () => {
    const mine = await createMfaAccount(test.database.db, ['sms', 'email']);
    const theirs = await profileSession(test);
    expect((await requestClosure(test, await loginWithSms(test, mine))).statusCode).toBe(200);
    expect((await requestClosure(test, theirs.token)).statusCode).toBe(200);
    const [, ...rest] = (await closingSignIn(mine)).split('.');
    const forged = await cancelClosure(test, { ticket: [String(theirs.account.id), ...rest].join('.') });
    expect(forged.statusCode).toBe(404);
    const user = await test.database.db
      .selectFrom('users')
      .select('closes_at')
      .where('id', '=', theirs.account.id)
      .executeTakeFirstOrThrow();
    expect(user.closes_at).not.toBeNull();
  });

  it('every session of the account ends with the closure, on every device', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email']);
    const first = await loginWithSms(test, account, crypto.randomUUID());
    const second = await loginWithSms(test, account, crypto.randomUUID());
    expect((await requestClosure(test, first)).statusCode).toBe(200);
    expect((await test.call({ method: 'GET', url: '/api/user', token: second })).statusCode).toBe(401);
  });

  it('the link never appears in a query string and the cancel endpoint is rate limited per address', async () => {
    const { account, token } = await profileSession(test);
    expect((await requestClosure(test, token)).statusCode).toBe(200);
    expect(await cancelTokenSentTo(test, account.email)).toBeTruthy();
    const flooded = await createTestApp();
    try {
      const answers: number[] = [];
      for (let i = 0; i < 31; i++) {
        const response = await flooded.call({
          method: 'POST',
          url: '/api/closure/cancel',
          payload: { token: `guess-${i}` },
          remoteAddress: '203.0.113.9',
        });
        answers.push(response.statusCode);
      }
      expect(answers.slice(0, 30).every((status) => status === 404)).toBe(true);
      expect(answers[30]).toBe(429);
    } finally {
      await flooded.app.close();
    }
  });
});
