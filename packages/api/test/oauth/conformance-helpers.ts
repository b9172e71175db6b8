import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database';
import { latestCode, type MfaAccount } from '../mfa/helpers';
import { type Browser, pkcePair, type RegisteredClient } from './helpers';

// Shared by the conformance files (one per OpenID Connect section): the relying party's side of
// the protocol, spelled out so that each test says which parameter it sends.

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

export interface AuthorizationRequest {
  params: URLSearchParams;
  verifier: string;
  state: string;
}

/** The parameters of a code flow request with PKCE and state, plus any given. */
export function authorizationRequest(
  client: RegisteredClient,
  extra: Record<string, string> = {},
): AuthorizationRequest {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const params = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: 'openid email',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  return { params, verifier, state };
}

/** GET /oauth/auth: answers the response (303 to /approve, to the client, or a page). */
export function getAuthorization(browser: Browser, request: AuthorizationRequest) {
  return browser.fetch(`/oauth/auth?${request.params}`);
}

export function locationOf(response: Response, origin: string): URL {
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!, origin);
}

/** On /approve: GET /api/authorize, then the approval when scopes are asked; answers the resume path. */
export async function approve(browser: Browser, uid: string): Promise<string> {
  const details = await browser.api(`/authorize?uid=${uid}`);
  expect(details.status).toBe(200);
  const body = (await details.json()) as { approvalType: string | null; target: string | null };
  if (body.approvalType === null) return body.target!;
  const approval = await browser.api('/authorize', { method: 'POST', json: { uid, decision: 'accept' } });
  expect(approval.status).toBe(200);
  return ((await approval.json()) as { target: string }).target;
}

/** The whole code flow from the client's redirect to the tokens (ID token decoded). */
export async function codeFlow(
  browser: Browser,
  client: RegisteredClient,
  exchange: (code: string, verifier: string) => Promise<{ status: number; body: Record<string, unknown> }>,
  extra: Record<string, string> = {},
) {
  const request = authorizationRequest(client, extra);
  let location = locationOf(await getAuthorization(browser, request), browser.origin);
  if (location.pathname === '/approve') {
    const target = await approve(browser, location.searchParams.get('uid')!);
    location = locationOf(await browser.fetch(target), browser.origin);
  }
  expect(location.searchParams.get('state')).toBe(request.state);
  const code = location.searchParams.get('code');
  expect(code).toEqual(expect.any(String));
  const tokens = await exchange(code!, request.verifier);
  expect(tokens.status).toBe(200);
  return { tokens: tokens.body, idToken: decodeJwt(tokens.body.id_token as string) };
}

/** The password and an SMS code through the browser's API calls, as the SPA's login does. */
export async function logInWithSms(browser: Browser, db: Db, account: MfaAccount): Promise<void> {
  const password = await browser.api('/token', {
    method: 'POST',
    json: { username: account.email, password: account.password },
  });
  expect(password.status).toBe(401);
  const { mfa } = (await password.json()) as { mfa: { payload: string } };
  const started = await browser.api(`/mfa/sudo?mfaId=${account.methods.sms}&payload=${mfa.payload}`);
  expect(started.status).toBe(200);
  const { payload } = (await started.json()) as { payload: string };
  const code = await latestCode(db, account.phone);
  const verified = await browser.api('/mfa/sudo', { method: 'POST', json: { payload, code } });
  expect(verified.status).toBe(200);
  browser.token = ((await verified.json()) as { access_token: string }).access_token;
}

/** Moves the user's logins back in time, as if they had been made `seconds` ago. */
export async function ageLogin(db: Db, userId: number, seconds: number): Promise<Date> {
  const at = new Date(Math.floor(Date.now() / 1000 - seconds) * 1000);
  await db.updateTable('sessions').set({ authenticated_at: at }).where('user_id', '=', userId).execute();
  return at;
}

/** A local relying party's back-channel logout endpoint: records each logout_token it is sent. */
export interface BackChannelReceiver {
  uri: string;
  tokens: string[];
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function backChannelReceiver(): Promise<BackChannelReceiver> {
  const tokens: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.url !== '/backchannel-logout') return void response.writeHead(404).end();
      const token = new URLSearchParams(body).get('logout_token');
      if (request.method === 'POST' && token) tokens.push(token);
      response.writeHead(token ? 200 : 400).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    uri: `http://127.0.0.1:${port}/backchannel-logout`,
    tokens,
    async waitFor(count) {
      for (let i = 0; i < 50 && tokens.length < count; i++) await new Promise((r) => setTimeout(r, 20));
      expect(tokens.length).toBe(count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits for the next second: logins and requests are compared to the second (decision 0030). */
export async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
}
