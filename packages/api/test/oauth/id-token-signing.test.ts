import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runOAuthCommand } from '../../src/flows/oauth/clients.command';
import { findClient } from '../../src/flows/oauth/clients.queries';
import { loadKeys } from '../../src/flows/oauth/keys';
import { TEST_SECRETS } from '../support/test-app';
import { codeFlow } from './conformance-helpers';
import { Browser, exchangeCode, listeningAppPerFile, newUser, refresh, registerClient } from './helpers';

// Decision 0042: ID tokens are RS256 unless the client is registered for ES256; both keys are
// published, and every token checks against the JWKS.

const test = listeningAppPerFile();

async function signatureCheck(idToken: string) {
  const [header, payload, signature] = idToken.split('.') as [string, string, string];
  const { alg, kid } = JSON.parse(Buffer.from(header, 'base64url').toString());
  const { keys } = (await (await fetch(`${test.origin}/oauth/jwks`)).json()) as {
    keys: Array<{ kid: string; kty: string }>;
  };
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) return { alg, valid: false };
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  const data = Buffer.from(`${header}.${payload}`);
  const raw = Buffer.from(signature, 'base64url');
  const valid =
    alg === 'ES256'
      ? verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, raw)
      : verify('sha256', data, key, raw);
  return { alg, valid, kty: jwk.kty };
}

async function idTokensOf(idTokenAlgorithm?: 'ES256') {
  const client = await registerClient(test.database.db);
  if (idTokenAlgorithm)
    await test.database.db
      .updateTable('oauth_clients')
      .set({ id_token_signed_response_alg: idTokenAlgorithm })
      .where('client_id', '=', client.clientId)
      .execute();
  const browser = new Browser(test.origin);
  await browser.logIn(await newUser(test.database.db));
  const { tokens } = await codeFlow(browser, client, (code, verifier) =>
    exchangeCode(test.origin, client, code, verifier),
  );
  const refreshed = await refresh(test.origin, client, tokens.refresh_token as string);
  expect(refreshed.status).toBe(200);
  return [tokens.id_token as string, refreshed.body.id_token as string];
}

describe('ID token signing', () => {
  it('publishes an RSA key first and a P-256 key beside it', async () => {
    const { keys } = (await (await fetch(`${test.origin}/oauth/jwks`)).json()) as {
      keys: Array<{ kty: string; alg: string; crv?: string; d?: string }>;
    };
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(keys).toContainEqual(expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256' }));
    expect(keys.some((key) => key.d !== undefined)).toBe(false);
  });

  it('signs RS256 for a client registered without a choice, at the code exchange and at refresh', async () => {
    for (const idToken of await idTokensOf())
      expect(await signatureCheck(idToken)).toEqual({ alg: 'RS256', valid: true, kty: 'RSA' });
  });

  it('signs ES256 for a client registered for it, at the code exchange and at refresh', async () => {
    for (const idToken of await idTokensOf('ES256'))
      expect(await signatureCheck(idToken)).toEqual({ alg: 'ES256', valid: true, kty: 'EC' });
  });
});

describe('ID token signing: keys and registration', () => {
  it('gives a key set without a current P-256 key one on load, once, and keeps RSA first', async () => {
    const db = test.database.db;
    const before = await loadKeys(db, TEST_SECRETS);
    const ecKids = before.jwks.keys.filter((key) => key.kty === 'EC').map((key) => key.kid as string);
    // A key set as made before ES256: its EC keys retired (they stay published for a week).
    await db.updateTable('oauth_keys').set({ retired_at: new Date() }).where('kid', 'in', ecKids).execute();
    const after = await loadKeys(db, TEST_SECRETS);
    const currentEc = after.jwks.keys.filter(
      (key) => key.kty === 'EC' && !ecKids.includes(key.kid as string),
    );
    expect(currentEc).toHaveLength(1);
    expect(after.jwks.keys[0]?.kty).toBe('RSA');
    expect(after.jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining(ecKids));
    const again = await loadKeys(db, TEST_SECRETS);
    expect(again.version).toBe(after.version);
  });

  it('clients update --id-token-alg sets ES256 and back; another value is refused', async () => {
    const client = await registerClient(test.database.db);
    const lines: string[] = [];
    const run = (...argv: string[]) =>
      runOAuthCommand(test.database.db, argv, (line) => lines.push(line), TEST_SECRETS);
    const algorithm = async () => (await findClient(test.database.db, client.clientId))?.idTokenAlgorithm;
    expect(await algorithm()).toBe('RS256');
    expect(await run('clients', 'update', client.clientId, '--id-token-alg', 'ES256')).toBe(0);
    expect(await algorithm()).toBe('ES256');
    expect(await run('clients', 'update', client.clientId, '--id-token-alg', 'HS256')).not.toBe(0);
    expect(await algorithm()).toBe('ES256');
    expect(await run('clients', 'update', client.clientId, '--id-token-alg', 'RS256')).toBe(0);
    expect(await algorithm()).toBe('RS256');
  });
});
