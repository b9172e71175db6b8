import {
  forgotPasswordResponseSchema,
  resetCodeResponseSchema,
  resetPasswordResponseSchema,
} from '@vestibule/contract/schemas/recovery';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMfaAccount } from '../mfa/helpers';
import { createAccount } from '../support/accounts';
import { countRows } from '../support/rows';
import { login, sharedTestApp } from '../support/test-app';
import {
  type Extra,
  forgotPassword,
  latestCodeTo,
  messagesTo,
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

const NEW_PASSWORD = 'Lantern-orbit-meadow-42';

describe('POST /api/user/forgot-password (happy paths)', () => {
  it('sends an 8-digit code to the verified e-mail typed and answers it masked', async () => {
    const account = await createAccount(test.database.db);
    const response = await forgotPassword(test, account.email.toUpperCase(), extra);
    expect(response.statusCode).toBe(200);
    const body = forgotPasswordResponseSchema.parse(response.json());
    expect(body).toMatchObject({ technology: 'EMAIL', code_length: 8, resend_in: 15 });
    expect(body.recipient).toEqual([`u***@test.example`]);
    const [message] = await messagesTo(test.database.db, account.email);
    expect(message?.channel).toBe('email');
    expect(message?.body_text).toMatch(/\b\d{8}\b/);
  });

  it('POST /api/user/forgot-password with an unknown e-mail answers like a known one', async () => {
    const account = await createAccount(test.database.db);
    const known = await forgotPassword(test, account.email, extra);
    const unknown = await forgotPassword(test, 'nobody-at-all@test.example', extra);
    expect(unknown.statusCode).toBe(known.statusCode);
    const a = forgotPasswordResponseSchema.parse(known.json());
    const b = forgotPasswordResponseSchema.parse(unknown.json());
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect({ ...b, payload: 'x', expires_at: 'x', recipient: b.recipient.length }).toEqual({
      ...a,
      payload: 'x',
      expires_at: 'x',
      recipient: a.recipient.length,
    });
    expect(b.recipient[0]).toBe('n***@test.example');
    expect(await messagesTo(test.database.db, 'nobody-at-all@test.example')).toEqual([]);
  });

  it('sends the code by SMS when a phone is typed, in the national format too', async () => {
    const account = await createAccount(test.database.db);
    const national = `0${account.phone.slice(3)}`;
    const response = await forgotPassword(test, national, extra);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ technology: 'SMS' });
    expect(response.json().recipient[0]).toMatch(/^\+32 \*\*\* \*\* \*\* \d\d$/);
    const [message] = await messagesTo(test.database.db, account.phone);
    expect(message?.channel).toBe('sms');
  });

  it('verifies the code, resets the password, and the new password logs in', async () => {
    const account = await createAccount(test.database.db);
    const started = await forgotPassword(test, account.email, extra);
    const code = await latestCodeTo(test.database.db, account.email);
    const verified = await verifyResetCode(test, started.json().payload, code, extra);
    expect(verified.statusCode).toBe(200);
    const grant = resetCodeResponseSchema.parse(verified.json());
    const reset = await resetPassword(test, grant.reset_token, NEW_PASSWORD, extra);
    expect(reset.statusCode).toBe(200);
    expect(resetPasswordResponseSchema.parse(reset.json())).toBe(true);
    await expect(login(test, account.email, NEW_PASSWORD)).resolves.toBeTypeOf('string');
    const old = await post(test, '/api/token', { username: account.email, password: account.password });
    expect(old.statusCode).toBe(400);
    const user = await test.database.db
      .selectFrom('users')
      .select(['password_status', 'last_password_change'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user.password_status).toBe(0);
    expect(Date.now() - new Date(user.last_password_change as Date).getTime()).toBeLessThan(60_000);
  });

  it('ends every session of the user, and the next login still asks for MFA', async () => {
    const account = await createMfaAccount(test.database.db, ['email', 'sms']);
    // A session opened before, straight in the database (MFA login is tested elsewhere).
    const { createSession } = await import('../../src/security/session.queries');
    const before = await createSession(test.database.db, {
      userId: account.id,
      deviceId: crypto.randomUUID(),
      userAgent: 'test',
      ip: '10.0.0.1',
    });
    await test.database.db
      .insertInto('trusted_devices')
      .values({
        user_id: account.id,
        device_id: crypto.randomUUID(),
        user_agent: null,
        ip: null,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    expect((await test.call({ method: 'GET', url: '/api/user', token: before.token })).statusCode).toBe(200);

    const token = await resetTokenFor(test, account.email, account.email, extra);
    expect((await resetPassword(test, token, NEW_PASSWORD, extra)).statusCode).toBe(200);

    expect((await test.call({ method: 'GET', url: '/api/user', token: before.token })).statusCode).toBe(401);
    expect(await countRows(test.database.db, 'sessions', account.id)).toBe(0);
    const devices = await test.database.db
      .selectFrom('trusted_devices')
      .select('id')
      .where('user_id', '=', account.id)
      .execute();
    expect(devices).toEqual([]);
    const next = await post(test, '/api/token', { username: account.email, password: NEW_PASSWORD });
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('mfa_required');
  });

  it('tells every verified contact that the password changed, with the way to report it', async () => {
    const account = await createAccount(test.database.db);
    const token = await resetTokenFor(test, account.phone, account.phone, extra);
    expect((await resetPassword(test, token, NEW_PASSWORD, extra)).statusCode).toBe(200);
    const [mail] = await messagesTo(test.database.db, account.email);
    const [sms] = await messagesTo(test.database.db, account.phone);
    expect(mail?.subject).toBe('Vestibule: your password was changed');
    expect(mail?.body_text).toContain('http://localhost:3000/forgot-password');
    expect(sms?.body_text).toMatch(/password was changed/);
    expect(sms?.body_text).not.toMatch(/https?:|forgot-password/);
  });

  it('writes audit rows for the request, the code and the reset', async () => {
    const account = await createAccount(test.database.db);
    const token = await resetTokenFor(test, account.email, account.email, extra);
    await resetPassword(test, token, NEW_PASSWORD, extra);
    const kinds = await test.database.db
      .selectFrom('audit_events')
      .select('kind')
      .where('user_id', '=', account.id)
      .orderBy('id')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual([
      'password.reset_requested',
      'password.reset_code_verified',
      'password.reset',
    ]);
  });

  it('resends by SMS after the countdown, to the account phone, and the e-mail code dies', async () => {
    const account = await createAccount(test.database.db);
    const started = await forgotPassword(test, account.email, extra);
    const payload = started.json().payload as string;
    const emailCode = await latestCodeTo(test.database.db, account.email);
    await test.database.db
      .updateTable('code_challenges')
      .set({ last_sent_at: new Date(Date.now() - 16_000) })
      .where('id', '=', payload)
      .execute();
    const resent = await post(
      test,
      '/api/user/forgot-password/resend',
      { payload, technology: 'SMS' },
      extra,
    );
    expect(resent.statusCode).toBe(200);
    // The account's phone is not disclosed: the user typed an e-mail.
    expect(resent.json()).toMatchObject({ technology: 'SMS', recipient: [], payload, resend_in: 30 });
    const smsCode = await latestCodeTo(test.database.db, account.phone);
    expect(smsCode).not.toBe(emailCode);
    expect((await verifyResetCode(test, payload, emailCode, extra)).statusCode).toBe(422);
    expect((await verifyResetCode(test, payload, smsCode, extra)).statusCode).toBe(200);
  });

  it('works in the Luxembourg edition on its host', async () => {
    const account = await createAccount(test.database.db, { edition: 'lu' });
    const lu = { ...extra, host: 'lu.localhost:3000' };
    const token = await resetTokenFor(test, account.email, account.email, lu);
    expect((await resetPassword(test, token, NEW_PASSWORD, lu)).statusCode).toBe(200);
    await expect(login(test, account.email, NEW_PASSWORD, 'lu.localhost:3000')).resolves.toBeTypeOf('string');
  });
});
