import { createPublicKey, verify } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestClosure } from '../closure/helpers';
import { randomIp, resetPassword, resetTokenFor } from '../recovery/helpers';
import { loginOn, stepUpByEmail } from '../security/helpers';
import {
  authorizationRequest,
  type BackChannelReceiver,
  backChannelReceiver,
  codeFlow,
  decodeJwt,
  getAuthorization,
  locationOf,
} from './conformance-helpers';
import {
  Browser,
  exchangeCode,
  type ListeningApp,
  listeningApp,
  newUser,
  type RegisteredClient,
  registerClient,
} from './helpers';

// OpenID Connect RP-Initiated Logout 1.0 and Back-Channel Logout 1.0 against a local relying
// party (decision 0033): the relying party's logout ends the portal session too, and every way a
// portal session ends sends the relying parties of that browser a signed logout token.

let test: ListeningApp;
let receiver: BackChannelReceiver;
beforeAll(async () => {
  test = await listeningApp();
});
afterAll(() => test.app.close());
beforeEach(async () => {
  receiver = await backChannelReceiver();
});
afterEach(() => receiver.close());

const AFTER_LOGOUT = 'https://rp.example/logged-out';

/** A logged-in browser whose relying party (registered for both logouts) holds an ID token. */
async function signedInRelyingParty() {
  const client = await registerClient(test.database.db, {
    backchannelLogoutUri: receiver.uri,
    postLogoutRedirectUris: [AFTER_LOGOUT],
  });
  const account = await newUser(test.database.db);
  const browser = new Browser(test.origin);
  await browser.logIn(account);
  const { tokens, idToken } = await codeFlow(browser, client, (code, verifier) =>
    exchangeCode(test.origin, client, code, verifier),
  );
  return { client, account, browser, tokens, idToken };
}

/** Back-Channel Logout 1.0 §2.4 and §2.6: the logout token's claims and RS256 signature. */
async function expectLogoutToken(token: string, client: RegisteredClient, idToken: Record<string, unknown>) {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const { keys } = (await (await fetch(`${test.origin}/oauth/jwks`)).json()) as {
    keys: (Record<string, unknown> & { kid: string })[];
  };
  const { kid, typ, alg } = JSON.parse(Buffer.from(header, 'base64url').toString());
  expect(alg).toBe('RS256');
  expect(typ).toBe('logout+jwt');
  const jwk = keys.find((key) => key.kid === kid)!;
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  expect(
    verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url')),
  ).toBe(true);
  const claims = decodeJwt(token);
  expect(claims).toMatchObject({
    iss: test.origin,
    aud: client.clientId,
    sub: idToken.sub,
    sid: idToken.sid,
    events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
  });
  expect(claims.jti).toEqual(expect.any(String));
  expect(claims).not.toHaveProperty('nonce');
}

/** After a logout, the relying party's silent authorization no longer gets a code. */
async function expectSilentLoginRefused(browser: Browser, client: RegisteredClient) {
  const request = authorizationRequest(client, { prompt: 'none' });
  const location = locationOf(await getAuthorization(browser, request), test.origin);
  expect(location.searchParams.get('error')).toBe('login_required');
}

describe('RP-Initiated Logout 1.0', () => {
  it('ends the portal session, tells the back channel and returns to the registered address', async () => {
    const { client, browser, tokens, idToken } = await signedInRelyingParty();
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token as string,
      post_logout_redirect_uri: AFTER_LOGOUT,
      state: 'rp-state-1',
      ui_locales: 'fr',
    });
    const page = await browser.fetch(`/oauth/session/end?${query}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('document.forms[0].submit()');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("form-action 'self' https://rp.example");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain('name="logout" value="yes"');

    const confirm = await browser.fetch('/oauth/session/end/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    const back = locationOf(confirm, test.origin);
    expect(`${back.origin}${back.pathname}`).toBe(AFTER_LOGOUT);
    expect(back.searchParams.get('state')).toBe('rp-state-1');

    expect((await browser.api('/user')).status).toBe(401);
    expect([...browser.cookies.keys()].some((name) => name.endsWith('login'))).toBe(false);
    await receiver.waitFor(1);
    await expectLogoutToken(receiver.tokens[0]!, client, idToken);
    await expectSilentLoginRefused(browser, client);
  });

  it('over POST as well as GET', async () => {
    const { browser, tokens } = await signedInRelyingParty();
    const response = await browser.fetch('/oauth/session/end', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id_token_hint: tokens.id_token as string }).toString(),
    });
    const next = locationOf(response, test.origin);
    expect(next.pathname).toBe('/oauth/session/end');
    const page = await browser.fetch(`${next.pathname}${next.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="xsrf"');
  });

  it('refuses a post_logout_redirect_uri the client did not register', async () => {
    const { browser, tokens } = await signedInRelyingParty();
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token as string,
      post_logout_redirect_uri: 'https://evil.example/',
    });
    // A browser asks for a page: the error lands on the portal's partner page.
    const response = await browser.fetch(`/oauth/session/end?${query}`, { headers: { accept: 'text/html' } });
    const location = locationOf(response, test.origin);
    expect(location.pathname).toBe('/partner');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect((await browser.api('/user')).status).toBe(200);
  });

  it('without an id_token_hint the page asks instead of submitting itself', async () => {
    const { browser } = await signedInRelyingParty();
    const page = await browser.fetch('/oauth/session/end');
    const html = await page.text();
    expect(html).not.toContain('<script>');
    expect(html).toMatch(/<button type="submit" form="op.logoutForm">Afmelden<\/button>/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect((await browser.api('/user')).status).toBe(200);
  });
});

