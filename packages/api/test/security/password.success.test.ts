import {
  changePasswordResponseSchema,
  notificationsResponseSchema,
  securityEventsResponseSchema,
} from '@vestibule/contract/schemas/security';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { bodyText } from '../support/outbox';
import { attemptLogin, sharedTestApp } from '../support/test-app';
import { changePassword, loginOn, stepUpByEmail } from './helpers';

const test = sharedTestApp();

const NEW_PASSWORD = 'Lantern-orbit-meadow-47';

describe('POST /api/user/password', () => {
  it('with a step-up changes the password, ends the other sessions when asked and tells every contact', async () => {
    const account = await createAccount(test.database.db);
    const here = await loginOn(test, account);
    const elsewhere = await loginOn(test, account);
    await stepUpByEmail(test, here.token, account);
    const before = Date.now();
    const response = await changePassword(test, here, account, NEW_PASSWORD, { end_other_sessions: true });
    expect(response.statusCode).toBe(200);
    const body = changePasswordResponseSchema.parse(response.json());
    expect(body).toMatchObject({ sessions_ended: 1, notified: 2 });
    expect(Date.parse(body.last_password_change)).toBeGreaterThanOrEqual(before - 1000);

    // This session goes on; the other one is over; the new password logs in, the old one not.
    expect((await test.call({ method: 'GET', url: '/api/user', token: here.token })).statusCode).toBe(200);
    expect((await test.call({ method: 'GET', url: '/api/user', token: elsewhere.token })).statusCode).toBe(
      401,
    );
    const user = await test.call({ method: 'GET', url: '/api/user', token: here.token });
    expect(user.json().data.last_password_change).toBe(body.last_password_change);
    const oldLogin = await attemptLogin(test, account);
    expect(oldLogin.statusCode).toBe(400);
    await loginOn(test, { ...account, password: NEW_PASSWORD });

    // E-mail and SMS notices in the outbox, an audit row, and the event in the timeline.
    const messages = await test.database.db
      .selectFrom('outbox')
      .select(['channel', 'recipient', 'body_text', 'body_sealed'])
      .where('recipient', 'in', [account.email, account.phone])
      .execute();
    const notices = messages.filter((message) => /password.*changed/s.test(bodyText(message)));
    expect(notices.map((n) => n.channel).sort()).toEqual(['email', 'sms']);
    const timeline = securityEventsResponseSchema.parse(
      (await test.call({ method: 'GET', url: '/api/security/events', as: here })).json(),
    );
    const changed = timeline.data.find((event) => event.kind === 'password.changed');
    expect(changed).toMatchObject({ this_device: true });
    expect(changed?.detail).toMatchObject({ reason: 'settings', sessions_ended: 1 });
  });

  it('keeps the other sessions when the user unticks ending them, and they are notified of the change', async () => {
    const account = await createAccount(test.database.db);
    const here = await loginOn(test, account);
    const elsewhere = await loginOn(test, account);
    await stepUpByEmail(test, here.token, account);
    const response = await changePassword(test, here, account, NEW_PASSWORD, { end_other_sessions: false });
    expect(response.json()).toMatchObject({ sessions_ended: 0 });
    // The other device still works and finds the change in its notification area.
    const notifications = await test.call({ method: 'GET', url: '/api/notifications', as: elsewhere });
    const body = notificationsResponseSchema.parse(notifications.json());
    expect(body.data.map((n) => n.kind)).toContain('password.changed');
  });
});
