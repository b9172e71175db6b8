import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  authorize,
  Browser,
  exchangeCode,
  listeningAppPerFile,
  newUser,
  type RegisteredClient,
  refresh,
  registerClient,
} from './helpers';

// The refresh grant reads ahead and writes in one statement (src/flows/oauth/refresh-batch.ts,
// docs/decisions/0058): what oidc-provider guarantees must hold all the same.

const test = listeningAppPerFile();

async function grantedTokens(client: RegisteredClient, scope?: string) {
  const account = await newUser(test.database.db);
  const browser = new Browser(test.origin);
  await browser.logIn(account);
  const { code, verifier } = await authorize(browser, client, scope ? { scope } : {});
  const tokens = await exchangeCode(test.origin, client, code, verifier);
  expect(tokens.status).toBe(200);
  return { account, refreshToken: tokens.body.refresh_token as string };
}

function claimsOf(idToken: unknown): Record<string, unknown> {
  return JSON.parse(Buffer.from(String(idToken).split('.')[1] ?? '', 'base64url').toString('utf8'));
}

describe('refresh with rotation, read ahead and written in one statement', () => {
  it('answers a new ID token for the account, and new tokens that work', async () => {
    const client = await registerClient(test.database.db);
    const { account, refreshToken } = await grantedTokens(client, 'openid email profile');
    const first = await refresh(test.origin, client, refreshToken);
    expect(first.status).toBe(200);
    // The scope claims go to userinfo when an access token is answered (oidc-provider's default).
    expect(claimsOf(first.body.id_token)).toMatchObject({ sub: String(account.id), aud: client.clientId });
    const userinfo = await fetch(`${test.origin}/oauth/me`, {
      headers: { authorization: `Bearer ${first.body.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(((await userinfo.json()) as { email: string }).email).toBe(account.email);
    const second = await refresh(test.origin, client, first.body.refresh_token as string);
    expect(second.status).toBe(200);
  });

  it('of two refreshes racing with one token, one succeeds and the other is refused; no orphan token stays', async () => {
    const client = await registerClient(test.database.db);
    const { refreshToken } = await grantedTokens(client);
    const answers = await Promise.all([
      refresh(test.origin, client, refreshToken),
      refresh(test.origin, client, refreshToken),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body.error).toBe('invalid_grant');
    const { rows } = await sql<{ live: string }>`
      SELECT count(*) AS live FROM oauth_payloads
      WHERE model = 'RefreshToken' AND consumed_at IS NULL AND client_id = ${client.clientId}`.execute(
      test.database.db,
    );
    expect(Number(rows[0]?.live)).toBeLessThanOrEqual(1);
  });

  it('a refresh token presented by another client is refused and stays usable by its own', async () => {
    const owner = await registerClient(test.database.db);
    const other = await registerClient(test.database.db);
    const { refreshToken } = await grantedTokens(owner);
    const stolen = await refresh(test.origin, other, refreshToken);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
    expect((await refresh(test.origin, owner, refreshToken)).status).toBe(200);
  });

  it('a wrong client secret is refused before the refresh token is consumed', async () => {
    const client = await registerClient(test.database.db);
    const { refreshToken } = await grantedTokens(client);
    const refused = await refresh(test.origin, { ...client, secret: 'wrong' }, refreshToken);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');
    expect((await refresh(test.origin, client, refreshToken)).status).toBe(200);
  });

  it('the refresh token of a locked account is refused', async () => {
    const client = await registerClient(test.database.db);
    const { account, refreshToken } = await grantedTokens(client);
    await test.database.db
      .updateTable('users')
      .set({ locked_at: new Date() })
      .where('id', '=', account.id)
      .execute();
    const refused = await refresh(test.origin, client, refreshToken);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('an unknown refresh token is refused', async () => {
    const client = await registerClient(test.database.db);
    const refused = await refresh(test.origin, client, 'not-a-refresh-token-of-this-server-0000000000');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });
});
