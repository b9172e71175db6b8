import { describe, expect, it } from 'vitest';
import { codeFlow } from './conformance-helpers';
import {
  Browser,
  exchangeCode,
  listeningAppPerFile,
  newUser,
  type RegisteredClient,
  registerClient,
} from './helpers';

// OpenID Connect Core 1.0 §9 (Client Authentication) with RFC 6749 §5.2 and RFC 7009 §2.1: a
// client authenticates with the method it registered, and revokes only its own tokens.

const test = listeningAppPerFile();

type Method = 'client_secret_basic' | 'client_secret_post';

/** A token endpoint call authenticated with the given method, whatever the client registered. */
async function post(path: string, client: RegisteredClient, method: Method, params: Record<string, string>) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const form = new URLSearchParams(params);
  if (method === 'client_secret_basic')
    headers.authorization = `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`;
  else {
    form.set('client_id', client.clientId);
    form.set('client_secret', client.secret!);
  }
  const response = await fetch(`${test.origin}${path}`, { method: 'POST', headers, body: form });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** A code for the client, not yet exchanged. */
async function freshCode(client: RegisteredClient) {
  const browser = new Browser(test.origin);
  await browser.logIn(await newUser(test.database.db));
  let code = '';
  let verifier = '';
  await codeFlow(browser, client, async (c, v) => {
    code = c;
    verifier = v;
    return { status: 200, body: { id_token: 'e30.e30.' } };
  });
  return { code, verifier };
}

/** A fresh code of a client registered with one method, exchanged presenting another (or the same). */
async function exchangePresenting(registered: Method, used: Method) {
  const client = await registerClient(test.database.db, { authMethod: registered });
  const { code, verifier } = await freshCode(client);
  return post('/oauth/token', client, used, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: client.redirectUri,
  });
}

describe('OpenID Connect Core 9: the registered authentication method only', () => {
  it.each([
    ['client_secret_basic', 'client_secret_post'],
    ['client_secret_post', 'client_secret_basic'],
  ] as const)('a %s client presenting %s is refused with invalid_client', async (registered, used) => {
    const refused = await exchangePresenting(registered, used);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');
  });

  it.each(['client_secret_basic', 'client_secret_post'] as const)(
    'a %s client presenting its own method gets tokens',
    async (method) => {
      const tokens = await exchangePresenting(method, method);
      expect(tokens.status).toBe(200);
      expect(tokens.body.access_token).toEqual(expect.any(String));
    },
  );
});

describe("RFC 7009 §2.1: revoking another client's token", () => {
  it('answers unauthorized_client and leaves the token valid', async () => {
    const owner = await registerClient(test.database.db);
    const other = await registerClient(test.database.db);
    const { code, verifier } = await freshCode(owner);
    const tokens = await exchangeCode(test.origin, owner, code, verifier);
    for (const hint of ['access_token', 'refresh_token'] as const) {
      const token = tokens.body[hint] as string;
      const refused = await post('/oauth/token/revocation', other, 'client_secret_basic', {
        token,
        token_type_hint: hint,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('unauthorized_client');
      const introspection = await post('/oauth/token/introspection', owner, 'client_secret_basic', { token });
      expect(introspection.body.active).toBe(true);
    }
    const userinfo = await fetch(`${test.origin}/oauth/me`, {
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    expect(userinfo.status).toBe(200);
  });

  it('the owner revokes its own token: 200, and it is gone', async () => {
    const owner = await registerClient(test.database.db);
    const { code, verifier } = await freshCode(owner);
    const tokens = await exchangeCode(test.origin, owner, code, verifier);
    const token = tokens.body.access_token as string;
    const revoked = await post('/oauth/token/revocation', owner, 'client_secret_basic', { token });
    expect(revoked.status).toBe(200);
    const introspection = await post('/oauth/token/introspection', owner, 'client_secret_basic', { token });
    expect(introspection.body.active).toBe(false);
  });
});
