import { describe, expect, it } from 'vitest';
import {
  authorize,
  Browser,
  exchangeCode,
  listeningAppPerFile,
  newUser,
  pkcePair,
  type RegisteredClient,
  registerClient,
  tokenRequest,
} from '../oauth/helpers';

/**
 * PKCE enforced: for confidential and public clients alike, an authorization request
 * without an S256 code challenge never reaches the consent screen, and a code is exchanged for
 * tokens only with the verifier of its own challenge.
 */

const test = listeningAppPerFile();

const KINDS = [
  ['confidential', { confidential: true }],
  ['public', { confidential: false }],
] as const;

function authUrl(client: RegisteredClient, pkce: Record<string, string>) {
  return `/oauth/auth?${new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: 'openid profile',
    state: 'pkce-test',
    ...pkce,
  })}`;
}

describe('PKCE', () => {
  it('discovery offers S256 only', async () => {
    const response = await fetch(`${test.origin}/.well-known/openid-configuration`);
    const document = (await response.json()) as { code_challenge_methods_supported?: string[] };
    expect(document.code_challenge_methods_supported).toEqual(['S256']);
  });

  describe.each(KINDS)('%s client', (_kind, options) => {
    it.each([
      ['no challenge at all', {}],
      ['the plain method', { code_challenge: pkcePair().verifier, code_challenge_method: 'plain' }],
      [
        'a method PKCE does not know',
        { code_challenge: pkcePair().challenge, code_challenge_method: 'S512' },
      ],
      ['a challenge too short to be S256', { code_challenge: 'abc', code_challenge_method: 'S256' }],
      ['a method without its challenge', { code_challenge_method: 'S256' }],
    ])(
      'an authorization request with %s goes back to the client as an error, never to consent',
      async (_what, pkce) => {
        const client = await registerClient(test.database.db, options);
        const account = await newUser(test.database.db);
        const browser = new Browser(test.origin);
        await browser.logIn(account);
        const response = await browser.fetch(authUrl(client, pkce));
        expect(response.status).toBe(303);
        const location = new URL(response.headers.get('location')!, test.origin);
        expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
        expect(location.searchParams.get('error')).toBe('invalid_request');
        expect(location.searchParams.get('code')).toBeNull();
        expect(location.searchParams.get('state')).toBe('pkce-test');
      },
    );

    it('a code is exchanged only with the verifier of its own challenge', async () => {
      const client = await registerClient(test.database.db, options);
      const account = await newUser(test.database.db);
      const browser = new Browser(test.origin);
      await browser.logIn(account);
      const { code, verifier } = await authorize(browser, client);
      const other = pkcePair();
      for (const [what, attempt] of [
        ['no verifier', undefined],
        ['another verifier', other.verifier],
        ['the challenge itself (plain)', pkcePair().challenge],
        [
          'the verifier with a character changed',
          `${verifier.slice(0, -1)}${verifier.endsWith('A') ? 'B' : 'A'}`,
        ],
      ] as const) {
        const response = await exchangeCode(test.origin, client, code, attempt);
        expect(response.status, what).toBe(400);
        expect(response.body.error, what).toBe('invalid_grant');
        expect(response.body.access_token, what).toBeUndefined();
      }
    });

    it('an empty verifier is refused like a missing one', async () => {
      const client = await registerClient(test.database.db, options);
      const account = await newUser(test.database.db);
      const browser = new Browser(test.origin);
      await browser.logIn(account);
      const { code } = await authorize(browser, client);
      const response = await tokenRequest(test.origin, client, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirectUri,
        code_verifier: '',
      });
      expect(response.status).toBe(400);
      expect(response.body.access_token).toBeUndefined();
    });
  });
});
