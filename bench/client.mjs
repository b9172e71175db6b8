// A scripted browser for the bench: cookie jar, device id, bearer token; and the OAuth
// authorization-code flow with PKCE that yields refresh tokens for the demo partner
// (docs/decisions/0007-oauth.md, packages/api/test/oauth/helpers.ts).
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const DEMO_PARTNER = { clientId: 'demo-partner', redirectUri: 'http://127.0.0.1:4790/callback' };

export class BenchBrowser {
  cookies = new Map();
  deviceId = randomUUID();
  /** @type {string | undefined} */
  token = undefined;

  constructor(origin) {
    this.origin = origin;
  }

  /**
   * @param {string} path
   * @param {{ api?: boolean, method?: string, json?: unknown, form?: Record<string, string> }} [options]
   */
  async fetch(path, { api = false, method = 'GET', json, form } = {}) {
    const headers = new Headers();
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (api) {
      headers.set('x-device-id', this.deviceId);
      headers.set('accept', 'application/json');
      if (this.token) headers.set('authorization', `Bearer ${this.token}`);
    }
    let body;
    if (json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(json);
    } else if (form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(form);
    }
    const response = await fetch(new URL(path, this.origin), { method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const index = pair.indexOf('=');
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, index).trim());
      else this.cookies.set(pair.slice(0, index).trim(), value);
    }
    return response;
  }

  async logIn(username, password) {
    const response = await this.fetch('/api/token', {
      api: true,
      method: 'POST',
      json: { username, password },
    });
    if (response.status !== 200)
      throw new Error(`login of ${username}: ${response.status} ${await response.text()}`);
    this.token = /** @type {{ access_token: string }} */ (await response.json()).access_token;
    return this.token;
  }
}

/** One authorization (consent on the first one) and code exchange: answers a refresh token. */
export async function partnerRefreshToken(browser) {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: DEMO_PARTNER.clientId,
    redirect_uri: DEMO_PARTNER.redirectUri,
    response_type: 'code',
    scope: 'openid profile',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  let location = new URL(
    (await browser.fetch(`/oauth/auth?${query}`)).headers.get('location'),
    browser.origin,
  );
  if (location.pathname === '/approve') {
    const uid = location.searchParams.get('uid');
    const details = await (await browser.fetch(`/api/authorize?uid=${uid}`, { api: true })).json();
    let target = details.target;
    if (details.approvalType === 'scopes') {
      const approval = await browser.fetch('/api/authorize', {
        api: true,
        method: 'POST',
        json: { uid, decision: 'accept' },
      });
      target = (await approval.json()).target;
    }
    location = new URL((await browser.fetch(target)).headers.get('location'), browser.origin);
  }
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no authorization code: ${location}`);
  const tokens = await browser.fetch('/oauth/token', {
    method: 'POST',
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: DEMO_PARTNER.redirectUri,
      code_verifier: verifier,
      client_id: DEMO_PARTNER.clientId,
    },
  });
  const body = await tokens.json();
  if (!body.refresh_token) throw new Error(`no refresh token: ${JSON.stringify(body)}`);
  return body.refresh_token;
}
