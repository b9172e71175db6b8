import { createServer, request as httpRequest, type Server } from 'node:http';
import * as oidc from 'openid-client';

/** Where the demo partner (seeded, README) lives: its registered redirect URI is /callback here. */
export const PARTNER_PORT = 4790;
export const PARTNER_ORIGIN = `http://127.0.0.1:${PARTNER_PORT}`;

export interface PartnerApp {
  origin: string;
  close(): Promise<void>;
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
        const target = oidc.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: url.searchParams.get('scope') ?? 'openid profile email user balance offline_access',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state: pending.state,
        });
        response.writeHead(302, { location: target.href });
        return response.end();
      }
      if (url.pathname === '/callback') {
        const error = url.searchParams.get('error');
        if (error) return send(200, page('Login failed', `<p id="error">${escapeHtml(error)}</p>`));
        if (!pending) return send(400, page('Login failed', '<p id="error">no pending login</p>'));
        const tokens = await oidc.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
        });
        pending = undefined;
        refreshToken = tokens.refresh_token;
        const claims = tokens.claims();
        const userinfo = await oidc.fetchUserInfo(
          config,
          tokens.access_token,
          claims?.sub ?? oidc.skipSubjectCheck,
        );
        const result = {
          sub: claims?.sub,
          iss: claims?.iss,
          scope: tokens.scope,
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
