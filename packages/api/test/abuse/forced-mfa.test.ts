import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMfaAccount } from '../mfa/helpers';
import { Browser, type ListeningApp, listeningApp, registerClient } from '../oauth/helpers';
import { countRows } from '../support/rows';
import { sharedTestApp, type TestApp } from '../support/test-app';
import { fillPath, ROUTES } from './helpers';

/**
 * Sidestepping forced MFA: the client_id a login names is accepted only when it is a
 * registered client, and the SPEC §6 exemption of partner logins only lets the OAuth approval
 * through: no portal route answers a forced user who has not finished the setup, whatever the
 * login was made for — through POST /api/token or through /oauth/auth.
 */

const test = sharedTestApp();

/** Routes a session with an unfinished forced setup may call besides the setup itself. */
const SETUP_OR_PARTNER = (route: (typeof ROUTES)[number]['route']) =>
  route.auth !== 'user' || route.whileRestricted || route.partnerDuringForcedSetup;

/** Every portal route this session is refused on, as `METHOD path` keys (none expected open). */
async function openPortalRoutes(app: TestApp, token: string, host?: string): Promise<string[]> {
  const open: string[] = [];
  for (const { key, method, path, route } of ROUTES) {
    if (SETUP_OR_PARTNER(route)) continue;
    const response = await app.call({
      method: method as 'GET',
      url: fillPath(path),
      token,
      host,
      payload: {},
    });
    if (response.statusCode !== 403 || response.json().code !== 'mfa_setup_required')
      open.push(`${key} → ${response.statusCode}`);
  }
  return open;
}

async function logIn(account: { email: string; password: string }, clientId?: string) {
  return test.call({
    method: 'POST',
    url: '/api/token',
    payload: { username: account.email, password: account.password, client_id: clientId },
  });
}

describe('forced MFA: the client_id of POST /api/token', () => {
  it('an unregistered client_id is refused with a typed 400 and opens no session', async () => {
    const account = await createMfaAccount(test.database.db, [], { mfaForced: true });
    const luOnly = `lu-only-${randomUUID().slice(0, 8)}`;
    await registerClient(test.database.db, { clientId: luOnly });
    await test.database.db
      .updateTable('oauth_clients')
      .set({ edition: 'lu' })
      .where('client_id', '=', luOnly)
      .execute();
    for (const clientId of ['77', 'not-registered', '', luOnly]) {
      const response = await logIn(account, clientId);
      expect(response.statusCode, clientId).toBe(400);
      expect(response.json().code).toBe('unknown_client');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await countRows(test.database.db, 'sessions', account.id)).toBe(0);
  });
});

describe('forced MFA: a partner login never becomes a portal session', () => {
  it('after POST /api/token for a registered partner, every portal route still asks for the setup', async () => {
    const partner = await registerClient(test.database.db);
    const account = await createMfaAccount(test.database.db, [], { mfaForced: true });
    const response = await logIn(account, partner.clientId);
    expect(response.statusCode).toBe(200);
    const token = response.json().access_token as string;
    expect(await openPortalRoutes(test, token)).toEqual([]);
    // The setup itself stays open.
    expect((await test.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(200);
    expect((await test.call({ method: 'GET', url: '/api/mfa', token })).statusCode).toBe(200);
  });

  it('a login without client_id or for a platform (2, 51) is held the same way', async () => {
    await test.database.db.deleteFrom('oauth_clients').where('client_id', '=', '2').execute();
    await registerClient(test.database.db, { clientId: '2', firstParty: true });
    for (const clientId of [undefined, '2']) {
      const account = await createMfaAccount(test.database.db, [], { mfaForced: true });
      const response = await logIn(account, clientId);
      expect(response.statusCode).toBe(200);
      expect(await openPortalRoutes(test, response.json().access_token)).toEqual([]);
    }
  });
});

describe('forced MFA: a login through /oauth/auth', () => {
  let server: ListeningApp;
  beforeAll(async () => {
    server = await listeningApp();
  });
  afterAll(() => server.app.close());

  it('a partner gets its code without the setup, and the same session still opens no portal route', async () => {
    const partner = await registerClient(server.database.db);
    const account = await createMfaAccount(server.database.db, [], { mfaForced: true });
    const browser = new Browser(server.origin);
    const query = new URLSearchParams({
      client_id: partner.clientId,
      redirect_uri: partner.redirectUri,
      response_type: 'code',
      scope: 'openid profile',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const start = await browser.fetch(`/oauth/auth?${query}`);
    expect(start.status).toBe(303);
    const approve = new URL(start.headers.get('location')!, server.origin);
    const login = await browser.api('/token', {
      method: 'POST',
      json: { username: account.email, password: account.password, client_id: partner.clientId },
    });
    expect(login.status).toBe(200);
    browser.token = ((await login.json()) as { access_token: string }).access_token;
    const details = await browser.api(`/authorize?uid=${approve.searchParams.get('uid')}`);
    expect(details.status).toBe(200);
    const approval = await browser.api('/authorize', {
      method: 'POST',
      json: { uid: approve.searchParams.get('uid'), decision: 'accept' },
    });
    expect(approval.status).toBe(200);

    const portal: TestApp = {
      ...server,
      call: (options) => server.call({ host: new URL(server.origin).host, ...options }),
    };
    expect(await openPortalRoutes(portal, browser.token)).toEqual([]);
  });

  it('an authorization for a platform (client 2) is refused until the setup is done', async () => {
    await server.database.db.deleteFrom('oauth_clients').where('client_id', '=', '2').execute();
    const platform = await registerClient(server.database.db, { clientId: '2', firstParty: true });
    const account = await createMfaAccount(server.database.db, [], { mfaForced: true });
    const browser = new Browser(server.origin);
    const query = new URLSearchParams({
      client_id: platform.clientId,
      redirect_uri: platform.redirectUri,
      response_type: 'code',
      scope: 'openid profile',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const start = await browser.fetch(`/oauth/auth?${query}`);
    const approve = new URL(start.headers.get('location')!, server.origin);
    const login = await browser.api('/token', {
      method: 'POST',
      json: { username: account.email, password: account.password, client_id: '2' },
    });
    browser.token = ((await login.json()) as { access_token: string }).access_token;
    const details = await browser.api(`/authorize?uid=${approve.searchParams.get('uid')}`);
    expect(details.status).toBe(403);
    expect(((await details.json()) as { code: string }).code).toBe('mfa_setup_required');
  });
});
