import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listUserGrants } from '../../src/account/grants';
import { createSession } from '../../src/security/session.queries';
import { authorize, Browser, listeningAppPerFile, registerClient } from '../oauth/helpers';
import { createAccount } from '../support/accounts';
import { countRows } from '../support/rows';
import { expectError, fillPath, LOGIN_COOKIE, ROUTES, tokenWorks } from './helpers';

/**
 * CSRF: a page of another site makes the user's browser send requests that carry the
 * user's cookies. The defence: the API authenticates by `Authorization: Bearer` only; every /api
 * call needs the X-Device-ID header, which neither a cross-site form nor a "simple" fetch can send
 * (a custom header forces a CORS preflight, and CORS is off); the cookies are SameSite=Lax; the
 * OAuth consent is given through the bearer-authenticated /api/authorize only.
 */

const test = listeningAppPerFile();

const EVIL = 'https://evil.example';
/** Paths under /api answering without a device id (edition-and-headers.ts): read-only. */
const OPEN_API_PATHS = ['GET /api/status'];

/** A fresh account with a live session, its token also set as the login cookie. */
async function victim() {
  const account = await createAccount(test.database.db);
  const { token } = await createSession(test.database.db, {
    userId: account.id,
    deviceId: '00000000-0000-4000-8000-00000000c5f1',
    userAgent: 'victim',
    ip: '127.0.0.1',
  });
  return { account, token };
}

