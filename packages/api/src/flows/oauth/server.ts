import { editionForHost } from '@vestibule/contract/editions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { cookieDomain } from '../../account/login-cookie';
import type { AppContext } from '../../http/context';
import { overLimit } from '../../http/enforce-limit';
import { publicOrigin } from '../../http/public-origin';
import type { RateLimitRule } from '../../security/rate-limit';
import { checkOAuthInput, refuseOAuthInput } from './control-characters';
import { keysVersion, loadKeys } from './keys';
import { purgeExpiredPayloads } from './payload-purge';
import { loginCookieName } from './portal-session';
import { POSTABLE_ENDPOINTS, redirectPostedRequest } from './posted-request';
import { endOrphanedProviderSessions } from './session-links';

/** How often a running server asks whether the keys were rotated. */
const KEY_CHECK_INTERVAL_MS = 5_000;
/** Issuers kept at once: one per edition. */
const MAX_ISSUERS = 2;
const PURGE_INTERVAL_MS = 10 * 60_000;

/** Headers of every /oauth answer: JSON, redirects and nothing to frame, script or submit. */
const OAUTH_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  // Codes travel in redirect URLs: never leak them to the next site in a Referer.
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/**
 * The token endpoint takes client secrets, codes and refresh tokens: a budget per client IP, on
 * top of what oidc-provider checks (codes and secrets are long and random, but guessing must stay
 * slow and visible). Partner back ends calling from one address fit well within the default.
 */
function tokenEndpointPerIp(limit: number): RateLimitRule {
  return { name: 'oauth:token:ip', limit, windowSeconds: 15 * 60 };
}

function isTokenEndpoint(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return request.method === 'POST' && (path === '/oauth/token' || path.startsWith('/oauth/token/'));
}

export interface OAuthServer {
  /** The authorization server of the request's origin (its issuer), built on first use. */
  forRequest(request: FastifyRequest): Promise<Provider>;
  /** Its Koa request handler. */
  handlerFor(request: FastifyRequest): Promise<ReturnType<Provider['callback']>>;
  /**
   * Ends the provider sessions of portal sessions that ended and tells their clients (Back-Channel
   * Logout): call after a portal session ends; the purge also runs it for expired ones.
   */
  endSessionsOfEndedPortalSessions(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    oauth: OAuthServer;
  }
}

/**
 * The issuer of a request: its edition's configured public origin (PUBLIC_URL, PUBLIC_URL_LU),
 * so each edition has its own (DESIGN §2) and a forged Host never reaches a discovery document.
 */
export function issuerOf(request: FastifyRequest): string {
  return publicOrigin(request.server.ctx.config, request.edition.id);
}

function createOAuthServer(ctx: AppContext): OAuthServer {
  let providers = new Map<
    string,
    Promise<{ provider: Provider; handler: ReturnType<Provider['callback']> }>
  >();
  let version: string | undefined;
  let checkedAt = 0;

  async function refreshIfRotated() {
    if (Date.now() - checkedAt < KEY_CHECK_INTERVAL_MS) return;
    checkedAt = Date.now();
    const current = await keysVersion(ctx.db);
    if (current !== version) {
      version = current;
      providers = new Map();
    }
  }

  async function build(issuer: string) {
    const keys = await loadKeys(ctx.db, ctx.secrets);
    version ??= keys.version;
    const edition = editionForHost(new URL(issuer).hostname, ctx.config.luHostMarker);
    // oidc-provider and its Koa stack (~15 MB) load with the first /oauth request (decision 0059).
    const { createProvider } = await import('./provider');
    const provider = createProvider({
      issuer,
      edition,
      keys,
      ...ctx,
      clearLoginCookie: (koa) => koa.append('set-cookie', expiredLoginCookie(ctx, koa.hostname)),
      afterPortalSessionEnded: async () => void (await endEnded()),
    });
    return { provider, handler: provider.callback() };
  }

  async function entry(request: FastifyRequest) {
    return entryFor(issuerOf(request));
  }

  async function entryFor(issuer: string) {
    await refreshIfRotated();
    let found = providers.get(issuer);
    if (!found) {
      if (providers.size >= MAX_ISSUERS) providers.delete(providers.keys().next().value as string);
      found = build(issuer);
      found.catch(() => providers.delete(issuer));
      providers.set(issuer, found);
    }
    return found;
  }

  function endEnded() {
    return endOrphanedProviderSessions(ctx.db, async (issuer) => (await entryFor(issuer)).provider, ctx.log);
  }

  return {
    forRequest: async (request) => (await entry(request)).provider,
    handlerFor: async (request) => (await entry(request)).handler,
    endSessionsOfEndedPortalSessions: endEnded,
  };
}

