import { randomUUID } from 'node:crypto';
import { sessionCheckResponseSchema } from '@vestibule/contract/schemas/security';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { sharedTestApp } from '../support/test-app';
import { loginOn } from './helpers';

// GET /api/session: the SPA's light check that its session is still alive (issue: a session ended
// elsewhere kept showing personal data), with the time left before the idle end.

const test = sharedTestApp();

const check = (token: string, deviceId: string) =>
  test.call({ method: 'GET', url: '/api/session', token, deviceId });

async function lastSeen(deviceId: string) {
  const row = await test.database.db
    .selectFrom('sessions')
    .select('last_seen_at')
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return new Date(row.last_seen_at).getTime();
}

describe('GET /api/session', () => {
  it('answers the seconds left before the idle end, without counting as activity', async () => {
    const account = await createAccount(test.database.db);
    const session = await loginOn(test, account, randomUUID());
    const idle = test.app.ctx.config.sessionIdleSeconds;
    // Last used ten minutes ago: the check says so and leaves the last use where it was.
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    await test.database.db
      .updateTable('sessions')
      .set({ last_seen_at: tenMinutesAgo })
      .where('device_id', '=', session.deviceId)
      .execute();
    const response = await check(session.token, session.deviceId);
    expect(response.statusCode, response.body).toBe(200);
    const { seconds_left } = sessionCheckResponseSchema.parse(response.json());
    expect(seconds_left).toBeGreaterThan(idle - 600 - 5);
    expect(seconds_left).toBeLessThanOrEqual(idle - 600);
    expect(await lastSeen(session.deviceId)).toBe(tenMinutesAgo.getTime());
  });

  it('answers 401 once the session was ended from another device', async () => {
    const account = await createAccount(test.database.db);
    const here = await loginOn(test, account, randomUUID());
    const there = await loginOn(test, account, randomUUID());
    expect((await check(here.token, here.deviceId)).statusCode).toBe(200);
    const ended = await test.call({ method: 'POST', url: '/api/sessions/logout-all', as: there });
    expect(ended.statusCode, ended.body).toBeLessThan(300);
    const after = await check(here.token, here.deviceId);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthorized');
  });
});
