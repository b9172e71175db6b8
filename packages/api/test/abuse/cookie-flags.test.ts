import { randomUUID } from 'node:crypto';
import { LOGIN_COOKIE_MAX_AGE_SECONDS } from '@vestibule/contract/constants';
import type { Response as InjectResponse } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/security/session.queries';
import { createMfaAccount, latestCode, passwordStep, startChallenge, verifyCode } from '../mfa/helpers';
import { pkcePair, registerClient } from '../oauth/helpers';
import { createAccount } from '../support/accounts';
import { PRODUCTION_APP_ENV } from '../support/production-env';
import { attemptLogin, createTestApp, login, sharedTestApp, type TestApp } from '../support/test-app';
import { fillPath, LOGIN_COOKIE, ROUTES, setCookies } from './helpers';

/**
 * Cookie flags: every cookie the server sets — the login cookie at password and MFA
 * login, its clearing at logout, session deletion, global logout and "not me", and the
 * authorization server's interaction and session cookies — is HttpOnly and SameSite=Lax (or
 * Strict), Path=/, Secure in production, scoped to the portal host (or its parent domain on
 * account.<domain>), and cleared with the attributes it was set with. No other route sets one.
 */

const test = sharedTestApp();
const production = sharedTestApp({ ...PRODUCTION_APP_ENV, TRUST_PROXY: '1' });

type Cookie = ReturnType<typeof setCookies>[number];

/** The flags every cookie of the portal must have. */
function expectSafeFlags(cookie: Cookie, options: { secure: boolean; what: string }) {
  const what = `${options.what}: ${cookie.line}`;
  expect(cookie.flags.has('httponly'), what).toBe(true);
  expect(['lax', 'strict'], what).toContain(cookie.flags.get('samesite')?.toLowerCase());
  expect(cookie.flags.get('path'), what).toBe('/');
  expect(cookie.flags.has('secure'), what).toBe(options.secure);
}

function loginCookie(response: InjectResponse) {
  const cookie = setCookies(response).find((c) => c.name.endsWith(LOGIN_COOKIE));
  expect(cookie, `no login cookie in ${response.statusCode} ${response.body.slice(0, 200)}`).toBeDefined();
  return cookie!;
}

/** Every way the login cookie is set or cleared, on an app and host. */
async function loginCookieEvents(app: TestApp, host?: string, headers: Record<string, string> = {}) {
  const events: { what: string; response: InjectResponse; cleared: boolean }[] = [];
  // The app as a browser on `host` sees it (behind a TLS proxy in production).
  const proxied: TestApp = {
    ...app,
    call: (options) => app.call({ host, ...options, headers: { ...headers, ...options.headers } }),
  };
  const call = proxied.call;
  const account = await createAccount(app.database.db);
  const credentials = { username: account.email, password: account.password };
  const password = await call({ method: 'POST', url: '/api/token', payload: credentials });
  events.push({ what: 'password login', response: password, cleared: false });

  const mfa = await createMfaAccount(app.database.db, ['email', 'sms']);
  const deviceId = randomUUID();
  const flow = await passwordStep(proxied, mfa, deviceId);
  const started = await startChallenge(
    proxied,
    { mfaId: mfa.methods.email!, payload: flow.payload },
    { deviceId },
  );
  const code = await latestCode(app.database.db, mfa.email);
  const verified = await verifyCode(proxied, { payload: started.json().payload, code }, { deviceId });
  events.push({ what: 'MFA login', response: verified, cleared: false });

  const fresh = async () =>
    (await call({ method: 'POST', url: '/api/token', payload: credentials })).json().access_token as string;
  events.push({
    what: 'logout',
    response: await call({ method: 'DELETE', url: '/api/token', token: await fresh() }),
    cleared: true,
  });
  const own = await fresh();
  const ownId = (
    await app.database.db
      .selectFrom('sessions')
      .select('id')
      .orderBy('id', 'desc')
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow()
  ).id;
  events.push({
    what: 'ending this session',
    response: await call({ method: 'DELETE', url: `/api/sessions/${ownId}`, token: own }),
    cleared: true,
  });
  events.push({
    what: 'global logout',
    response: await call({ method: 'POST', url: '/api/sessions/logout-all', token: await fresh() }),
    cleared: true,
  });
  events.push({
    what: '"not me"',
    response: await call({ method: 'POST', url: '/api/security/not-me', token: await fresh(), payload: {} }),
    cleared: true,
  });
  for (const event of events)
    expect(event.response.statusCode, `${event.what}: ${event.response.body}`).toBeLessThan(300);
  return events;
}

