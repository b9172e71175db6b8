import { createPublicKey, verify } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import * as oidc from 'openid-client';

/** Where the demo partner (seeded, README) lives: its registered redirect URI is /callback here. */
export const PARTNER_PORT = 4790;
export const PARTNER_ORIGIN = `http://127.0.0.1:${PARTNER_PORT}`;

export interface PartnerApp {
  origin: string;
  /** Logout tokens received on the back channel (Back-Channel Logout 1.0), verified. */
  logoutTokens: Record<string, unknown>[];
  close(): Promise<void>;
}

/** Parameters of /login passed on to the authorization request as they are. */
const PASSED_PARAMS = ['prompt', 'max_age', 'response_mode', 'login_hint', 'ui_locales'] as const;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/**
 * Back-Channel Logout 1.0 §2.6: a logout token is an RS256 JWT of the issuer, for this client,
 * with the back-channel event and a sid or sub, and no nonce. The key comes from the JWKS.
 */
async function validateLogoutToken(config: oidc.Configuration, token: string, clientId: string) {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const { kid, alg } = JSON.parse(Buffer.from(header, 'base64url').toString());
  const metadata = config.serverMetadata();
  const jwks = (await (await loopbackFetch(metadata.jwks_uri!, { method: 'GET', headers: {} })).json()) as {
    keys: { kid: string }[];
  };
  const jwk = jwks.keys.find((key) => key.kid === kid);
  if (alg !== 'RS256' || !jwk) throw new Error('unknown key');
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url')))
    throw new Error('bad signature');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const events = claims.events as Record<string, unknown> | undefined;
  if (
    claims.iss !== metadata.issuer ||
    claims.aud !== clientId ||
    !events?.['http://schemas.openid.net/event/backchannel-logout'] ||
    'nonce' in claims ||
    !(claims.sid || claims.sub)
  )
    throw new Error('not a logout token');
  return claims;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * fetch for openid-client that reaches `*.localhost` hosts on the loopback address: Chromium
 * resolves them itself (DESIGN §2), Node's resolver does not. Everything else is plain HTTP.
 */
async function loopbackFetch(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: unknown; signal?: AbortSignal },
): Promise<Response> {
  const body =
    options.body === undefined || options.body === null
      ? undefined
      : Buffer.from(await new Response(options.body as BodyInit).arrayBuffer());
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: options.method,
        headers: options.headers,
        lookup: (_host, lookupOptions, callback) =>
          (lookupOptions as { all?: boolean }).all
            ? (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
                { address: '127.0.0.1', family: 4 },
              ])
            : (callback as (e: null, a: string, f: number) => void)(null, '127.0.0.1', 4),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(incoming.headers))
            for (const one of ([] as string[]).concat(value ?? [])) headers.append(name, one);
          const status = incoming.statusCode ?? 500;
          resolve(
            new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers }),
          );
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * A real third-party application built on openid-client, as a partner would write it: discovery,
 * authorization code with PKCE, token exchange, userinfo, refresh. It holds one user's tokens.
 */
