import { randomUUID } from 'node:crypto';
import { sessionsResponseSchema } from '@vestibule/contract/schemas/security';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../src/security/tokens';
import { loginOn } from '../security/helpers';
import { createAccount } from '../support/accounts';
import { sharedTestApp } from '../support/test-app';
import { LOGIN_COOKIE } from './helpers';

/**
 * Lingering sessions: besides the idle timeout, a session ends SESSION_MAX_AGE_DAYS
 * after its login however often it is used, and SESSION_IDLE_DAYS after its last use — through
 * the bearer token and through the login cookie alike. The Security tab lists each expiry.
 */

const DAY_MS = 86_400_000;

const test = sharedTestApp({ SESSION_MAX_AGE_DAYS: '7', SESSION_IDLE_DAYS: '2' });

/** Moves a session's login and last use into the past, leaving expires_at as use left it (far). */
async function age(token: string, times: { loginDaysAgo: number; lastUseDaysAgo: number }) {
  // created_at is never updated by the product (its type says so): raw SQL plays the clock.
  const createdAt = new Date(Date.now() - times.loginDaysAgo * DAY_MS);
  const lastSeenAt = new Date(Date.now() - times.lastUseDaysAgo * DAY_MS);
  const expiresAt = new Date(Date.now() + 30 * DAY_MS);
  await sql`UPDATE sessions SET created_at = ${createdAt}, last_seen_at = ${lastSeenAt},
    expires_at = ${expiresAt} WHERE token_hash = ${hashToken(token)}`.execute(test.database.db);
}

async function bearerWorks(token: string) {
  return (await test.call({ method: 'GET', url: '/api/user', token })).statusCode === 200;
}

async function cookieWorks(token: string) {
  const response = await test.call({
    method: 'POST',
    url: '/api/token/resume',
    cookies: { [LOGIN_COOKIE]: token },
  });
  return response.statusCode === 200;
}

describe('session lifetime', () => {
  it('a session used every day ends at its absolute lifetime, by bearer and by cookie', async () => {
    const account = await createAccount(test.database.db);
    const { token } = await loginOn(test, account);
    await age(token, { loginDaysAgo: 6.9, lastUseDaysAgo: 0.5 });
    expect(await bearerWorks(token)).toBe(true);
    expect(await cookieWorks(token)).toBe(true);
    await age(token, { loginDaysAgo: 7.1, lastUseDaysAgo: 0.5 });
    expect(await bearerWorks(token)).toBe(false);
    expect(await cookieWorks(token)).toBe(false);
  });

  it('a session unused for longer than the idle timeout ends, by bearer and by cookie', async () => {
    const account = await createAccount(test.database.db);
    const { token } = await loginOn(test, account);
    await age(token, { loginDaysAgo: 3, lastUseDaysAgo: 2.1 });
    expect(await bearerWorks(token)).toBe(false);
    expect(await cookieWorks(token)).toBe(false);
  });

  it('use slides the idle timeout but never past the absolute lifetime', async () => {
    const account = await createAccount(test.database.db);
    const { token } = await loginOn(test, account);
    await age(token, { loginDaysAgo: 6, lastUseDaysAgo: 1 });
    expect(await bearerWorks(token)).toBe(true);
    const row = await test.database.db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime()).toBeLessThanOrEqual(row.created_at.getTime() + 7 * DAY_MS + 1000);
  });

  it("the Security tab lists each session's expiry: the earlier of idle and absolute ends", async () => {
    const account = await createAccount(test.database.db);
    const here = await loginOn(test, account, randomUUID());
    const before = Date.now();
    const list = await test.call({ method: 'GET', url: '/api/sessions', as: here });
    expect(list.statusCode).toBe(200);
    const [session] = sessionsResponseSchema.parse(list.json()).data;
    const expiresAt = Date.parse(session!.expires_at);
    expect(expiresAt).toBeGreaterThan(before + 1.9 * DAY_MS);
    expect(expiresAt).toBeLessThan(before + 2.1 * DAY_MS);
  });
});