describe('cookie flags', () => {
  it('the login cookie: HttpOnly, SameSite=Lax, Path=/, 30 days, host-only on localhost, not Secure over plain http in development', async () => {
    for (const event of await loginCookieEvents(test)) {
      const cookie = loginCookie(event.response);
      expect(cookie.name).toBe(LOGIN_COOKIE);
      expectSafeFlags(cookie, { secure: false, what: event.what });
      expect(cookie.flags.get('samesite'), event.what).toBe('Lax');
      expect(cookie.flags.has('domain'), event.what).toBe(false);
      if (event.cleared) {
        expect(cookie.value, event.what).toBe('');
        expect(
          cookie.flags.get('max-age') === '0' || /1970/.test(cookie.flags.get('expires') ?? ''),
          event.what,
        ).toBe(true);
      } else {
        expect(cookie.value, event.what).toBe(event.response.json().access_token);
        expect(cookie.flags.get('max-age'), event.what).toBe(String(LOGIN_COOKIE_MAX_AGE_SECONDS));
      }
    }
  });

  it('in production: Secure, and on account.<domain> the parent domain, set and cleared alike', async () => {
    for (const host of [undefined, 'account.example.com']) {
      for (const event of await loginCookieEvents(production, host, { 'x-forwarded-proto': 'https' })) {
        const cookie = loginCookie(event.response);
        expectSafeFlags(cookie, { secure: true, what: `${event.what} on ${host ?? 'localhost'}` });
        expect(cookie.flags.get('domain')?.replace(/^\./, ''), event.what).toBe(
          host ? 'example.com' : undefined,
        );
      }
    }
  });

  it('develop and staging builds name it production_login_token, with the same flags', async () => {
    const staging = await createTestApp({ COOKIE_FLAVOUR: 'staging' });
    try {
      const account = await createAccount(staging.database.db);
      const response = await attemptLogin(staging, account);
      const cookie = loginCookie(response);
      expect(cookie.name).toBe(`production_${LOGIN_COOKIE}`);
      expectSafeFlags(cookie, { secure: false, what: 'staging login' });
    } finally {
      await staging.app.close();
    }
  });

  it('the authorization server’s cookies: HttpOnly and SameSite=Lax, Secure in production', async () => {
    for (const [app, secure] of [
      [test, false],
      [production, true],
    ] as const) {
      const client = await registerClient(app.database.db);
      const account = await createAccount(app.database.db);
      const token = await login(app, account.email, account.password);
      const headers = secure ? { 'x-forwarded-proto': 'https' } : {};
      const query = new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        response_type: 'code',
        scope: 'openid profile',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      });
      const started = await app.call({ method: 'GET', url: `/oauth/auth?${query}`, deviceId: null, headers });
      const seen = [...setCookies(started)];
      const jar = Object.fromEntries(seen.map((c) => [c.name, c.value]));
      const uid = new URL(started.headers.location as string, 'http://localhost').searchParams.get('uid');
      const approval = await app.call({
        method: 'POST',
        url: '/api/authorize',
        token,
        cookies: jar,
        headers,
        payload: { uid, decision: 'accept' },
      });
      expect(approval.statusCode, approval.body).toBe(200);
      const resumed = await app.call({
        method: 'GET',
        url: approval.json().target,
        deviceId: null,
        cookies: jar,
        headers,
      });
      expect(resumed.statusCode).toBe(303);
      seen.push(...setCookies(approval), ...setCookies(resumed));
      expect(seen.map((c) => c.name)).toEqual(expect.arrayContaining(['_interaction', '_session']));
      for (const cookie of seen) {
        const what = `${secure ? 'production' : 'development'} ${cookie.name}`;
        expect(cookie.flags.has('httponly'), `${what}: ${cookie.line}`).toBe(true);
        expect(cookie.flags.get('samesite')?.toLowerCase(), `${what}: ${cookie.line}`).toBe('lax');
        expect(cookie.flags.has('secure'), `${what}: ${cookie.line}`).toBe(secure);
      }
    }
  });

  it('no other API route sets a cookie, whatever it answers', async () => {
    const account = await createAccount(test.database.db);
    const { token } = await createSession(test.database.db, {
      userId: account.id,
      deviceId: randomUUID(),
      userAgent: 'sweep',
      ip: '127.0.0.1',
    });
    // Routes known to set or clear the login cookie (checked above), and those that end the sweep's session.
    const known = new Set([
      'POST /api/token',
      'POST /api/token/handover/redeem',
      'POST /api/mfa/sudo',
      'DELETE /api/token',
      'DELETE /api/sessions/:id',
      'POST /api/sessions/logout-all',
      'POST /api/security/not-me',
    ]);
    for (const { key, method, path } of ROUTES) {
      if (known.has(key)) continue;
      for (const withSession of [false, true]) {
        const response = await test.call({
          method: method as 'GET',
          url: fillPath(path, { payload: '00000000-0000-4000-8000-000000000000', client_id: 'nobody' }),
          ...(withSession ? { token } : {}),
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        expect(setCookies(response), `${key} (${response.statusCode})`).toEqual([]);
      }
    }
  });
});
