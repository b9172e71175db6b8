import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';
import {
  authorize,
  Browser,
  exchangeCode,
  listeningAppPerFile,
  newUser,
  refresh,
  registerClient,
  resume,
  startAuthorization,
  tokenRequest,
} from './helpers';

const test = listeningAppPerFile();

async function loggedInBrowser() {
  const account = await newUser(test.database.db);
  const browser = new Browser(test.origin);
  await browser.logIn(account);
  return { account, browser };
}

function authQuery(clientId: string, redirectUri: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...extra,
  });
}

describe('OAuth 2.0 / OpenID Connect (sad paths)', () => {
  it('an unregistered redirect_uri never reaches the client: the partner page shows invalid_partner', async () => {
    const client = await registerClient(test.database.db);
    const browser = new Browser(test.origin);
    for (const redirectUri of [
      `${client.redirectUri}/other`,
      'https://evil.example/callback',
      `${client.redirectUri}?x=1`,
    ]) {
      const response = await browser.fetch(`/oauth/auth?${authQuery(client.clientId, redirectUri)}`);
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!, test.origin);
      expect(location.origin).toBe(test.origin);
      expect(location.pathname).toBe('/partner');
      expect(location.searchParams.get('error')).toBe('invalid_redirect_uri');
      expect(location.searchParams.get('client_id')).toBe(client.clientId);
    }
  });

  it('an unknown client lands on the partner page too', async () => {
    const response = await fetch(
      `${test.origin}/oauth/auth?${authQuery('no-such-client', 'https://x.example/cb')}`,
      {
        redirect: 'manual',
      },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/partner?error=invalid_client&client_id=no-such-client');
  });

  it('an authorization request without a PKCE challenge is refused back to the client', async () => {
    const client = await registerClient(test.database.db);
    const query = authQuery(client.clientId, client.redirectUri);
    query.delete('code_challenge');
    query.delete('code_challenge_method');
    const response = await fetch(`${test.origin}/oauth/auth?${query}`, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('the plain PKCE method, implicit and hybrid response types are refused', async () => {
    const client = await registerClient(test.database.db);
    const plain = await fetch(
      `${test.origin}/oauth/auth?${authQuery(client.clientId, client.redirectUri, { code_challenge_method: 'plain' })}`,
      { redirect: 'manual' },
    );
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    for (const responseType of ['token', 'id_token', 'code id_token']) {
      const response = await fetch(
        `${test.origin}/oauth/auth?${authQuery(client.clientId, client.redirectUri, { response_type: responseType })}`,
        { redirect: 'manual' },
      );
      const location = new URL(response.headers.get('location')!, test.origin);
      // Implicit and hybrid responses would use the fragment: read both.
      const answer = new URLSearchParams(location.hash.slice(1) || location.search);
      expect(answer.get('error') ?? '').toMatch(
        /unsupported_response_type|invalid_request|unauthorized_client/,
      );
      expect(answer.get('access_token')).toBeNull();
      expect(answer.get('id_token')).toBeNull();
    }
  });

  it('the password and client-credentials grants do not exist', async () => {
    const client = await registerClient(test.database.db);
    for (const grantType of ['password', 'client_credentials', 'implicit']) {
      const response = await tokenRequest(test.origin, client, {
        grant_type: grantType,
        username: 'a',
        password: 'b',
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/unsupported_grant_type|unauthorized_client|invalid_request/);
    }
  });

  it('the token endpoint refuses a code without its PKCE verifier, or with a wrong one', async () => {
    const client = await registerClient(test.database.db);
    const { browser } = await loggedInBrowser();
    const { code } = await authorize(browser, client);
    const missing = await exchangeCode(test.origin, client, code);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_grant');
    const second = await authorize(browser, client);
    const wrong = await exchangeCode(test.origin, client, second.code, 'x'.repeat(43));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
  });

  it('a code is single use: its second use fails and revokes what the first one issued', async () => {
    const client = await registerClient(test.database.db);
    const { browser } = await loggedInBrowser();
    const { code, verifier } = await authorize(browser, client);
    const first = await exchangeCode(test.origin, client, code, verifier);
    expect(first.status).toBe(200);
    const second = await exchangeCode(test.origin, client, code, verifier);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    const userinfo = await fetch(`${test.origin}/oauth/me`, {
      headers: { authorization: `Bearer ${first.body.access_token}` },
    });
    expect(userinfo.status).toBe(401);
  });

  it('a code is bound to its client and redirect_uri', async () => {
    const client = await registerClient(test.database.db);
    const other = await registerClient(test.database.db);
    const { browser } = await loggedInBrowser();
    const { code, verifier } = await authorize(browser, client);
    const stolen = await exchangeCode(
      test.origin,
      { ...other, redirectUri: client.redirectUri },
      code,
      verifier,
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
  });

  it('a confidential client with a wrong secret is refused', async () => {
    const client = await registerClient(test.database.db);
    const { browser } = await loggedInBrowser();
    const { code, verifier } = await authorize(browser, client);
    const response = await exchangeCode(test.origin, { ...client, secret: 'wrong' }, code, verifier);
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('invalid_client');
  });

  it('reusing a rotated refresh token is refused and revokes the whole grant (reuse detection)', async () => {
    const client = await registerClient(test.database.db);
    const { browser } = await loggedInBrowser();
    const { code, verifier } = await authorize(browser, client);
    const tokens = await exchangeCode(test.origin, client, code, verifier);
    const rotated = await refresh(test.origin, client, tokens.body.refresh_token as string);
    expect(rotated.status).toBe(200);
    const reused = await refresh(test.origin, client, tokens.body.refresh_token as string);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    // The legitimate holder's newer token dies with the grant.
    const newer = await refresh(test.origin, client, rotated.body.refresh_token as string);
    expect(newer.status).toBe(400);
    expect(newer.body.error).toBe('invalid_grant');
  });

  it('revocation through the revocation endpoint ends a refresh token', async () => {
    const client = await registerClient(test.database.db);
    const { browser } = await loggedInBrowser();
    const { code, verifier } = await authorize(browser, client);
    const tokens = await exchangeCode(test.origin, client, code, verifier);
    const response = await fetch(`${test.origin}/oauth/token/revocation`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        token: tokens.body.refresh_token as string,
        token_type_hint: 'refresh_token',
      }),
    });
    expect(response.status).toBe(200);
    const after = await refresh(test.origin, client, tokens.body.refresh_token as string);
    expect(after.body.error).toBe('invalid_grant');
  });

  it('refusing sends access_denied to the client and grants nothing', async () => {
    const client = await registerClient(test.database.db);
    const { browser } = await loggedInBrowser();
    const start = await startAuthorization(browser, client);
    const refusal = await browser.api('/authorize', {
      method: 'POST',
      json: { uid: start.uid, decision: 'refuse' },
    });
    expect(refusal.status).toBe(200);
    const callback = await resume(browser, ((await refusal.json()) as { target: string }).target);
    expect(`${callback.origin}${callback.pathname}`).toBe(client.redirectUri);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(start.state);
    expect(callback.searchParams.get('code')).toBeNull();
    expect(await (await browser.api('/tokens')).json()).toEqual({});
  });

  it('an interaction cannot be approved from another browser (its uid alone is worthless)', async () => {
    const client = await registerClient(test.database.db);
    const attacker = new Browser(test.origin);
    const start = await startAuthorization(attacker, client);
    const { browser: victim } = await loggedInBrowser();
    const details = await victim.api(`/authorize?uid=${start.uid}`);
    expect(details.status).toBe(410);
    expect(((await details.json()) as { code: string }).code).toBe('authorization_expired');
    const approval = await victim.api('/authorize', {
      method: 'POST',
      json: { uid: start.uid, decision: 'accept' },
    });
    expect(approval.status).toBe(410);
  });

  it("a different client_id or redirect_uri than the interaction's is refused", async () => {
    const client = await registerClient(test.database.db);
    const { browser } = await loggedInBrowser();
    const start = await startAuthorization(browser, client);
    const response = await browser.api(`/authorize?uid=${start.uid}&client_id=someone-else`);
    expect(response.status).toBe(410);
  });

  it('/api/authorize, /api/tokens and DELETE /api/token/{client_id} need a portal session', async () => {
    const browser = new Browser(test.origin);
    expect((await browser.api('/authorize?uid=abc')).status).toBe(401);
    expect((await browser.api('/tokens')).status).toBe(401);
    expect((await browser.api('/token/demo-partner', { method: 'DELETE' })).status).toBe(401);
  });

  it("DELETE /api/token/{client_id} cannot touch another user's grant (IDOR)", async () => {
    const client = await registerClient(test.database.db);
    const { browser: owner } = await loggedInBrowser();
    const { code, verifier } = await authorize(owner, client);
    const tokens = await exchangeCode(test.origin, client, code, verifier);
    const { browser: other } = await loggedInBrowser();
    const response = await other.api(`/token/${client.clientId}`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('not_found');
    expect(Object.keys((await (await owner.api('/tokens')).json()) as object)).toEqual([client.clientId]);
    expect((await refresh(test.origin, client, tokens.body.refresh_token as string)).status).toBe(200);
  });

  it('DELETE /api/token/{client_id} validates the client id', async () => {
    const { browser } = await loggedInBrowser();
    const response = await browser.api(`/token/${encodeURIComponent('bad id!')}`, { method: 'DELETE' });
    expect(response.status).toBe(422);
  });

  it("a token of one edition is worthless on the other edition's issuer", async () => {
    const client = await registerClient(test.database.db);
    const { browser } = await loggedInBrowser();
    const { code, verifier } = await authorize(browser, client);
    const tokens = await exchangeCode(test.origin, client, code, verifier);
    const response = await test.call({
      method: 'GET',
      url: '/oauth/me',
      host: 'lu.localhost:3000',
      deviceId: null,
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('/oauth answers carry a strict CSP and no-referrer', async () => {
    const response = await fetch(`${test.origin}/.well-known/openid-configuration`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('token endpoint budget', () => {
  it('answers 429 with Retry-After in OAuth form once a client IP spent its budget, other IPs unaffected', async () => {
    const limited = await createTestApp({ RATE_LIMIT_OAUTH_TOKEN_PER_IP: '3' });
    try {
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
      const attempt = (remoteAddress: string, url = '/oauth/token') =>
        limited.call({
          method: 'POST',
          url,
          remoteAddress,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'grant_type=client_credentials&client_id=nobody&client_secret=guess',
        });
      for (let i = 0; i < 3; i++) expect((await attempt(ip)).statusCode).not.toBe(429);
      const refused = await attempt(ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
      // Revocation and introspection share the budget; another address has its own.
      expect((await attempt(ip, '/oauth/token/introspection')).statusCode).toBe(429);
      expect((await attempt('10.8.0.1')).statusCode).not.toBe(429);
    } finally {
      await limited.app.close();
    }
  });
});
