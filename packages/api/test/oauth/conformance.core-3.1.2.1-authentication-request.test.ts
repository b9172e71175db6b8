import { describe, expect, it } from 'vitest';
import {
  ageLogin,
  approve,
  authorizationRequest,
  codeFlow,
  getAuthorization,
  locationOf,
  nextSecond,
} from './conformance-helpers';
import {
  Browser,
  exchangeCode,
  listeningAppPerFile,
  newUser,
  type RegisteredClient,
  registerClient,
} from './helpers';

// OpenID Connect Core 1.0 §3.1.2.1 (Authentication Request): prompt, max_age, login_hint,
// ui_locales, and the authorization endpoint over GET and POST. The portal session is the
// authentication; re-authentication means a new portal login (docs/decisions/0030).

const test = listeningAppPerFile();

const exchange = (client: RegisteredClient) => (code: string, verifier: string) =>
  exchangeCode(test.origin, client, code, verifier);

/** A user who granted the client before, with a live portal session in the browser. */
async function returningUser() {
  const client = await registerClient(test.database.db);
  const account = await newUser(test.database.db);
  const browser = new Browser(test.origin);
  await browser.logIn(account);
  await codeFlow(browser, client, exchange(client));
  return { client, account, browser };
}

describe('OpenID Connect Core 3.1.2.1: prompt=login', () => {
  it('asks for the password again even with a live portal session and a grant', async () => {
    const { client, account, browser } = await returningUser();
    const request = authorizationRequest(client, { prompt: 'login' });
    const location = locationOf(await getAuthorization(browser, request), test.origin);
    expect(location.pathname).toBe('/approve');
    const uid = location.searchParams.get('uid')!;

    // The session's login is older than the request: the SPA must send the user to the login.
    const refused = await browser.api(`/authorize?uid=${uid}`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('reauthentication_required');
    const approval = await browser.api('/authorize', { method: 'POST', json: { uid, decision: 'accept' } });
    expect(approval.status).toBe(403);

    await nextSecond();
    const before = Math.floor(Date.now() / 1000);
    await browser.logIn(account);
    const target = await approve(browser, uid);
    const callback = locationOf(await browser.fetch(target), test.origin);
    expect(callback.searchParams.get('state')).toBe(request.state);
    const tokens = await exchangeCode(
      test.origin,
      client,
      callback.searchParams.get('code')!,
      request.verifier,
    );
    const idToken = JSON.parse(
      Buffer.from((tokens.body.id_token as string).split('.')[1]!, 'base64url').toString(),
    );
    expect(idToken.auth_time).toBeGreaterThanOrEqual(before);
    expect(idToken.amr).toEqual(['pwd']);
  });

  it('a login in the second of the request itself does not count as a new one', async () => {
    const { client, account, browser } = await returningUser();
    const location = locationOf(
      await getAuthorization(browser, authorizationRequest(client, { prompt: 'login' })),
      test.origin,
    );
    const uid = location.searchParams.get('uid')!;
    const { payload } = await test.database.db
      .selectFrom('oauth_payloads')
      .select('payload')
      .where('model', '=', 'Interaction')
      .where('id', '=', uid)
      .executeTakeFirstOrThrow();
    const startedAt = (payload as { iat: number }).iat;
    await browser.logIn(account);
    const setLogin = (at: number) =>
      test.database.db
        .updateTable('sessions')
        .set({ authenticated_at: new Date(at) })
        .where('user_id', '=', account.id)
        .execute();
    // The request is known to the second: a login within it may have come first.
    await setLogin(startedAt * 1000 + 999);
    expect((await browser.api(`/authorize?uid=${uid}`)).status).toBe(403);
    await setLogin((startedAt + 1) * 1000);
    expect((await browser.api(`/authorize?uid=${uid}`)).status).toBe(200);
  });

  it('prompt=login with prompt=none is refused, as the specification requires', async () => {
    const { client, browser } = await returningUser();
    const request = authorizationRequest(client, { prompt: 'login none' });
    const location = locationOf(await getAuthorization(browser, request), test.origin);
    expect(location.origin).toBe(new URL(client.redirectUri).origin);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });
});

describe('OpenID Connect Core 3.1.2.1: max_age', () => {
  it('a login older than max_age sends the user to the password screen; a fresh login passes', async () => {
    const { client, account, browser } = await returningUser();
    await ageLogin(test.database.db, account.id, 600);
    const request = authorizationRequest(client, { max_age: '60' });
    const location = locationOf(await getAuthorization(browser, request), test.origin);
    expect(location.pathname).toBe('/approve');
    const uid = location.searchParams.get('uid')!;
    const refused = await browser.api(`/authorize?uid=${uid}`);
    expect(refused.status).toBe(403);

    await browser.logIn(account);
    const callback = locationOf(await browser.fetch(await approve(browser, uid)), test.origin);
    const tokens = await exchangeCode(
      test.origin,
      client,
      callback.searchParams.get('code')!,
      request.verifier,
    );
    const idToken = JSON.parse(
      Buffer.from((tokens.body.id_token as string).split('.')[1]!, 'base64url').toString(),
    );
    expect(Math.floor(Date.now() / 1000) - idToken.auth_time).toBeLessThanOrEqual(60);
  });

  it('max_age=0 is satisfied by a login made for the request, however long it took', async () => {
    const { client, account, browser } = await returningUser();
    const request = authorizationRequest(client, { max_age: '0' });
    const location = locationOf(await getAuthorization(browser, request), test.origin);
    expect(location.pathname).toBe('/approve');
    const uid = location.searchParams.get('uid')!;
    await nextSecond();
    await browser.logIn(account);
    await nextSecond();
    const callback = locationOf(await browser.fetch(await approve(browser, uid)), test.origin);
    expect(callback.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('a login younger than max_age goes straight through, with that login as auth_time', async () => {
    const { client, account, browser } = await returningUser();
    const loggedInAt = await ageLogin(test.database.db, account.id, 600);
    const { idToken } = await codeFlow(browser, client, exchange(client), { max_age: '3600' });
    expect(idToken.auth_time).toBe(loggedInAt.getTime() / 1000);
  });

  it('with prompt=none, a login older than max_age answers login_required to the client', async () => {
    const { client, account, browser } = await returningUser();
    await ageLogin(test.database.db, account.id, 600);
    const request = authorizationRequest(client, { max_age: '60', prompt: 'none' });
    const location = locationOf(await getAuthorization(browser, request), test.origin);
    expect(location.searchParams.get('error')).toBe('login_required');
    expect(location.searchParams.get('state')).toBe(request.state);
  });
});

describe('OpenID Connect Core 3.1.2.1: prompt=consent', () => {
  it('shows the consent screen with every requested scope even when all were granted', async () => {
    const { client, browser } = await returningUser();
    const request = authorizationRequest(client, { prompt: 'consent' });
    const location = locationOf(await getAuthorization(browser, request), test.origin);
    expect(location.pathname).toBe('/approve');
    const details = await browser.api(`/authorize?uid=${location.searchParams.get('uid')}`);
    expect(await details.json()).toMatchObject({
      approvalType: 'scopes',
      target: null,
      scopes: ['openid', 'email'],
      granted: [],
    });
  });

  it('prompt=consent with prompt=none answers consent_required', async () => {
    const { client, browser } = await returningUser();
    const request = authorizationRequest(client, { prompt: 'consent none' });
    const location = locationOf(await getAuthorization(browser, request), test.origin);
    // OpenID Connect Core: none with any other value is an error.
    expect(location.searchParams.get('error')).toBe('invalid_request');
    const asked = authorizationRequest(client, { prompt: 'none', scope: 'openid email phone' });
    const answer = locationOf(await getAuthorization(browser, asked), test.origin);
    expect(answer.searchParams.get('error')).toBe('consent_required');
  });

  it('without prompt=consent, scopes granted before are not asked again', async () => {
    const { client, browser } = await returningUser();
    const location = locationOf(await getAuthorization(browser, authorizationRequest(client)), test.origin);
    expect(location.searchParams.get('code')).toEqual(expect.any(String));
  });
});

describe('OpenID Connect Core 3.1.2.1: the authorization endpoint over POST', () => {
  /** The POST answers a 303 to the GET form of the same request (decision 0031), which the browser follows. */
  async function post(browser: Browser, body: string) {
    const response = await browser.fetch('/oauth/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const next = locationOf(response, test.origin);
    expect(next.pathname).toBe('/oauth/auth');
    return browser.fetch(`${next.pathname}${next.search}`);
  }

  it('takes a form-encoded authentication request like a GET one', async () => {
    const { client, browser } = await returningUser();
    const request = authorizationRequest(client);
    const location = locationOf(await post(browser, request.params.toString()), test.origin);
    expect(location.searchParams.get('state')).toBe(request.state);
    const tokens = await exchangeCode(
      test.origin,
      client,
      location.searchParams.get('code')!,
      request.verifier,
    );
    expect(tokens.status).toBe(200);
  });

  it('a POST from a new browser reaches /approve like a GET', async () => {
    const client = await registerClient(test.database.db);
    const browser = new Browser(test.origin);
    const response = await post(browser, authorizationRequest(client).params.toString());
    expect(locationOf(response, test.origin).pathname).toBe('/approve');
  });

  it('refuses a body that is not form-encoded', async () => {
    const client = await registerClient(test.database.db);
    const response = await fetch(`${test.origin}/oauth/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: client.clientId }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('OpenID Connect Core 3.1.2.1: login_hint and ui_locales', () => {
  it('reach the /approve address, where the login screen reads them', async () => {
    const client = await registerClient(test.database.db);
    const browser = new Browser(test.origin);
    const request = authorizationRequest(client, {
      login_hint: 'olivia@example.com',
      ui_locales: 'fr-BE en',
    });
    const location = locationOf(await getAuthorization(browser, request), test.origin);
    expect(location.pathname).toBe('/approve');
    expect(location.searchParams.get('login_hint')).toBe('olivia@example.com');
    expect(location.searchParams.get('ui_locales')).toBe('fr-BE en');
  });
});

describe('RFC 6749 §4.1.2.1: an unsupported response type', () => {
  it.each(['token', 'id_token', 'code id_token'])(
    'response_type=%s answers unsupported_response_type',
    async (type) => {
      const client = await registerClient(test.database.db);
      const browser = new Browser(test.origin);
      const request = authorizationRequest(client, { response_type: type, nonce: 'n-0S6_WzA2Mj' });
      const location = locationOf(await getAuthorization(browser, request), test.origin);
      const params = new URLSearchParams(location.hash ? location.hash.slice(1) : location.search);
      expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
      expect(params.get('error')).toBe('unsupported_response_type');
      expect(params.get('code')).toBeNull();
    },
  );
});
