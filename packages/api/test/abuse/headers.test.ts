import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../../web/src/lib/paths';
import { contentSecurityPolicy } from '../../src/http/security-headers';
import { PRODUCTION_APP_ENV } from '../support/production-env';
import { sharedTestApp, type TestApp } from '../support/test-app';
import { fillPath, ROUTES, standInWebBuild } from './helpers';

/**
 * Security headers and CSP on every answer: every SPA page on both editions, its
 * assets, every API route whatever it answers (success, 4xx of each kind, router errors), the
 * operations endpoints, the dev inbox, and the authorization server's own strict set under /oauth.
 * HSTS on all of them in production. A CSP never allows inline or evaluated scripts.
 */

const web = standInWebBuild();
afterAll(() => web.remove());
const test = sharedTestApp({ WEB_DIST_DIR: web.dir });
const production = sharedTestApp({ WEB_DIST_DIR: web.dir, ...PRODUCTION_APP_ENV });

const PORTAL_CSP = contentSecurityPolicy({ tagManager: false });

/** The portal's headers (security-headers.ts). */
function expectPortalHeaders(response: InjectResponse, what: string, options: { hsts?: boolean } = {}) {
  const h = response.headers;
  expect(h['content-security-policy'], what).toBe(PORTAL_CSP);
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(h['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(h['permissions-policy'], what).toContain('camera=()');
  if (options.hsts) expect(h['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
  else expect(h['strict-transport-security'], what).toBeUndefined();
  expect(h['access-control-allow-origin'], what).toBeUndefined();
  expect(h['x-powered-by'], what).toBeUndefined();
}

/** The authorization server's stricter set (flows/oauth/server.ts). */
function expectOAuthHeaders(response: InjectResponse, what: string, options: { hsts?: boolean } = {}) {
  const h = response.headers;
  const csp = h['content-security-policy'] as string;
  expect(csp, what).toContain("default-src 'none'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("form-action 'none'");
  expect(csp, what).toContain("base-uri 'none'");
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['referrer-policy'], what).toBe('no-referrer');
  if (options.hsts) expect(h['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
}

/** Every request the sweep makes of an app: pages, assets, API routes, errors, operations. */
function portalRequests(options: { devInbox: boolean }) {
  const requests: {
    what: string;
    method: string;
    url: string;
    host?: string;
    body?: string;
    type?: string;
  }[] = [];
  for (const host of ['localhost:3000', 'lu.localhost:3000'])
    for (const path of new Set([...Object.values(PATHS), '/no/such/page']))
      requests.push({ what: `page ${path} on ${host}`, method: 'GET', url: path, host });
  requests.push({ what: 'asset', method: 'GET', url: '/assets/app.js' });
  requests.push({ what: 'missing asset', method: 'GET', url: '/assets/missing.js' });
  for (const { key, method, path } of ROUTES)
    requests.push({
      what: key,
      method,
      url: fillPath(path, { payload: '00000000-0000-4000-8000-000000000000' }),
    });
  requests.push(
    { what: 'unknown API path', method: 'GET', url: '/api/no-such-route' },
    {
      what: 'malformed JSON',
      method: 'POST',
      url: '/api/token',
      body: '{"username":',
      type: 'application/json',
    },
    {
      what: 'too large',
      method: 'POST',
      url: '/api/token',
      body: `"${'x'.repeat(200_000)}"`,
      type: 'application/json',
    },
    { what: 'unsupported media type', method: 'POST', url: '/api/token', body: '<a/>', type: 'text/xml' },
    { what: 'malformed URL', method: 'GET', url: '/api/user/emails/%E0%A4%A' },
    { what: 'over-long parameter', method: 'DELETE', url: `/api/sessions/${'9'.repeat(300)}` },
    { what: 'POST to a page', method: 'POST', url: '/login/email' },
    { what: 'healthz', method: 'GET', url: '/healthz' },
    { what: 'readyz', method: 'GET', url: '/readyz' },
    { what: 'metrics', method: 'GET', url: '/metrics' },
    { what: 'OpenAPI document', method: 'GET', url: '/api/openapi.json' },
    { what: 'status', method: 'GET', url: '/api/status' },
  );
  if (options.devInbox)
    for (const url of ['/dev/inbox', '/dev/inbox.json', '/dev/inbox.css'])
      requests.push({ what: url, method: 'GET', url });
  return requests;
}

function send(app: TestApp, request: ReturnType<typeof portalRequests>[number]) {
  return app.call({
    method: request.method as 'GET',
    url: request.url,
    host: request.host,
    ...(request.body !== undefined
      ? { payload: request.body, headers: { 'content-type': request.type ?? 'application/json' } }
      : {}),
  });
}

const OAUTH_REQUESTS = [
  { what: 'discovery', method: 'GET', url: '/.well-known/openid-configuration' },
  { what: 'JWKS', method: 'GET', url: '/oauth/jwks' },
  { what: 'authorization error', method: 'GET', url: '/oauth/auth?client_id=nobody' },
  { what: 'token error', method: 'POST', url: '/oauth/token' },
  { what: 'userinfo without token', method: 'GET', url: '/oauth/me' },
  { what: 'unknown /oauth path', method: 'GET', url: '/oauth/nothing' },
] as const;

describe('security headers and CSP', () => {
  it('the CSP allows no inline or evaluated script, no plugin, no framing, no foreign base or form target', () => {
    for (const options of [
      { tagManager: false },
      { tagManager: true },
      { tagManager: true, captcha: 'turnstile' as const },
      { tagManager: false, captcha: 'hcaptcha' as const },
      { tagManager: false, captcha: 'recaptcha' as const },
    ]) {
      const csp = contentSecurityPolicy(options);
      const directives = new Map(
        csp.split(';').map((part) => {
          const [name = '', ...values] = part.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      const scripts = directives.get('script-src') ?? [];
      expect(scripts, csp).toContain("'self'");
      for (const unsafe of [
        "'unsafe-inline'",
        "'unsafe-eval'",
        "'unsafe-hashes'",
        "'strict-dynamic'",
        '*',
        'data:',
        'http:',
        'https:',
      ])
        expect(scripts, `${unsafe} in ${csp}`).not.toContain(unsafe);
      expect(directives.get('default-src'), csp).toEqual(["'self'"]);
      expect(directives.get('object-src'), csp).toEqual(["'none'"]);
      expect(directives.get('base-uri'), csp).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors'), csp).toEqual(["'none'"]);
      expect(directives.get('form-action'), csp).toEqual(["'self'"]);
      expect(directives.get('style-src') ?? [], csp).not.toContain("'unsafe-inline'");
    }
  });

  it('every page, asset, API answer, error and operations endpoint carries the portal headers', async () => {
    const requests = portalRequests({ devInbox: true });
    expect(requests.length).toBeGreaterThan(150);
    for (const request of requests) {
      const response = await send(test, request);
      expect(response.statusCode, request.what).toBeLessThan(500);
      expectPortalHeaders(response, `${request.what} (${response.statusCode})`);
    }
  });

  it('pages are HTML that is never cached, with the runtime configuration as data, not script', async () => {
    for (const path of Object.values(PATHS)) {
      const response = await test.call({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], path).toBe('no-cache');
      expect(response.body).toContain('<script id="vestibule-config" type="application/json">');
    }
  });

  it('every /oauth answer carries the authorization server’s strict headers', async () => {
    for (const request of OAUTH_REQUESTS) {
      const response = await test.call({ method: request.method, url: request.url, deviceId: null });
      expectOAuthHeaders(response, `${request.what} (${response.statusCode})`);
    }
  });

  it('in production every answer also carries HSTS', async () => {
    for (const request of portalRequests({ devInbox: false })) {
      const response = await send(production, request);
      expectPortalHeaders(response, `${request.what} (${response.statusCode})`, { hsts: true });
    }
    for (const request of OAUTH_REQUESTS) {
      const response = await production.call({ method: request.method, url: request.url, deviceId: null });
      expectOAuthHeaders(response, `${request.what} (${response.statusCode})`, { hsts: true });
    }
    // The dev inbox does not exist in production.
    expect((await production.call({ method: 'GET', url: '/dev/inbox.json' })).statusCode).toBe(404);
  });
});