export async function startPartnerApp(issuer: string, clientId = 'demo-partner'): Promise<PartnerApp> {
  const config = await oidc.discovery(new URL(issuer), clientId, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
    [oidc.customFetch]: loopbackFetch,
  });
  config[oidc.customFetch] = loopbackFetch;
  const redirectUri = `${PARTNER_ORIGIN}/callback`;
  let pending: { verifier: string; state: string } | undefined;
  let refreshToken: string | undefined;
  // The partner's own session: the ID token of the last login, until a logout ends it.
  let idToken: string | undefined;
  let sid: unknown;
  let endedBy: string | undefined;
  const logoutTokens: Record<string, unknown>[] = [];

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', PARTNER_ORIGIN);
    const send = (status: number, html: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html);
    };
    try {
      if (url.pathname === '/')
        return send(200, page('Demo Partner', '<a href="/login">Log in with Vestibule</a>'));
      if (url.pathname === '/login') {
        const verifier = oidc.randomPKCECodeVerifier();
        pending = { verifier, state: oidc.randomState() };
        const passed = Object.fromEntries(
          PASSED_PARAMS.flatMap((name) => {
            const value = url.searchParams.get(name);
            return value === null ? [] : [[name, value]];
          }),
        );
        const target = oidc.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: url.searchParams.get('scope') ?? 'openid profile email user balance offline_access',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state: pending.state,
          ...passed,
        });
        response.writeHead(302, { location: target.href });
        return response.end();
      }
      if (url.pathname === '/callback') {
        // form_post answers arrive as a POST of the same parameters (OAuth 2.0 Form Post Response Mode).
        const posted = request.method === 'POST' ? await readBody(request) : undefined;
        const answer = posted === undefined ? url.searchParams : new URLSearchParams(posted);
        const error = answer.get('error');
        if (error) return send(200, page('Login failed', `<p id="error">${escapeHtml(error)}</p>`));
        if (!pending) return send(400, page('Login failed', '<p id="error">no pending login</p>'));
        const current =
          posted === undefined
            ? url
            : new Request(url, {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: posted,
              });
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
        });
        pending = undefined;
        refreshToken = tokens.refresh_token;
        idToken = tokens.id_token;
        endedBy = undefined;
        const claims = tokens.claims();
        sid = claims?.sid;
        const userinfo = await oidc.fetchUserInfo(
          config,
          tokens.access_token,
          claims?.sub ?? oidc.skipSubjectCheck,
        );
        const result = {
          sub: claims?.sub,
          iss: claims?.iss,
          scope: tokens.scope,
          auth_time: claims?.auth_time,
          amr: claims?.amr,
          response_mode: posted === undefined ? 'query' : 'form_post',
          userinfo,
          refresh: Boolean(refreshToken),
        };
        return send(
          200,
          page(
            'Logged in',
            `<pre id="result">${escapeHtml(JSON.stringify(result))}</pre><a href="/refresh">Refresh</a>`,
          ),
        );
      }
      if (url.pathname === '/refresh') {
        if (!refreshToken) return send(400, page('Refresh', '<p id="refresh">no refresh token</p>'));
        try {
          const tokens = await oidc.refreshTokenGrant(config, refreshToken);
          refreshToken = tokens.refresh_token;
          return send(200, page('Refresh', '<p id="refresh">refresh: ok</p>'));
        } catch (cause) {
          const code = cause instanceof oidc.ResponseBodyError ? cause.error : 'failed';
          return send(200, page('Refresh', `<p id="refresh">refresh: failed (${escapeHtml(code)})</p>`));
        }
      }
      if (url.pathname === '/logout') {
        // RP-Initiated Logout 1.0: the portal ends its session and comes back to /logged-out.
        if (!idToken) return send(400, page('Logout', '<p id="status">not signed in</p>'));
        const target = oidc.buildEndSessionUrl(config, {
          id_token_hint: idToken,
          post_logout_redirect_uri: `${PARTNER_ORIGIN}/logged-out`,
          state: 'partner-logout',
        });
        idToken = undefined;
        endedBy = 'rp-initiated logout';
        response.writeHead(302, { location: target.href });
        return response.end();
      }
      if (url.pathname === '/logged-out')
        return send(
          200,
          page(
            'Logged out',
            `<p id="status">logged out (state ${escapeHtml(url.searchParams.get('state') ?? '')})</p>`,
          ),
        );
      if (url.pathname === '/backchannel-logout' && request.method === 'POST') {
        const token = new URLSearchParams(await readBody(request)).get('logout_token') ?? '';
        try {
          const claims = await validateLogoutToken(config, token, clientId);
          logoutTokens.push(claims);
          if (idToken && (claims.sid === undefined || claims.sid === sid)) {
            idToken = undefined;
            refreshToken = undefined;
            endedBy = 'back-channel logout';
          }
          response.writeHead(200, { 'cache-control': 'no-store' });
        } catch {
          response.writeHead(400);
        }
        return response.end();
      }
      if (url.pathname === '/status')
        return send(
          200,
          page(
            'Status',
            `<p id="status">${idToken ? 'signed in' : `signed out${endedBy ? ` by ${escapeHtml(endedBy)}` : ''}`}</p>`,
          ),
        );
      send(404, page('Not found', ''));
    } catch (cause) {
      send(500, page('Error', `<p id="error">${escapeHtml(String(cause))}</p>`));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(PARTNER_PORT, '127.0.0.1', resolve);
  });
  return {
    origin: PARTNER_ORIGIN,
    logoutTokens,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