/**
 * oidc-provider builds its endpoint URLs (discovery, redirects) from the request's host and
 * scheme: give it the issuer's, and the client address Fastify trusts, so that neither a forged
 * Host nor X-Forwarded-* headers reach a URL it publishes (the provider reads them as a proxy's).
 */
function pinToIssuer(request: FastifyRequest, issuer: string) {
  const url = new URL(issuer);
  const headers = request.raw.headers;
  headers.host = url.host;
  headers['x-forwarded-host'] = url.host;
  headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
  headers['x-forwarded-for'] = request.ip;
}

/** A Set-Cookie that removes the portal's login cookie (same name, path and domain as set). */
function expiredLoginCookie(ctx: AppContext, hostname: string): string {
  const domain = cookieDomain(hostname);
  return [
    `${loginCookieName(ctx.config.cookiePrefix)}=`,
    'Path=/',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    'Max-Age=0',
    'HttpOnly',
    'SameSite=Lax',
    ...(ctx.config.secureCookies ? ['Secure'] : []),
    ...(domain ? [`Domain=${domain}`] : []),
  ].join('; ');
}

/** Mounts the authorization server: /oauth/* and the discovery document, on the app's origin. */
export async function registerOAuth(app: FastifyInstance) {
  const server = createOAuthServer(app.ctx);
  app.decorate('oauth', server);

  const tokenLimit = tokenEndpointPerIp(app.ctx.config.oauthTokenPerIpLimit);

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const wait = isTokenEndpoint(request) ? await overLimit(request, tokenLimit, request.ip) : undefined;
    if (wait !== undefined)
      // An OAuth-shaped error (RFC 6749 §5.2 fields) for the client's software, not a person.
      return reply
        .code(429)
        .headers({ ...OAUTH_HEADERS, 'retry-after': String(wait) })
        .send({ error: 'too_many_requests', error_description: 'Too many requests, try again later.' });
    const path = request.url.split('?')[0] ?? '';
    if (request.method === 'POST' && POSTABLE_ENDPOINTS.has(path))
      return redirectPostedRequest(request, reply, path, OAUTH_HEADERS);
    const input = await checkOAuthInput(request);
    if (input.refused) return refuseOAuthInput(request, reply, OAUTH_HEADERS);
    const handler = await server.handlerFor(request);
    pinToIssuer(request, issuerOf(request));
    reply.hijack();
    for (const [name, value] of Object.entries(OAUTH_HEADERS)) reply.raw.setHeader(name, value);
    if (app.ctx.config.production)
      reply.raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
    await handler(input.raw, reply.raw);
  }

  await app.register(async (scope) => {
    // oidc-provider reads its own request bodies: Fastify must leave the stream untouched here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/oauth/*', forward);
    scope.all('/.well-known/openid-configuration', forward);
  });

  const purge = setInterval(() => {
    purgeExpiredPayloads(app.ctx.db).catch((error) => app.log.warn({ err: error }, 'oauth purge failed'));
    // Expired portal sessions end their provider sessions too (the others end at once, see routes).
    server
      .endSessionsOfEndedPortalSessions()
      .catch((error) => app.log.warn({ err: error }, 'oauth session end failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}
