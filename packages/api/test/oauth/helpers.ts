import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../../src/db/database';
import { createAccount, type TestAccount } from '../support/accounts';
import { createTestApp, TEST_SECRETS, type TestApp } from '../support/test-app';

/** A test app listening on a loopback port: the OAuth flows need real HTTP and cookies. */
export interface ListeningApp extends TestApp {
  origin: string;
}

export async function listeningApp(): Promise<ListeningApp> {
  // The issuers are configured (PUBLIC_URL defaults to http://localhost:PORT): the port comes first.
  const port = await freePort();
  const test = await createTestApp({ PORT: String(port) });
  await test.app.listen({ port, host: '127.0.0.1' });
  return { ...test, origin: `http://localhost:${port}` };
}

/**
 * The listening app of a test file: started before its tests, closed after them. Call it at the
 * top of the file; the object it answers is filled in when the tests start.
 */
export function listeningAppPerFile(): ListeningApp {
  const test = {} as ListeningApp;
  beforeAll(async () => {
    Object.assign(test, await listeningApp());
  });
  afterAll(() => test.app.close());
  return test;
}

/** A loopback port nothing listens on at the moment. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RegisteredClient {
  clientId: string;
  secret?: string;
  redirectUri: string;
}

/** Registers a client straight in the database (the CLI's job, tested on its own). */
export async function registerClient(
  db: Db,
  options: {
    confidential?: boolean;
    scopes?: string[];
    firstParty?: boolean;
    clientId?: string;
    authMethod?: 'client_secret_basic' | 'client_secret_post';
    responseModes?: string[];
    postLogoutRedirectUris?: string[];
    backchannelLogoutUri?: string;
  } = {},
): Promise<RegisteredClient> {
  const clientId = options.clientId ?? `client-${randomUUID().slice(0, 8)}`;
  const confidential = options.confidential ?? true;
  const secret = confidential ? randomBytes(24).toString('base64url') : undefined;
  const redirectUri = `https://${clientId}.example/callback`;
  await db
    .insertInto('oauth_clients')
    .values({
      client_id: clientId,
      edition: null,
      name: `App ${clientId}`,
      redirect_uris: JSON.stringify([redirectUri]),
      scopes: JSON.stringify(
        options.scopes ?? ['profile', 'email', 'phone', 'user', 'balance', 'offline_access'],
      ),
      homepage: `https://${clientId}.example/`,
      confidential,
      secret_enc: secret ? TEST_SECRETS.encrypt(secret) : null,
      auth_method: confidential ? (options.authMethod ?? 'client_secret_basic') : 'none',
      first_party: options.firstParty ?? false,
      ...(options.responseModes ? { response_modes: JSON.stringify(options.responseModes) } : {}),
      ...(options.postLogoutRedirectUris
        ? { post_logout_redirect_uris: JSON.stringify(options.postLogoutRedirectUris) }
        : {}),
      ...(options.backchannelLogoutUri ? { backchannel_logout_uri: options.backchannelLogoutUri } : {}),
    })
    .execute();
  return { clientId, ...(secret ? { secret } : {}), redirectUri };
}

/** A browser for one origin: a cookie jar, a device id and, once logged in, the bearer token. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly deviceId = randomUUID();
  token: string | undefined;

  constructor(readonly origin: string) {}

  async fetch(path: string, init: RequestInit & { api?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.api) {
      headers.set('x-device-id', this.deviceId);
      headers.set('accept', 'application/json');
      if (this.token) headers.set('authorization', `Bearer ${this.token}`);
    }
    const response = await fetch(new URL(path, this.origin), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async api(path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
    return this.fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      api: true,
      ...(init.json !== undefined
        ? { body: JSON.stringify(init.json), headers: { 'content-type': 'application/json' } }
        : {}),
    });
  }

  async logIn(account: TestAccount): Promise<void> {
    const response = await this.api('/token', {
      method: 'POST',
      json: { username: account.email, password: account.password },
    });
    expect(response.status).toBe(200);
    this.token = ((await response.json()) as { access_token: string }).access_token;
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizationStart {
  uid: string;
  approveUrl: URL;
  verifier: string;
  state: string;
}

/** The client sends the browser to /oauth/auth; answers the /approve address it lands on. */
export async function startAuthorization(
  browser: Browser,
  client: RegisteredClient,
  options: { scope?: string; redirectUri?: string; pkce?: boolean } = {},
): Promise<AuthorizationStart> {
  const start = await sendToAuthorization(browser, client, options);
  expect(start.location.pathname).toBe('/approve');
  return {
    uid: start.location.searchParams.get('uid')!,
    approveUrl: start.location,
    verifier: start.verifier,
    state: start.state,
  };
}

/** The client's redirect to /oauth/auth: answers where the server sends the browser. */
async function sendToAuthorization(
  browser: Browser,
  client: RegisteredClient,
  options: { scope?: string; redirectUri?: string; pkce?: boolean } = {},
) {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const query = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: options.redirectUri ?? client.redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'openid profile email user',
    state,
    ...(options.pkce === false ? {} : { code_challenge: challenge, code_challenge_method: 'S256' }),
  });
  const response = await browser.fetch(`/oauth/auth?${query}`);
  expect(response.status).toBe(303);
  return { location: new URL(response.headers.get('location')!, browser.origin), verifier, state };
}

/** Follows the resume address to the client's redirect_uri and answers that redirect. */
export async function resume(browser: Browser, target: string): Promise<URL> {
  const response = await browser.fetch(target);
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!, browser.origin);
}

/** Logs in, consents and answers the code sent to the client. */
export async function authorize(
  browser: Browser,
  client: RegisteredClient,
  options: { scope?: string } = {},
): Promise<{ code: string; verifier: string }> {
  const sent = await sendToAuthorization(browser, client, options);
  if (sent.location.pathname !== '/approve') {
    // Granted before, with a live portal session: the code comes back at once.
    expect(sent.location.searchParams.get('state')).toBe(sent.state);
    return { code: sent.location.searchParams.get('code')!, verifier: sent.verifier };
  }
  const start = { uid: sent.location.searchParams.get('uid')!, verifier: sent.verifier, state: sent.state };
  const details = await browser.api(`/authorize?uid=${start.uid}`);
  expect(details.status).toBe(200);
  const body = (await details.json()) as { approvalType: string | null; target: string | null };
  let target = body.target;
  if (body.approvalType === 'scopes') {
    const approval = await browser.api('/authorize', {
      method: 'POST',
      json: { uid: start.uid, decision: 'accept' },
    });
    expect(approval.status).toBe(200);
    target = ((await approval.json()) as { target: string }).target;
  }
  const callback = await resume(browser, target!);
  expect(callback.searchParams.get('state')).toBe(start.state);
  return { code: callback.searchParams.get('code')!, verifier: start.verifier };
}

/** A token endpoint call as the client makes it (HTTP Basic for a confidential client). */
export async function tokenRequest(
  origin: string,
  client: RegisteredClient,
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const form = new URLSearchParams(params);
  if (client.secret)
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.secret)}`).toString('base64')}`;
  else form.set('client_id', client.clientId);
  const response = await fetch(`${origin}/oauth/token`, { method: 'POST', headers, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export function exchangeCode(origin: string, client: RegisteredClient, code: string, verifier?: string) {
  return tokenRequest(origin, client, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    ...(verifier ? { code_verifier: verifier } : {}),
  });
}

export function refresh(origin: string, client: RegisteredClient, refreshToken: string) {
  return tokenRequest(origin, client, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

export async function newUser(db: Db) {
  return createAccount(db, { firstname: 'Olivia' });
}
