import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/security/session.queries';
import { listeningAppPerFile, registerClient } from '../oauth/helpers';
import { createAccount } from '../support/accounts';
import { expectError, fillPath, ROUTES, schemaKeys } from './helpers';

/**
 * Control characters (NUL, the other C0 and C1 codes, DEL) in any input: PostgreSQL refuses a NUL
 * in text and jsonb, so one that reached a query was a 500. Every API body, query and path value,
 * and every /oauth parameter, is refused at the edge with a typed 400 instead.
 */

const test = listeningAppPerFile();

const HOSTILE = ['a\u0000b', '\u0000', 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u0085b'];

async function bearer() {
  const account = await createAccount(test.database.db);
  const { token } = await createSession(test.database.db, {
    userId: account.id,
    deviceId: '00000000-0000-4000-8000-0000000c0c0c',
    userAgent: 'control-characters',
    ip: '127.0.0.1',
  });
  return { account, token };
}

describe('control characters in API input', () => {
  it('POST /api/token with a NUL in the username or the client_id answers 400 control_characters, translated', async () => {
    const { account } = await bearer();
    for (const value of HOSTILE)
      for (const payload of [
        { username: `${account.email}${value}`, password: account.password },
        { username: account.email, password: account.password, client_id: value },
        { username: value, password: 'x' },
      ]) {
        const response = await test.call({
          method: 'POST',
          url: '/api/token',
          headers: { 'accept-language': 'nl' },
          payload,
        });
        expectError(response, 400, 'control_characters');
        expect(response.json().message).toMatch(/stuurtekens/);
        expect(Object.keys(response.json().fields ?? {})).toHaveLength(1);
      }
  });

  it('every route refuses a control character in every body and query field it reads (no 5xx)', async () => {
    const { token } = await bearer();
    const swept: string[] = [];
    for (const { key, method, path, route } of ROUTES) {
      const fields = [
        ...schemaKeys(route.body).map((f) => ['body', f]),
        ...schemaKeys(route.query).map((f) => ['query', f]),
      ];
      for (const [where, field] of fields) {
        const url = fillPath(path);
        const response = await test.call({
          method: method as 'POST',
          url: where === 'query' ? `${url}?${new URLSearchParams({ [field!]: 'x\u0000' })}` : url,
          token,
          ...(where === 'body' ? { payload: { [field!]: 'x\u0000' } } : {}),
        });
        // Authentication and restrictions come first; what reaches the schema is refused there.
        expect(response.statusCode, `${key} ${where}.${field}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode !== 401 && response.statusCode !== 403)
          expect(response.json().code, `${key} ${where}.${field}`).toBe('control_characters');
        swept.push(`${key} ${field}`);
      }
    }
    expect(swept.length).toBeGreaterThan(40);
  });

  it('a control character in a path parameter is refused too', async () => {
    const { token } = await bearer();
    const response = await test.call({ method: 'DELETE', url: '/api/token/demo%00partner', token });
    expect(response.statusCode).toBe(400);
  });
});

describe('control characters in /oauth parameters', () => {
  const hostile = (name: string) => ({ [name]: 'x\u0000y' });

  it('/oauth/auth with a NUL in any parameter never ends in server_error', async () => {
    const client = await registerClient(test.database.db);
    const base = {
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      response_type: 'code',
      scope: 'openid',
      state: 'st',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    };
    for (const name of [...Object.keys(base), 'nonce', 'login_hint', 'ui_locales', 'prompt', 'max_age'])
      for (const method of ['GET', 'POST']) {
        const query = new URLSearchParams({ ...base, ...hostile(name) });
        const response = await fetch(
          `${test.origin}/oauth/auth${method === 'GET' ? `?${query}` : ''}`,
          method === 'GET'
            ? { redirect: 'manual' }
            : {
                method,
                redirect: 'manual',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: query,
              },
        );
        expect(response.status, `${method} ${name}`).toBeLessThan(500);
        // A POST is answered with a 303 to the same request as a GET (decision 0031): follow it.
        const followed =
          method === 'POST'
            ? await fetch(new URL(response.headers.get('location')!, test.origin), { redirect: 'manual' })
            : response;
        const location = followed.headers.get('location') ?? '';
        expect(location, `${method} ${name}`).not.toContain('server_error');
        expect(location, `${method} ${name}`).toContain('error=invalid_request');
      }
  });

  it('/oauth/token, revocation and introspection with a NUL answer 400 invalid_request', async () => {
    const client = await registerClient(test.database.db, { confidential: false });
    const cases = [
      [
        '/oauth/token',
        { grant_type: 'authorization_code', client_id: 'x\u0000', code: 'c', code_verifier: 'v' },
      ],
      [
        '/oauth/token',
        { grant_type: 'authorization_code', client_id: client.clientId, code: 'c\u0000', code_verifier: 'v' },
      ],
      ['/oauth/token', { grant_type: 'refresh_token', client_id: client.clientId, refresh_token: '\u0000' }],
      ['/oauth/token/revocation', { client_id: client.clientId, token: 'a\u0000' }],
      ['/oauth/token/introspection', { client_id: client.clientId, token: 'a\u0000' }],
    ] as const;
    for (const [path, params] of cases) {
      const response = await fetch(`${test.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params),
      });
      expect(response.status, `${path} ${JSON.stringify(params)}`).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
    }
  });

  it('a NUL in the client id of HTTP Basic client authentication answers 400 invalid_request', async () => {
    const credentials = Buffer.from(`${encodeURIComponent('demo\u0000partner')}:secret`).toString('base64');
    const response = await fetch(`${test.origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${credentials}` },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'r' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('a NUL in a /oauth query is refused on any endpoint (userinfo, end_session, jwks)', async () => {
    for (const path of [
      '/oauth/me?access_token=%00',
      '/oauth/session/end?id_token_hint=%00',
      '/oauth/jwks?x=%00',
    ]) {
      const response = await fetch(`${test.origin}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBeLessThan(500);
      expect(response.status, path).not.toBe(200);
    }
  });
});