describe('Back-Channel Logout 1.0: every end of a portal session tells the relying party', () => {
  it('logout (DELETE /api/token)', async () => {
    const { client, browser, idToken } = await signedInRelyingParty();
    expect((await browser.api('/token', { method: 'DELETE' })).status).toBe(204);
    await receiver.waitFor(1);
    await expectLogoutToken(receiver.tokens[0]!, client, idToken);
    await expectSilentLoginRefused(browser, client);
  });

  it('global logout (POST /api/sessions/logout-all)', async () => {
    const { client, browser, idToken } = await signedInRelyingParty();
    expect((await browser.api('/sessions/logout-all', { method: 'POST' })).status).toBe(200);
    await receiver.waitFor(1);
    await expectLogoutToken(receiver.tokens[0]!, client, idToken);
  });

  it('a session ended from another device in the Security tab', async () => {
    const { client, account, idToken } = await signedInRelyingParty();
    const other = new Browser(test.origin);
    await other.logIn(account);
    // The relying party's browser logged in first: its session is the older one.
    const first = await test.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', account.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await other.api(`/sessions/${first.id}`, { method: 'DELETE' })).status).toBe(204);
    await receiver.waitFor(1);
    await expectLogoutToken(receiver.tokens[0]!, client, idToken);
    // The other device's own session is untouched.
    expect((await other.api('/user')).status).toBe(200);
  });

  it('closing the account (decision 0079)', async () => {
    const { client, browser, account, idToken } = await signedInRelyingParty();
    const other = await loginOn(test, account);
    await stepUpByEmail(test, other.token, account);
    const closed = await requestClosure(test, other);
    expect(closed.statusCode, closed.body).toBe(200);
    await receiver.waitFor(1);
    await expectLogoutToken(receiver.tokens[0]!, client, idToken);
    expect((await browser.api('/user')).status).toBe(401);
  });

  it('a password reset', async () => {
    const { client, account, idToken } = await signedInRelyingParty();
    const extra = { remoteAddress: randomIp() };
    const token = await resetTokenFor(test, account.email, account.email, extra);
    expect((await resetPassword(test, token, 'Lantern-orbit-meadow-19', extra)).statusCode).toBe(200);
    await receiver.waitFor(1);
    await expectLogoutToken(receiver.tokens[0]!, client, idToken);
  });

  it('an expired portal session: the periodic sweep tells the relying party', async () => {
    const { client, account, browser, idToken } = await signedInRelyingParty();
    await test.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', account.id)
      .execute();
    expect(receiver.tokens).toHaveLength(0);
    expect(await test.app.oauth.endSessionsOfEndedPortalSessions()).toBe(1);
    await expectLogoutToken(receiver.tokens[0]!, client, idToken);
    // Claimed once: a second sweep has nothing left to tell.
    expect(await test.app.oauth.endSessionsOfEndedPortalSessions()).toBe(0);
    await expectSilentLoginRefused(browser, client);
  });

  it('a client without a back-channel address is not called, and a failing one fails nothing', async () => {
    const { browser } = await signedInRelyingParty();
    const quiet = await registerClient(test.database.db);
    await codeFlow(browser, quiet, (code, verifier) => exchangeCode(test.origin, quiet, code, verifier));
    const broken = await registerClient(test.database.db, {
      backchannelLogoutUri: `${receiver.uri}-missing`,
    });
    await codeFlow(browser, broken, (code, verifier) => exchangeCode(test.origin, broken, code, verifier));
    // The broken address answers 404: the logout still succeeds and the working client is told.
    expect((await browser.api('/token', { method: 'DELETE' })).status).toBe(204);
    await receiver.waitFor(1);
    const audiences = receiver.tokens.map((token) => decodeJwt(token).aud);
    expect(audiences).not.toContain(quiet.clientId);
    expect(audiences).not.toContain(broken.clientId);
  });
});
