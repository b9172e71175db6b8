import { randomUUID } from 'node:crypto';
import { TRUSTED_DEVICE_COOKIE_BASE_NAME } from '@vestibule/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMfaAccount, trustedDeviceCookieOf } from '../mfa/helpers';
import {
  authorize,
  Browser,
  exchangeCode,
  type ListeningApp,
  listeningApp,
  pkcePair,
  refresh,
  registerClient,
} from '../oauth/helpers';
import { resetPassword, resetTokenFor } from '../recovery/helpers';
import { loginOn, stepUpByEmail } from '../security/helpers';
import { createAccount, type TestAccount } from '../support/accounts';
import { attemptLogin, createTestApp, type TestApp } from '../support/test-app';
import { LOGIN_COOKIE, sessionOf, setCookies, tokenWorks, trustDeviceRow } from './helpers';

/**
 * Revocation: every way a session, a trusted device or an OAuth grant ends takes
 * effect on the very next request — the bearer token, the login cookie traded at
 * /api/token/resume, the portal session behind silent OAuth authorizations, and another instance
 * of the server on the same database. No cache keeps a revoked credential alive.
 */

let test: ListeningApp;
let other: TestApp;
beforeAll(async () => {
  test = await listeningApp();
  // A second instance on the same database: revocation must not wait for any cache there.
  other = await createTestApp();
});
afterAll(async () => {
  await test.app.close();
  await other.app.close();
});

/** Whether the token is dead everywhere: bearer on both instances, and as the login cookie. */
async function expectDead(token: string) {
  expect(await tokenWorks(test, token)).toBe(false);
  expect(await tokenWorks(other, token)).toBe(false);
  const resumed = await test.call({
    method: 'POST',
    url: '/api/token/resume',
    cookies: { [LOGIN_COOKIE]: token },
  });
  // Nothing to resume: 204 without a token (decision 0056), as for a visitor without a cookie.
  expect(resumed.statusCode).toBe(204);
  expect(resumed.body).toBe('');
  expect(await sessionOf(test.database.db, token)).toBeUndefined();
}

async function expectAlive(token: string) {
  expect(await tokenWorks(test, token)).toBe(true);
  expect(await tokenWorks(other, token)).toBe(true);
}

/** Two sessions of one account, on two devices; both used on both instances first (warm). */
async function twoSessions(account?: TestAccount) {
  const owner = account ?? (await createAccount(test.database.db));
  const a = await loginOn(test, owner);
  const b = await loginOn(test, owner);
  await expectAlive(a.token);
  await expectAlive(b.token);
  return { owner, a, b };
}

function clearsLoginCookie(response: Parameters<typeof setCookies>[0]) {
  const cookie = setCookies(response).find((c) => c.name === LOGIN_COOKIE);
  expect(cookie?.value ?? '').toBe('');
  expect(cookie?.flags.get('max-age') === '0' || /1970/.test(cookie?.flags.get('expires') ?? '')).toBe(true);
}

