import { hasControlCharacter } from '@vestibule/contract/control-characters';
import { allowedRedirect, sameOriginPath } from '@vestibule/contract/redirects';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../../web/src/lib/paths';
import { runOAuthCommand } from '../../src/flows/oauth/clients.command';
import { pkcePair, type RegisteredClient, registerClient } from '../oauth/helpers';
import { createAccount } from '../support/accounts';
import { login, sharedTestApp, TEST_SECRETS } from '../support/test-app';
import { HOSTILE_TARGETS, leavesOrigin, ROUTES, setCookies, standInWebBuild } from './helpers';

/**
 * Open redirect: every parameter that carries a place to go — the SPA's target and
 * redirect parameters, OAuth's redirect_uri (authorization, token, the consent API and the partner
 * page), the consent's resume target and the registration of client addresses — is sent the
 * payload list of helpers.ts. The server never answers a Location (or a target) that leaves the
 * origin, except the exact redirect URI a client registered. The SPA's own handling of targets is
 * covered by packages/web/src/features/oauth/redirect-abuse.test.ts with the same rule.
 */

const ORIGIN = 'http://localhost:3000';
/** Parameter names that carry a redirect target anywhere in the portal or in common use. */
const TARGET_PARAMS = [
  'target',
  'redirect',
  'redirect_uri',
  'redirectUri',
  'returnTo',
  'return_to',
  'next',
  'url',
  'continue',
];

// A stand-in build of the SPA, so that page routes answer as in production.
const web = standInWebBuild();
afterAll(() => web.remove());
const test = sharedTestApp({ WEB_DIST_DIR: web.dir });
let client: RegisteredClient;
let token: string;
beforeAll(async () => {
  client = await registerClient(test.database.db);
  const account = await createAccount(test.database.db);
  token = await login(test, account.email, account.password);
});

/** No redirect, or one that stays on this origin or goes to exactly a registered address. */
function expectNoOpenRedirect(response: InjectResponse, what: string, registered: string[] = []) {
  const location = response.headers.location as string | undefined;
  if (location === undefined) return;
  expect(
    allowedRedirect(location, { origin: ORIGIN, registered }) ??
      (leavesOrigin(location, ORIGIN) ? undefined : location),
    `${what}: Location ${location}`,
  ).toBeDefined();
  for (const hostile of ['evil.example', 'javascript:', 'data:', 'vbscript:'])
    expect(location.toLowerCase(), `${what}: Location ${location}`).not.toContain(hostile);
}

function authQuery(params: Record<string, string>) {
  return new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    scope: 'openid profile',
    state: 'st',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    ...params,
  });
}

/** Redirect URIs one step away from the registered one: none may be accepted. */
function nearMisses(uri: string): string[] {
  const url = new URL(uri);
  return [
    `${uri}/`,
    `${uri}/../../evil`,
    `${uri}?next=https://evil.example`,
    `${uri}#https://evil.example`,
    `${uri}%2F..%2F..%2Fevil`,
    `${url.protocol}//${url.host.toUpperCase()}${url.pathname}`,
    `${url.protocol}//${url.host}.evil.example${url.pathname}`,
    `${url.protocol}//evil.example@${url.host}${url.pathname}`,
    `${url.protocol}//${url.host}@evil.example${url.pathname}`,
    `http://${url.host}${url.pathname}`,
    ` ${uri}`,
    `${uri}\t`,
  ];
}

