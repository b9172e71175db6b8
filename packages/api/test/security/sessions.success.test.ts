import { randomUUID } from 'node:crypto';
import { sessionsResponseSchema } from '@vestibule/contract/schemas/security';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { auditEvents } from '../support/rows';
import { sharedTestApp } from '../support/test-app';
import { FIREFOX_WINDOWS, IPHONE, loginOn } from './helpers';

const test = sharedTestApp();

const listSessions = (token: string, deviceId: string, query = '') =>
  test.call({ method: 'GET', url: `/api/sessions${query}`, token, deviceId });

describe('GET /api/sessions', () => {
  it('lists each session with its device, browser, system, status and services', async () => {
    const account = await createAccount(test.database.db);
    const phone = await loginOn(test, account, randomUUID(), IPHONE);
    const laptop = await loginOn(test, account, randomUUID(), FIREFOX_WINDOWS);
    const response = await listSessions(laptop.token, laptop.deviceId);
    expect(response.statusCode).toBe(200);
    const body = sessionsResponseSchema.parse(response.json());
    expect(body.session_count).toBe(2);
    expect(body.device_count).toBe(2);
    expect(body.next_cursor).toBeNull();
    const current = body.data.find((s) => s.device_id === laptop.deviceId);
    const other = body.data.find((s) => s.device_id === phone.deviceId);
    expect(current).toMatchObject({ status: 'current', browser: 'Firefox 128', device_type: 'desktop' });
    expect(current?.os).toMatch(/^Windows/);
    expect(current?.services).toEqual([{ kind: 'portal', name: null }]);
    expect(other).toMatchObject({
      status: 'active',
      device_name: 'iPhone',
      device_type: 'mobile',
      browser: 'Safari 17',
      os: 'iOS 17.4',
      location: null,
      device_session_count: 1,
    });
  });

  it('counts the sessions of a device and gives its first connection', async () => {
    const account = await createAccount(test.database.db);
    const device = randomUUID();
    const first = await loginOn(test, account, device, IPHONE);
    await loginOn(test, account, device, IPHONE);
    const body = sessionsResponseSchema.parse((await listSessions(first.token, device)).json());
    expect(body.session_count).toBe(2);
    expect(body.device_count).toBe(1);
    expect(body.data.map((s) => s.device_session_count)).toEqual([2, 2]);
    const firsts = new Set(body.data.map((s) => s.first_connection_at));
    expect(firsts.size).toBe(1);
  });

  it('pages through 10,000 sessions by cursor, each page of the asked size and without overlap', async () => {
    const account = await createAccount(test.database.db);
    const me = await loginOn(test, account);
    // One statement: 10,000 sessions spread over the last days, some sharing a last-seen instant.
    await sql`
      INSERT INTO sessions (user_id, token_hash, device_id, user_agent, ip, created_at, last_seen_at, expires_at)
      SELECT ${account.id}, 'bulk-' || ${account.id} || '-' || n, gen_random_uuid(), ${FIREFOX_WINDOWS}, '192.0.2.1',
             now() - interval '30 days', now() - (n / 3 + 1) * interval '1 minute', now() + interval '1 day'
      FROM generate_series(1, 10000) AS n`.execute(test.database.db);

    const first = sessionsResponseSchema.parse(
      (await listSessions(me.token, me.deviceId, '?limit=25')).json(),
    );
    expect(first.data).toHaveLength(25);
    expect(first.session_count).toBe(10001);
    expect(first.data[0]?.status).toBe('current');
    expect(first.next_cursor).toEqual(expect.any(String));

    const second = sessionsResponseSchema.parse(
      (await listSessions(me.token, me.deviceId, `?limit=25&cursor=${first.next_cursor}`)).json(),
    );
    expect(second.data).toHaveLength(25);
    const firstIds = new Set(first.data.map((s) => s.id));
    expect(second.data.some((s) => firstIds.has(s.id))).toBe(false);
    // Newest first across the page boundary, ties broken by id.
    const boundary = [first.data.at(-1), second.data[0]].map((s) => [
      Date.parse(s?.last_seen_at ?? ''),
      s?.id ?? 0,
    ]);
    const [a, b] = boundary as [[number, number], [number, number]];
    expect(a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])).toBe(true);

    const defaultPage = sessionsResponseSchema.parse((await listSessions(me.token, me.deviceId)).json());
    expect(defaultPage.data).toHaveLength(20);
  });

  it('walks every session exactly once when they share one last-seen instant', async () => {
    const account = await createAccount(test.database.db);
    const me = await loginOn(test, account);
    await sql`
      INSERT INTO sessions (user_id, token_hash, device_id, ip, last_seen_at, expires_at)
      SELECT ${account.id}, 'tie-' || ${account.id} || '-' || n, gen_random_uuid(), '192.0.2.1',
             timestamptz '2025-01-01 10:00:00.123456+00', now() + interval '1 day'
      FROM generate_series(1, 7) AS n`.execute(test.database.db);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = sessionsResponseSchema.parse((await listSessions(me.token, me.deviceId, query)).json());
      seen.push(...page.data.map((s) => s.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
  });
});

describe('DELETE /api/sessions/{id}', () => {
  it('ends that session: its token is refused on the next call, the other one still works', async () => {
    const account = await createAccount(test.database.db);
    const phone = await loginOn(test, account, randomUUID(), IPHONE);
    const laptop = await loginOn(test, account);
    const body = sessionsResponseSchema.parse((await listSessions(laptop.token, laptop.deviceId)).json());
    const target = body.data.find((s) => s.device_id === phone.deviceId);
    const revoke = await test.call({
      method: 'DELETE',
      url: `/api/sessions/${target?.id}`,
      token: laptop.token,
    });
    expect(revoke.statusCode).toBe(204);
    const refused = await test.call({ method: 'GET', url: '/api/user', as: phone });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('unauthorized');
    const still = await test.call({ method: 'GET', url: '/api/user', token: laptop.token });
    expect(still.statusCode).toBe(200);
    const events = await auditEvents(test.database.db, account.id, 'session.revoked');
    expect(events).toHaveLength(1);
    expect(events[0]?.detail).toMatchObject({ session_id: target?.id, current: false });
  });
});

describe('POST /api/sessions/logout-all', () => {
  it('ends every session of the user, this one included, and writes one audit row', async () => {
    const account = await createAccount(test.database.db);
    const other = await createAccount(test.database.db);
    const a = await loginOn(test, account);
    const b = await loginOn(test, account);
    const bystander = await loginOn(test, other);
    const response = await test.call({ method: 'POST', url: '/api/sessions/logout-all', token: a.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sessions_ended: 2 });
    for (const session of [a, b]) {
      const call = await test.call({ method: 'GET', url: '/api/user', token: session.token });
      expect(call.statusCode).toBe(401);
    }
    const untouched = await test.call({ method: 'GET', url: '/api/user', token: bystander.token });
    expect(untouched.statusCode).toBe(200);
    const audit = await auditEvents(test.database.db, account.id, 'session.revoked_all');
    expect(audit.map((row) => row.detail)).toEqual([{ sessions_ended: 2 }]);
  });
});
