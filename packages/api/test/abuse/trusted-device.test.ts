import { randomUUID } from 'node:crypto';
import { TRUSTED_DEVICE_COOKIE_BASE_NAME, TRUSTED_DEVICE_TTL_SECONDS } from '@vestibule/contract/constants';
import { trustedDevicesResponseSchema } from '@vestibule/contract/schemas/mfa';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../src/security/tokens';
import {
  createMfaAccount,
  latestCode,
  type MfaAccount,
  passwordStep,
  startChallenge,
  verifyCode,
} from '../mfa/helpers';
import { PRODUCTION_APP_ENV } from '../support/production-env';
import { attemptLogin, sharedTestApp, type TestApp } from '../support/test-app';
import { setCookies } from './helpers';

/**
 * "Trust this device" (security review): the X-Device-ID is an identifier any script of the page
 * can read, so it never skips MFA alone. The trust is a secret in an HttpOnly cookie, set at the
 * MFA login, stored hashed, bound to the account, rotated at each use and dead with its row.
 */

const test = sharedTestApp();
// One proxy in front (production refuses TRUST_PROXY=true: any client could write its address).
const production = sharedTestApp({ ...PRODUCTION_APP_ENV, TRUST_PROXY: '1' });

/** An MFA login with "trust this device" from `deviceId`: the verify answer. */
async function trustedLogin(app: TestApp, account: MfaAccount, deviceId: string, host?: string) {
  const call: TestApp = { ...app, call: (options) => app.call({ host, ...options }) };
  const flow = await passwordStep(call, account, deviceId);
  const started = await startChallenge(
    call,
    { mfaId: account.methods.email!, payload: flow.payload },
    { deviceId },
  );
  const code = await latestCode(app.database.db, account.email);
  const verified = await verifyCode(
    call,
    { payload: started.json().payload, code, isTrustedDevice: true },
    { deviceId },
  );
  expect(verified.statusCode, verified.body).toBe(200);
  return verified;
}

function deviceCookie(response: Parameters<typeof setCookies>[0]) {
  return setCookies(response).find((cookie) => cookie.name === TRUSTED_DEVICE_COOKIE_BASE_NAME);
}

function passwordLogin(account: MfaAccount, deviceId: string, secret?: string) {
  return attemptLogin(test, account, {
    deviceId,
    ...(secret ? { cookies: { [TRUSTED_DEVICE_COOKIE_BASE_NAME]: secret } } : {}),
  });
}

describe('trusted device', () => {
  it('the password and a trusted X-Device-ID alone (read by a page script) still need MFA', async () => {
    const account = await createMfaAccount(test.database.db, ['email', 'sms']);
    const device = randomUUID();
    await trustedLogin(test, account, device);
    const stolen = await passwordLogin(account, device);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().code).toBe('mfa_required');
  });

  it('the secret is an HttpOnly, SameSite=Lax, host-only cookie on /api, kept hashed on the row', async () => {
    const account = await createMfaAccount(test.database.db, ['email', 'sms']);
    const cookie = deviceCookie(await trustedLogin(test, account, randomUUID()));
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.flags.has('httponly')).toBe(true);
    expect(cookie?.flags.get('samesite')).toBe('Lax');
    expect(cookie?.flags.get('path')).toBe('/api');
    expect(cookie?.flags.has('domain')).toBe(false);
    expect(cookie?.flags.has('secure')).toBe(false);
    expect(cookie?.flags.get('max-age')).toBe(String(TRUSTED_DEVICE_TTL_SECONDS));
    const row = await test.database.db
      .selectFrom('trusted_devices')
      .select('secret_hash')
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashToken(cookie?.value ?? ''));
  });

  it('in production it is Secure and stays on the portal host, never on the parent domain of the login cookie', async () => {
    const account = await createMfaAccount(production.database.db, ['email', 'sms']);
    const verified = await trustedLogin(production, account, randomUUID(), 'account.example.com');
    const cookie = deviceCookie(verified);
    expect(cookie?.flags.has('secure')).toBe(true);
    expect(cookie?.flags.has('domain')).toBe(false);
  });

  it('with its cookie the device skips MFA once per secret: the secret rotates and a copy is refused', async () => {
    const account = await createMfaAccount(test.database.db, ['email', 'sms']);
    const device = randomUUID();
    const first = deviceCookie(await trustedLogin(test, account, device))?.value as string;
    const trusted = await passwordLogin(account, device, first);
    expect(trusted.statusCode, trusted.body).toBe(200);
    const rotated = deviceCookie(trusted)?.value;
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(first);
    const replayed = await passwordLogin(account, device, first);
    expect(replayed.json().code).toBe('mfa_required');
    expect((await passwordLogin(account, device, rotated)).statusCode).toBe(200);
  });

  it('two logins racing with one secret: one skips MFA, the other is asked for it', async () => {
    const account = await createMfaAccount(test.database.db, ['email', 'sms']);
    const device = randomUUID();
    const secret = deviceCookie(await trustedLogin(test, account, device))?.value as string;
    const answers = await Promise.all([
      passwordLogin(account, device, secret),
      passwordLogin(account, device, secret),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('the secret is bound to its account and its device id', async () => {
    const owner = await createMfaAccount(test.database.db, ['email', 'sms']);
    const other = await createMfaAccount(test.database.db, ['email', 'sms']);
    const device = randomUUID();
    const secret = deviceCookie(await trustedLogin(test, owner, device))?.value as string;
    expect((await passwordLogin(other, device, secret)).json().code).toBe('mfa_required');
    expect((await passwordLogin(owner, randomUUID(), secret)).json().code).toBe('mfa_required');
    expect((await passwordLogin(owner, device, secret)).statusCode).toBe(200);
  });

  it('revoking the device kills its secret and clears this browser’s cookie', async () => {
    const account = await createMfaAccount(test.database.db, ['email', 'sms']);
    const device = randomUUID();
    const verified = await trustedLogin(test, account, device);
    const secret = deviceCookie(verified)?.value as string;
    const token = verified.json().access_token as string;
    const { data } = trustedDevicesResponseSchema.parse(
      (await test.call({ method: 'GET', url: '/api/mfa/trusted-devices', token, deviceId: device })).json(),
    );
    const revoked = await test.call({
      method: 'DELETE',
      url: `/api/mfa/trusted-devices/${data[0]?.id}`,
      token,
      deviceId: device,
    });
    expect(revoked.statusCode).toBe(204);
    expect(deviceCookie(revoked)?.value).toBe('');
    expect((await passwordLogin(account, device, secret)).json().code).toBe('mfa_required');
  });
});