describe('open redirect: the server', () => {
  it('never redirects on a target parameter: every SPA page and every API GET route', async () => {
    const pages = [...new Set(Object.values(PATHS))];
    const apiGets = ROUTES.filter((route) => route.method === 'GET').map((route) =>
      route.path.replace(/:(\w+)/g, '1'),
    );
    expect(pages.length).toBeGreaterThan(40);
    for (const hostile of HOSTILE_TARGETS) {
      const query = new URLSearchParams(
        TARGET_PARAMS.map((name): [string, string] => [name, hostile]),
      ).toString();
      for (const path of [...pages, ...apiGets]) {
        const response = await test.call({ method: 'GET', url: `${path}?${query}`, token });
        expect(response.statusCode, `${path} with ${JSON.stringify(hostile)}`).toBeLessThan(500);
        expect(response.headers.location, `${path} with ${JSON.stringify(hostile)}`).toBeUndefined();
        // The payload is never echoed into the page (the SPA reads it, the server does not).
        if (String(response.headers['content-type']).startsWith('text/html'))
          expect(response.body).not.toContain('evil.example');
      }
    }
  });

  it('/oauth/auth: a hostile or near-miss redirect_uri lands on our partner page, never on it', async () => {
    for (const redirectUri of [...HOSTILE_TARGETS, ...nearMisses(client.redirectUri)]) {
      for (const method of ['GET', 'POST'] as const) {
        const query = authQuery({ redirect_uri: redirectUri });
        let response = await test.call(
          method === 'GET'
            ? { method, url: `/oauth/auth?${query}`, deviceId: null }
            : {
                method,
                url: '/oauth/auth',
                deviceId: null,
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: query.toString(),
              },
        );
        const what = `${method} /oauth/auth redirect_uri=${JSON.stringify(redirectUri)}`;
        if (method === 'POST') {
          // A POST is answered with a 303 to the same request as a GET on this endpoint
          // (docs/decisions/0031), which must then land on the partner page like any GET.
          expect(response.statusCode, what).toBe(303);
          const next = new URL(response.headers.location as string, ORIGIN);
          expect(`${next.origin}${next.pathname}`, what).toBe(`${ORIGIN}/oauth/auth`);
          response = await test.call({
            method: 'GET',
            url: `${next.pathname}${next.search}`,
            deviceId: null,
          });
        }
        expectNoOpenRedirect(response, what);
        expect(response.statusCode, what).toBe(303);
        const location = new URL(response.headers.location as string, ORIGIN);
        expect(location.origin, what).toBe(ORIGIN);
        expect(location.pathname, what).toBe('/partner');
        expect(location.searchParams.get('error'), what).toBeTruthy();
      }
    }
  });

  it('/oauth/auth: a hostile client_id cannot smuggle anything into the partner page address', async () => {
    for (const hostile of HOSTILE_TARGETS) {
      const response = await test.call({
        method: 'GET',
        url: `/oauth/auth?${authQuery({ client_id: hostile, redirect_uri: hostile })}`,
        deviceId: null,
      });
      expect(response.statusCode).toBe(303);
      const location = new URL(response.headers.location as string, ORIGIN);
      expect(`${location.origin}${location.pathname}`).toBe(`${ORIGIN}/partner`);
      expect(location.searchParams.get('client_id')).toBeNull();
      expectNoOpenRedirect(response, hostile);
    }
  });

  it('/oauth/token: a hostile redirect_uri gets a JSON error, never a redirect', async () => {
    for (const redirectUri of HOSTILE_TARGETS) {
      const response = await test.call({
        method: 'POST',
        url: '/oauth/token',
        deviceId: null,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`,
        },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'not-a-code',
          redirect_uri: redirectUri,
          code_verifier: pkcePair().verifier,
        }).toString(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
    }
  });

  it('the consent API: a hostile redirect_uri is refused, and the resume target and final redirect are allow-listed', async () => {
    const account = await createAccount(test.database.db);
    const bearer = await login(test, account.email, account.password);
    const started = await test.call({
      method: 'GET',
      url: `/oauth/auth?${authQuery({ redirect_uri: client.redirectUri })}`,
      deviceId: null,
    });
    expect(started.statusCode).toBe(303);
    const approve = new URL(started.headers.location as string, ORIGIN);
    expect(approve.pathname).toBe('/approve');
    const uid = approve.searchParams.get('uid')!;
    const cookies = Object.fromEntries(setCookies(started).map((cookie) => [cookie.name, cookie.value]));
    for (const hostile of [...HOSTILE_TARGETS, ...nearMisses(client.redirectUri)]) {
      const response = await test.call({
        method: 'GET',
        url: `/api/authorize?uid=${uid}&redirect_uri=${encodeURIComponent(hostile)}`,
        token: bearer,
        cookies,
      });
      // A target with a control character is refused before its schema (control-characters.test.ts).
      const [status, code] = hasControlCharacter(hostile)
        ? [400, 'control_characters']
        : [410, 'authorization_expired'];
      expect(response.statusCode, hostile).toBe(status);
      expect(response.json().code).toBe(code);
      expect(response.body).not.toContain('evil.example');
    }
    const details = await test.call({
      method: 'GET',
      url: `/api/authorize?uid=${uid}`,
      token: bearer,
      cookies,
    });
    expect(details.json().approvalType).toBe('scopes');
    const approval = await test.call({
      method: 'POST',
      url: '/api/authorize',
      token: bearer,
      cookies,
      payload: { uid, decision: 'accept' },
    });
    expect(approval.statusCode).toBe(200);
    const target = approval.json().target as string;
    // The SPA follows this target only because it is a path of this origin.
    expect(sameOriginPath(target, ORIGIN)).toBe(target);
    const resumed = await test.call({ method: 'GET', url: target, deviceId: null, cookies });
    expect(resumed.statusCode).toBe(303);
    const callback = new URL(resumed.headers.location as string);
    expect(`${callback.origin}${callback.pathname}`).toBe(client.redirectUri);
    expectNoOpenRedirect(resumed, 'resume', [resumed.headers.location as string]);
  });

  it('/api/partner: a redirect_uri the client did not register is invalid_partner, and no destination is given', async () => {
    for (const hostile of [...HOSTILE_TARGETS, ...nearMisses(client.redirectUri)]) {
      const response = await test.call({
        method: 'GET',
        url: `/api/partner?client_id=${client.clientId}&redirect_uri=${encodeURIComponent(hostile)}`,
        token,
      });
      const [status, code] = hasControlCharacter(hostile)
        ? [400, 'control_characters']
        : [404, 'invalid_partner'];
      expect(response.statusCode, hostile).toBe(status);
      expect(response.json().code).toBe(code);
      expect(response.json().destination).toBeUndefined();
    }
    const known = await test.call({
      method: 'GET',
      url: `/api/partner?client_id=${client.clientId}&redirect_uri=${encodeURIComponent(client.redirectUri)}`,
      token,
    });
    expect(known.statusCode).toBe(200);
    // The one address offered is the homepage the administrator registered.
    expect(known.json().destination).toBe(`https://${client.clientId}.example/`);
  });

  it('client registration refuses redirect URIs and homepages that are not absolute http(s) addresses', async () => {
    // Registration is the administrator's: what is no absolute http(s) address written out in
    // full (`https:host` parses as https://host/ but is not the string clients send) is refused.
    const refusable = HOSTILE_TARGETS.filter((target) => !/^https?:\/\/[^/\\]/i.test(target));
    expect(refusable.length).toBeGreaterThan(20);
    for (const hostile of refusable) {
      for (const option of ['--redirect-uri', '--homepage']) {
        const lines: string[] = [];
        const argv = [
          'clients',
          'add',
          '--name',
          'Evil',
          '--redirect-uri',
          'https://ok.example/cb',
          option,
          hostile,
        ];
        const code = await runOAuthCommand(test.database.db, argv, (line) => lines.push(line), TEST_SECRETS);
        expect(code, `${option} ${JSON.stringify(hostile)}: ${lines.join(' ')}`).not.toBe(0);
      }
    }
  });
});