describe('revocation takes effect at once', () => {
  it('logout (DELETE /api/token) kills the token and the cookie; the other session lives', async () => {
    const { a, b } = await twoSessions();
    const response = await test.call({ method: 'DELETE', url: '/api/token', as: a });
    expect(response.statusCode).toBe(204);
    clearsLoginCookie(response);
    await expectDead(a.token);
    await expectAlive(b.token);
  });

  it('ending one session from another device (DELETE /api/sessions/{id})', async () => {
    const { a, b } = await twoSessions();
    const id = (await sessionOf(test.database.db, b.token))!.id;
    const response = await test.call({ method: 'DELETE', url: `/api/sessions/${id}`, token: a.token });
    expect(response.statusCode).toBe(204);
    await expectDead(b.token);
    await expectAlive(a.token);
  });

  it('global logout (POST /api/sessions/logout-all) ends every session, this one too', async () => {
    const { a, b } = await twoSessions();
    const response = await test.call({ method: 'POST', url: '/api/sessions/logout-all', token: a.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().sessions_ended).toBe(2);
    clearsLoginCookie(response);
    await expectDead(a.token);
    await expectDead(b.token);
  });

  it('"this was not me" ends every session and trusted device: the next login asks for MFA again', async () => {
    const owner = await createMfaAccount(test.database.db, ['email', 'sms']);
    const device = randomUUID();
    const secret = await trustDeviceRow(test.database.db, owner.id, device);
    const a = await loginOn(test, owner, device, undefined, { [TRUSTED_DEVICE_COOKIE_BASE_NAME]: secret });
    const b = await loginOn(test, owner, device, undefined, {
      [TRUSTED_DEVICE_COOKIE_BASE_NAME]: trustedDeviceCookieOf(a.response) ?? '',
    });
    const response = await test.call({
      method: 'POST',
      url: '/api/security/not-me',
      token: a.token,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    await expectDead(a.token);
    await expectDead(b.token);
    const again = await attemptLogin(test, owner, {
      deviceId: device,
      cookies: { [TRUSTED_DEVICE_COOKIE_BASE_NAME]: trustedDeviceCookieOf(b.response) ?? '' },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('mfa_required');
  });

  it('revoking a trusted device (DELETE /api/mfa/trusted-devices/{id}) brings MFA back on it at once', async () => {
    const owner = await createMfaAccount(test.database.db, ['email', 'sms']);
    const device = randomUUID();
    const secret = await trustDeviceRow(test.database.db, owner.id, device);
    const { token, response: login } = await loginOn(test, owner, device, undefined, {
      [TRUSTED_DEVICE_COOKIE_BASE_NAME]: secret,
    });
    const row = await test.database.db
      .selectFrom('trusted_devices')
      .select('id')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const response = await test.call({ method: 'DELETE', url: `/api/mfa/trusted-devices/${row.id}`, token });
    expect(response.statusCode).toBe(204);
    const again = await attemptLogin(other, owner, {
      deviceId: device,
      cookies: { [TRUSTED_DEVICE_COOKIE_BASE_NAME]: trustedDeviceCookieOf(login) ?? '' },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('mfa_required');
  });

  it('a password change that ends the other sessions ends them at once; the current one stays', async () => {
    const { owner, a, b } = await twoSessions();
    await stepUpByEmail(test, a.token, owner);
    const response = await test.call({
      method: 'POST',
      url: '/api/user/password',
      token: a.token,
      payload: {
        current_password: owner.password,
        password: 'Quiet-harbour-lantern-77',
        end_other_sessions: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().sessions_ended).toBe(1);
    await expectDead(b.token);
    await expectAlive(a.token);
  });

  it('a password reset ends every session and trusted device of the account', async () => {
    const { owner, a, b } = await twoSessions();
    await test.database.db
      .insertInto('trusted_devices')
      .values({ user_id: owner.id, device_id: a.deviceId, expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    const device = { deviceId: randomUUID() };
    const resetToken = await resetTokenFor(test, owner.email, owner.email, device);
    const response = await resetPassword(test, resetToken, 'Quiet-harbour-lantern-77', device);
    expect(response.statusCode, response.body).toBe(200);
    await expectDead(a.token);
    await expectDead(b.token);
    const devices = await test.database.db
      .selectFrom('trusted_devices')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(devices).toEqual([]);
  });

  it('replacing a weak password ends the other sessions', async () => {
    const owner = await createAccount(test.database.db);
    await test.database.db
      .updateTable('users')
      .set({ password_status: 1 })
      .where('id', '=', owner.id)
      .execute();
    const { a, b } = await twoSessions(owner);
    const response = await test.call({
      method: 'POST',
      url: '/api/user/weak-password',
      token: a.token,
      payload: { password: 'Quiet-harbour-lantern-77' },
    });
    expect(response.statusCode, response.body).toBe(204);
    await expectDead(b.token);
    await expectAlive(a.token);
  });

  it('a locked account’s sessions are refused at once', async () => {
    const { owner, a } = await twoSessions();
    await test.database.db
      .updateTable('users')
      .set({ locked_at: new Date() })
      .where('id', '=', owner.id)
      .execute();
    expect(await tokenWorks(test, a.token)).toBe(false);
    expect(await tokenWorks(other, a.token)).toBe(false);
    const resumed = await test.call({
      method: 'POST',
      url: '/api/token/resume',
      cookies: { [LOGIN_COOKIE]: a.token },
    });
    expect(resumed.statusCode).toBe(204);
    expect(resumed.body).toBe('');
  });
});

describe('OAuth revocation takes effect at once', () => {
  async function grantedTokens() {
    const client = await registerClient(test.database.db);
    const account = await createAccount(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    const { code, verifier } = await authorize(browser, client, { scope: 'openid profile offline_access' });
    const tokens = await exchangeCode(test.origin, client, code, verifier);
    expect(tokens.status).toBe(200);
    const access = tokens.body.access_token as string;
    expect(
      (await fetch(`${test.origin}/oauth/me`, { headers: { authorization: `Bearer ${access}` } })).status,
    ).toBe(200);
    return { client, browser, access, refreshToken: tokens.body.refresh_token as string };
  }

  async function introspect(client: { clientId: string; secret?: string }, token: string) {
    const response = await fetch(`${test.origin}/oauth/token/introspection`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token }),
    });
    return (await response.json()) as { active: boolean };
  }

  it('revoking an application in /user/access (DELETE /api/token/{client_id}) kills its access and refresh tokens', async () => {
    const { client, browser, access, refreshToken } = await grantedTokens();
    expect((await browser.api(`/token/${client.clientId}`, { method: 'DELETE' })).status).toBe(204);
    expect(
      (await fetch(`${test.origin}/oauth/me`, { headers: { authorization: `Bearer ${access}` } })).status,
    ).toBe(401);
    expect((await introspect(client, access)).active).toBe(false);
    expect((await introspect(client, refreshToken)).active).toBe(false);
    expect((await refresh(test.origin, client, refreshToken)).body.error).toBe('invalid_grant');
  });

  it('the revocation endpoint ends a refresh token and the grant behind it', async () => {
    const { client, access, refreshToken } = await grantedTokens();
    const response = await fetch(`${test.origin}/oauth/token/revocation`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token' }),
    });
    expect(response.status).toBe(200);
    expect((await refresh(test.origin, client, refreshToken)).body.error).toBe('invalid_grant');
    expect((await introspect(client, refreshToken)).active).toBe(false);
    expect((await introspect(client, access)).active).toBe(false);
  });

  it('after logout the old login cookie no longer authorizes silently: the consent screen comes back', async () => {
    const { client, browser } = await grantedTokens();
    const query = () =>
      new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        response_type: 'code',
        scope: 'openid profile',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      });
    // With the live portal session, the granted client gets its code at once.
    const silent = await browser.fetch(`/oauth/auth?${query()}`);
    expect(silent.status).toBe(303);
    expect(new URL(silent.headers.get('location')!).searchParams.get('code')).toBeTruthy();
    const cookie = browser.cookies.get(LOGIN_COOKIE)!;
    expect((await browser.api('/token', { method: 'DELETE' })).status).toBe(204);
    // A browser (or a thief) that kept the old cookie value gets nothing from it.
    browser.cookies.set(LOGIN_COOKIE, cookie);
    const after = await browser.fetch(`/oauth/auth?${query()}`);
    expect(after.status).toBe(303);
    const location = new URL(after.headers.get('location')!, test.origin);
    expect(location.origin).toBe(test.origin);
    expect(location.pathname).toBe('/approve');
    expect(location.searchParams.get('code')).toBeNull();
  });
});
