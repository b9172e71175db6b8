import { randomUUID } from 'node:crypto';
import {
  notificationsResponseSchema,
  securityEventsResponseSchema,
} from '@vestibule/contract/schemas/security';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { sharedTestApp } from '../support/test-app';
import { IPHONE, loginOn } from './helpers';

const test = sharedTestApp();

const timeline = async (token: string, deviceId: string, query = '') =>
  securityEventsResponseSchema.parse(
    (await test.call({ method: 'GET', url: `/api/security/events${query}`, token, deviceId })).json(),
  );
const notifications = async (token: string, deviceId: string) =>
  notificationsResponseSchema.parse(
    (await test.call({ method: 'GET', url: '/api/notifications', token, deviceId })).json(),
  );

describe('security timeline', () => {
  it('shows sign-ins newest first, marks new devices, and pages by cursor', async () => {
    const account = await createAccount(test.database.db);
    const phone = randomUUID();
    await loginOn(test, account, phone, IPHONE);
    await loginOn(test, account, phone, IPHONE);
    const laptop = await loginOn(test, account);
    const all = await timeline(laptop.token, laptop.deviceId);
    expect(all.data.map((e) => e.kind)).toEqual(['login.succeeded', 'login.succeeded', 'login.succeeded']);
    expect(all.data.map((e) => e.new_device)).toEqual([true, false, true]);
    expect(all.data[0]?.this_device).toBe(true);
    expect(all.data[1]).toMatchObject({ browser: 'Safari 17', os: 'iOS 17.4', this_device: false });
    const first = await timeline(laptop.token, laptop.deviceId, '?limit=2');
    expect(first.data).toHaveLength(2);
    const rest = await timeline(laptop.token, laptop.deviceId, `?limit=2&cursor=${first.next_cursor}`);
    expect(rest.data.map((e) => e.id)).toEqual([all.data[2]?.id]);
    expect(rest.next_cursor).toBeNull();
  });

  it('still names the browser of a sign-in after its session ended', async () => {
    const account = await createAccount(test.database.db);
    const phone = await loginOn(test, account, randomUUID(), IPHONE);
    await test.call({ method: 'POST', url: '/api/logout', token: phone.token, deviceId: phone.deviceId });
    await test.database.db.deleteFrom('sessions').where('user_id', '=', account.id).execute();
    const laptop = await loginOn(test, account);
    const all = await timeline(laptop.token, laptop.deviceId);
    expect(all.data[1]).toMatchObject({ kind: 'login.succeeded', browser: 'Safari 17', os: 'iOS 17.4' });
  });

  it("never shows another user's events nor failed logins", async () => {
    const account = await createAccount(test.database.db);
    const stranger = await createAccount(test.database.db);
    await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: account.email, password: 'wrong' },
    });
    await loginOn(test, stranger);
    const me = await loginOn(test, account);
    const events = await timeline(me.token, me.deviceId);
    expect(events.data).toHaveLength(1);
  });
});

describe('notification area', () => {
  it('counts sign-ins of new devices from elsewhere as unread, until marked read', async () => {
    const account = await createAccount(test.database.db);
    const me = await loginOn(test, account);
    expect((await notifications(me.token, me.deviceId)).unread).toBe(0);
    const phone = randomUUID();
    await loginOn(test, account, phone, IPHONE);
    const listed = await notifications(me.token, me.deviceId);
    expect(listed.unread).toBe(1);
    expect(listed.data[0]).toMatchObject({ kind: 'login.succeeded', new_device: true, read: false });
    const read = await test.call({
      method: 'POST',
      url: '/api/notifications/read',
      token: me.token,
      payload: {},
    });
    expect(read.statusCode).toBe(204);
    const after = await notifications(me.token, me.deviceId);
    expect(after.unread).toBe(0);
    expect(after.data[0]?.read).toBe(true);
    // A second sign-in of a known device is not news.
    await loginOn(test, account, phone, IPHONE);
    expect((await notifications(me.token, me.deviceId)).unread).toBe(0);
  });

  it('up_to never moves the read mark back', async () => {
    const account = await createAccount(test.database.db);
    const me = await loginOn(test, account);
    await loginOn(test, account, randomUUID(), IPHONE);
    await test.call({ method: 'POST', url: '/api/notifications/read', token: me.token, payload: {} });
    await test.call({
      method: 'POST',
      url: '/api/notifications/read',
      token: me.token,
      payload: { up_to: 1 },
    });
    expect((await notifications(me.token, me.deviceId)).unread).toBe(0);
  });
});

describe('POST /api/security/not-me', () => {
  it('ends every session and trusted device, writes an audit row, and a later login works', async () => {
    const account = await createAccount(test.database.db);
    const me = await loginOn(test, account);
    const intruder = await loginOn(test, account, randomUUID(), IPHONE);
    const events = await timeline(me.token, me.deviceId);
    const theirs = events.data.find((e) => !e.this_device);
    const response = await test.call({
      method: 'POST',
      url: '/api/security/not-me',
      token: me.token,
      payload: { event_id: theirs?.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sessions_ended: 2 });
    for (const token of [me.token, intruder.token])
      expect((await test.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
    const again = await loginOn(test, account);
    const after = await timeline(again.token, again.deviceId);
    expect(after.data.map((e) => e.kind)).toContain('security.not_me');
  });

  it('refuses an event of another user (404) and ends nothing', async () => {
    const account = await createAccount(test.database.db);
    const stranger = await createAccount(test.database.db);
    const theirs = await loginOn(test, stranger);
    const strangerEvent = (await timeline(theirs.token, theirs.deviceId)).data[0]?.id;
    const me = await loginOn(test, account);
    const response = await test.call({
      method: 'POST',
      url: '/api/security/not-me',
      token: me.token,
      payload: { event_id: strangerEvent },
    });
    expect(response.statusCode).toBe(404);
    expect((await test.call({ method: 'GET', url: '/api/user', token: me.token })).statusCode).toBe(200);
  });
});