describe('CSRF: what a cookie authenticates', () => {
  it('only the known places read a cookie: /api/token/resume and the OAuth interaction', () => {
    // A new cookie reader must join the sweeps below (and get its own defence) before this passes.
    const src = fileURLToPath(new URL('../../src/', import.meta.url));
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          const text = readFileSync(path, 'utf8');
          if (/\.cookies\b|interactionDetails\(|unsignCookie\(/.test(text)) readers.push(relative(src, path));
        }
      }
    };
    walk(src);
    expect(readers.sort()).toEqual([
      // The trusted-device secret, read by POST /api/token only, which also needs the password and
      // the X-Device-ID a cross-site form cannot send (abuse/trusted-device.test.ts).
      'account/trusted-devices.ts',
      'flows/login/token.routes.ts',
      'flows/oauth/interaction.ts',
      // The authorization server's own requests: a top-level navigation (the login cookie names
      // the portal session, decision 0030) and the logout confirmation behind its xsrf field.
      'flows/oauth/portal-session.ts',
      'flows/oauth/session-links.ts',
      // The locale cookie only: which language a public pre-rendered page is in; it authenticates
      // nothing and changes no state (decision 0021, http/spa-delivery.test.ts).
      'http/spa.ts',
    ]);
  });

  it('no route that needs a session accepts the login cookie instead of the bearer token', async () => {
    const { account, token } = await victim();
    const userRoutes = ROUTES.filter(({ route }) => route.auth === 'user');
    expect(userRoutes.length).toBeGreaterThan(30);
    for (const { key, method, path } of userRoutes) {
      const response = await test.call({
        method: method as 'GET',
        url: fillPath(path, { payload: '00000000-0000-4000-8000-000000000000', client_id: 'demo-partner' }),
        cookies: { [LOGIN_COOKIE]: token },
        headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${key} with the cookie only: ${response.body.slice(0, 200)}`).toBe(401);
      expect(response.json().code, key).toBe('unauthorized');
    }
    // Nothing was done with it: the session (DELETE /api/token, logout-all, not-me) is still live.
    expect(await tokenWorks(test, token)).toBe(true);
    expect(await countRows(test.database.db, 'sessions', account.id)).toBe(1);
  });

  it('every /api route refuses what a cross-site form can send: no X-Device-ID, 400 before anything runs', async () => {
    const { token } = await victim();
    for (const { key, method, path } of ROUTES) {
      if (OPEN_API_PATHS.includes(key)) continue;
      for (const body of [
        { 'content-type': 'application/x-www-form-urlencoded', payload: 'username=a%40b.test&password=x' },
        { 'content-type': 'text/plain', payload: '{"username":"a@b.test","password":"x"}' },
      ]) {
        const response = await test.call({
          method: method as 'GET',
          url: fillPath(path),
          deviceId: null,
          cookies: { [LOGIN_COOKIE]: token },
          headers: {
            origin: EVIL,
            referer: `${EVIL}/page`,
            'sec-fetch-site': 'cross-site',
            ...(method === 'GET' ? {} : { 'content-type': body['content-type'] }),
          },
          ...(method === 'GET' ? {} : { payload: body.payload }),
        });
        expectError(response, 400, 'missing_device_id');
        expect(response.headers['access-control-allow-origin'], key).toBeUndefined();
        expect(response.headers['set-cookie'], key).toBeUndefined();
      }
    }
  });

  it('login CSRF: a cross-site form posting the attacker’s credentials opens no session', async () => {
    const attacker = await createAccount(test.database.db);
    const response = await test.call({
      method: 'POST',
      url: '/api/token',
      deviceId: null,
      headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: attacker.email, password: attacker.password }).toString(),
    });
    expectError(response, 400, 'missing_device_id');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await countRows(test.database.db, 'sessions', attacker.id)).toBe(0);
  });

  it('/api/token/resume: the cookie is traded only with X-Device-ID, and never for another origin to read', async () => {
    const { token } = await victim();
    const crossSite = await test.call({
      method: 'POST',
      url: '/api/token/resume',
      deviceId: null,
      cookies: { [LOGIN_COOKIE]: token },
      headers: { origin: EVIL, 'content-type': 'text/plain' },
      payload: '',
    });
    expectError(crossSite, 400, 'missing_device_id');
    expect(crossSite.body).not.toContain(token);
    // A preflight for the custom header is not granted: the browser never sends the real request.
    const preflight = await test.call({
      method: 'OPTIONS',
      url: '/api/token/resume',
      deviceId: null,
      headers: {
        origin: EVIL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-device-id',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    for (const header of [
      'access-control-allow-origin',
      'access-control-allow-credentials',
      'access-control-allow-headers',
    ])
      expect(preflight.headers[header], header).toBeUndefined();
    // Even a same-origin-shaped call announcing another origin gets no CORS grant to read it.
    const withHeader = await test.call({
      method: 'POST',
      url: '/api/token/resume',
      cookies: { [LOGIN_COOKIE]: token },
      headers: { origin: EVIL },
    });
    expect(withHeader.statusCode).toBe(200);
    expect(withHeader.headers['access-control-allow-origin']).toBeUndefined();
    expect(withHeader.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('the OAuth consent cannot be given with cookies alone: /api/authorize needs the bearer token', async () => {
    const client = await registerClient(test.database.db);
    const account = await createAccount(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    const query = new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      response_type: 'code',
      scope: 'openid profile',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const started = await browser.fetch(`/oauth/auth?${query}`);
    const uid = new URL(started.headers.get('location')!, test.origin).searchParams.get('uid')!;
    expect(uid).toBeTruthy();
    // The browser holds the interaction cookie and the login cookie, but the page has no bearer.
    expect([...browser.cookies.keys()]).toContain(LOGIN_COOKIE);
    browser.token = undefined;
    for (const request of [
      browser.api(`/authorize?uid=${uid}`),
      browser.api('/authorize', { method: 'POST', json: { uid, decision: 'accept' } }),
    ]) {
      const response = await request;
      expect(response.status).toBe(401);
    }
    expect(await listUserGrants(test.database.db, account.id)).toEqual([]);
  });

  it('a cross-site navigation to /oauth/auth cannot widen a grant: new scopes go to the consent screen', async () => {
    const client = await registerClient(test.database.db);
    const account = await createAccount(test.database.db);
    const browser = new Browser(test.origin);
    await browser.logIn(account);
    await authorize(browser, client, { scope: 'openid profile' });
    const before = await listUserGrants(test.database.db, account.id);
    expect(before.map((grant) => grant.scopes.sort())).toEqual([['openid', 'profile']]);

    const query = new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      response_type: 'code',
      scope: 'openid profile email balance',
      state: 'forged',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const response = await browser.fetch(`/oauth/auth?${query}`, {
      headers: { referer: `${EVIL}/page`, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, test.origin);
    expect(location.origin).toBe(test.origin);
    expect(location.pathname).toBe('/approve');
    expect(location.searchParams.get('code')).toBeNull();
    const after = await listUserGrants(test.database.db, account.id);
    expect(after.map((grant) => grant.scopes.sort())).toEqual([['openid', 'profile']]);
  });
});
