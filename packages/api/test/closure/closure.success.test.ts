import { closureResponseSchema } from '@vestibule/contract/schemas/closure';
import { describe, expect, it } from 'vitest';
import { eraseDueAccounts } from '../../src/flows/closure/erase';
import { createMfaAccount, loginWithSms } from '../mfa/helpers';
import { messagesTo, profileSession } from '../profile/helpers';
import { auditKinds, countRows } from '../support/rows';
import { attemptLogin, sharedTestApp } from '../support/test-app';
import { cancelClosure, cancelTokenSentTo, endGracePeriod, requestClosure } from './helpers';

/** Closing an account: grace period, keeping it by link or at sign-in, erasure after it. */

const test = sharedTestApp();

describe('POST /api/user/closure', () => {
  it('starts a 14-day grace period: every session ends, the e-mail carries the cancel link, audited', async () => {
    const { account, token } = await profileSession(test);
    const before = Date.now();
    const response = await requestClosure(test, token);
    expect(response.statusCode, response.body).toBe(200);
    const { closes_at } = closureResponseSchema.parse(response.json());
    const days = (new Date(closes_at).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
    expect(await countRows(test.database.db, 'sessions', account.id)).toBe(0);
    expect((await test.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
    const [mail] = await messagesTo(test, account.email);
    expect(mail?.subject).toContain('your account will be closed on');
    expect(mail?.body_text).toContain('Your card and its balance are not affected');
    expect(await cancelTokenSentTo(test, account.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [sms] = await messagesTo(test, account.phone);
    expect(sms?.body_text).toContain('your account will be closed on');
    expect(await auditKinds(test.database.db, account.id)).toContain('account.closure_requested');
  });

  it('a sign-in during the grace period answers 409 account_closing with a ticket that keeps the account', async () => {
    const { account, token } = await profileSession(test);
    expect((await requestClosure(test, token)).statusCode).toBe(200);
    const signIn = await attemptLogin(test, account);
    expect(signIn.statusCode).toBe(409);
    const body = signIn.json();
    expect(body.code).toBe('account_closing');
    expect(body.access_token).toBeUndefined();
    expect(typeof body.closure.ticket).toBe('string');
    const kept = await cancelClosure(test, { ticket: body.closure.ticket });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ cancelled: true });
    // Kept: the next sign-in goes on to the second factor as before.
    const again = await attemptLogin(test, account);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('mfa_required');
    expect(await auditKinds(test.database.db, account.id)).toContain('account.closure_cancelled');
  });

  it('the e-mail link keeps the account; the account can close again afterwards', async () => {
    const { account, token } = await profileSession(test);
    expect((await requestClosure(test, token)).statusCode).toBe(200);
    const link = await cancelTokenSentTo(test, account.email);
    expect((await cancelClosure(test, { token: link })).statusCode).toBe(200);
    const user = await test.database.db
      .selectFrom('users')
      .select('closes_at')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user.closes_at).toBeNull();
  });
});

describe('erasure after the grace period', () => {
  it('is not done before the grace period ends, and is done once it has, with user.deleted for the webhooks', async () => {
    const { account, token } = await profileSession(test);
    const { db } = test.database;
    const subscription = await db
      .insertInto('webhook_subscriptions')
      .values({
        url: 'https://receiver.example/hook',
        event_types: ['user.deleted'],
        secret_sealed: 'unused',
        secret_hash: `closure-${account.id}-${Date.now()}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await requestClosure(test, token)).statusCode).toBe(200);
    await eraseDueAccounts(db);
    const waiting = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(waiting.erased_at).toBeNull();
    expect(waiting.firstname).not.toBeNull();

    await endGracePeriod(test, account.id);
    expect(await eraseDueAccounts(db)).toBeGreaterThanOrEqual(1);
    const erased = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(erased.erased_at).not.toBeNull();
    expect(erased.password_hash).toBeNull();
    expect(erased.firstname).toBeNull();
    expect(await auditKinds(test.database.db, account.id)).toContain('account.deleted');
    const deliveries = await db
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'payload'])
      .where('subscription_id', '=', subscription.id)
      .execute();
    expect(deliveries.map((row) => row.event_type)).toEqual(['user.deleted']);
    expect(JSON.stringify(deliveries[0]?.payload)).toContain(`"account_id":${account.id}`);
    await db.deleteFrom('webhook_subscriptions').where('id', '=', subscription.id).execute();

    const signIn = await attemptLogin(test, account);
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().code).toBe('invalid_credentials');
  });

  it('a cancelled closure is never erased', async () => {
    const account = await createMfaAccount(test.database.db, ['sms', 'email']);
    const token = await loginWithSms(test, account);
    expect((await requestClosure(test, token)).statusCode).toBe(200);
    const link = await cancelTokenSentTo(test, account.email);
    expect((await cancelClosure(test, { token: link })).statusCode).toBe(200);
    await test.database.db
      .updateTable('account_closures')
      .set({ erase_after: new Date(Date.now() - 60_000) })
      .where('user_id', '=', account.id)
      .execute();
    await eraseDueAccounts(test.database.db);
    const user = await test.database.db
      .selectFrom('users')
      .select(['erased_at', 'firstname'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ erased_at: null, firstname: 'Test' });
  });
});
