import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/cli/commands';
import { runOAuthCommand } from '../../src/flows/oauth/clients.command';
import { findClient } from '../../src/flows/oauth/clients.queries';
import { loadKeys } from '../../src/flows/oauth/keys';
import { TEST_SECRETS, testConfig } from '../support/test-app';
import { authorize, Browser, exchangeCode, listeningAppPerFile, newUser, refresh } from './helpers';

const test = listeningAppPerFile();

async function run(...argv: string[]) {
  const lines: string[] = [];
  const code = await runOAuthCommand(test.database.db, argv, (line) => lines.push(line), TEST_SECRETS);
  return { code, output: lines.join('\n') };
}

const unique = () => `cli-${Math.random().toString(36).slice(2, 10)}`;

/** `clients add` of client `id`, its redirect URI on `id`.example, with the other flags given. */
function addClient(id: string, ...flags: string[]) {
  return run('clients', 'add', '--id', id, ...flags, '--redirect-uri', `https://${id}.example/cb`);
}

/** A confidential client `id` as the token endpoint knows it. */
const clientOf = (id: string, secret: string) => ({
  clientId: id,
  secret,
  redirectUri: `https://${id}.example/cb`,
});

/** The token answer for a new account that signed in and let `client` in for `scope`. */
async function tokensFrom(client: ReturnType<typeof clientOf>, scope: string) {
  const account = await newUser(test.database.db);
  const browser = new Browser(test.origin);
  await browser.logIn(account);
  const { code, verifier } = await authorize(browser, client, { scope });
  return exchangeCode(test.origin, client, code, verifier);
}

describe('npm run admin -- clients … and oauth rotate-keys', () => {
  it('clients add registers a confidential client whose secret, shown once, works at the token endpoint', async () => {
    const id = unique();
    const added = await addClient(
      id,
      '--name',
      'Budget app',
      '--scopes',
      'user balance offline_access',
      '--homepage',
      `https://${id}.example/`,
    );
    expect(added.code).toBe(0);
    const secret = /Client secret \(shown once, keep it safe\): (\S+)/.exec(added.output)?.[1];
    expect(secret).toBeDefined();
    const stored = await findClient(test.database.db, id);
    expect(stored).toMatchObject({
      name: 'Budget app',
      confidential: true,
      firstParty: false,
      scopes: ['user', 'balance', 'offline_access'],
    });
    expect(stored?.secretEnc).not.toContain(secret!);

    expect((await tokensFrom(clientOf(id, secret!), 'openid user')).status).toBe(200);

    const listed = await run('clients', 'list');
    expect(listed.output).toContain(`${id}  Budget app  [third-party, client_secret_basic, all editions]`);
  });

  it('clients update changes scopes and rotates the secret; remove revokes every grant and token', async () => {
    const id = unique();
    const added = await addClient(id, '--name', 'X', '--scopes', 'user');
    const oldSecret = /: (\S+)$/.exec(added.output)![1]!;
    const updated = await run(
      'clients',
      'update',
      id,
      '--scopes',
      'user email',
      '--name',
      'Y',
      '--rotate-secret',
    );
    expect(updated.code).toBe(0);
    const newSecret = /New client secret .*: (\S+)/.exec(updated.output)![1]!;
    expect(newSecret).not.toBe(oldSecret);
    expect(await findClient(test.database.db, id)).toMatchObject({ name: 'Y', scopes: ['user', 'email'] });

    const client = clientOf(id, newSecret);
    const tokens = await tokensFrom(client, 'openid email');
    expect(tokens.status).toBe(200);

    expect((await run('clients', 'remove', id)).code).toBe(0);
    expect(await findClient(test.database.db, id)).toBeUndefined();
    const left = await test.database.db
      .selectFrom('oauth_payloads')
      .select('id')
      .where('client_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expect((await refresh(test.origin, client, tokens.body.refresh_token as string)).status).toBe(401);
  });

  it('clients disable refuses the client and revokes its refresh tokens; enable lets it work again', async () => {
    const id = unique();
    const added = await addClient(id, '--name', 'D', '--scopes', 'user offline_access');
    const secret = /: (\S+)$/.exec(added.output)![1]!;
    const client = clientOf(id, secret);
    const tokens = await tokensFrom(client, 'openid offline_access');
    expect(tokens.status).toBe(200);

    expect(await run('clients', 'disable', id)).toMatchObject({ code: 0 });
    expect(await findClient(test.database.db, id)).toBeUndefined();
    expect((await run('clients', 'list')).output).toContain(
      `${id}  D  [third-party, client_secret_basic, all editions, DISABLED]`,
    );
    expect((await refresh(test.origin, client, tokens.body.refresh_token as string)).status).toBe(401);
    expect(await run('clients', 'disable', '2')).toMatchObject({ code: 2 });
    expect((await run('clients', 'remove', '51')).output).toContain(
      "the portal's own client 51 cannot be removed",
    );

    expect(await run('clients', 'enable', id)).toMatchObject({
      code: 0,
      output: `Client ${id} enabled again.`,
    });
    expect(await findClient(test.database.db, id)).toMatchObject({ name: 'D' });
  });

  it('only clients 2 and 51 are first-party, and they always are', async () => {
    const refused = await run(
      'clients',
      'add',
      '--id',
      unique(),
      '--first-party',
      '--name',
      'X',
      '--redirect-uri',
      'https://x.example/cb',
    );
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('only clients 2 and 51 are first-party');
    await test.database.db.deleteFrom('oauth_clients').where('client_id', '=', '51').execute();
    const added = await run(
      'clients',
      'add',
      '--id',
      '51',
      '--public',
      '--name',
      'Employee area',
      '--redirect-uri',
      'https://my.example.com/cb',
    );
    expect(added.code).toBe(0);
    expect(await findClient(test.database.db, '51')).toMatchObject({
      firstParty: true,
      confidential: false,
      authMethod: 'none',
    });
  });

  it('refuses unknown scopes, non-https redirect URIs and missing flags with a usage error', async () => {
    const base = ['clients', 'add', '--name', 'X'];
    expect(
      (await run(...base, '--redirect-uri', 'https://x.example/cb', '--scopes', 'user admin')).output,
    ).toContain('unknown scopes: admin');
    expect((await run(...base, '--redirect-uri', 'javascript:alert(1)')).code).toBe(2);
    expect((await run(...base, '--redirect-uri', 'https://x.example/cb#frag')).code).toBe(2);
    expect((await run('clients', 'add', '--name', 'X')).code).toBe(2);
    expect((await run('clients', 'remove', 'nobody')).code).toBe(2);
  });

  it('is reachable through runAdminCommand, whose usage lists it', async () => {
    const lines: string[] = [];
    const write = (line: string) => lines.push(line);
    expect(await runAdminCommand(test.database.db, ['nope'], write, TEST_SECRETS, testConfig())).toBe(2);
    expect(lines.join('\n')).toContain('clients add --name NAME');
    expect(lines.join('\n')).toContain('oauth rotate-keys');
  });

  it('oauth rotate-keys puts a new signing key first and keeps the old one published', async () => {
    const before = await loadKeys(test.database.db, TEST_SECRETS);
    const result = await run('oauth', 'rotate-keys');
    expect(result.code).toBe(0);
    const after = await loadKeys(test.database.db, TEST_SECRETS);
    expect(after.jwks.keys[0]?.kid).not.toBe(before.jwks.keys[0]?.kid);
    expect(after.jwks.keys.map((key) => key.kid)).toContain(before.jwks.keys[0]?.kid);
    expect(after.cookieKeys).toHaveLength(before.cookieKeys.length + 1);
    expect(after.version).not.toBe(before.version);
    // Keys are stored encrypted: no private exponent in clear.
    const rows = await test.database.db.selectFrom('oauth_keys').select('key_enc').execute();
    for (const row of rows) expect(row.key_enc).toMatch(new RegExp(`^v2:${TEST_SECRETS.activeKeyId}:`));
  });

  it('clients add and update register response modes and logout addresses (decisions 0031, 0033)', async () => {
    const id = unique();
    const added = await addClient(
      id,
      '--name',
      'Logout app',
      '--public',
      '--response-mode',
      'query',
      '--response-mode',
      'form_post',
      '--post-logout-redirect-uri',
      `https://${id}.example/bye`,
      '--backchannel-logout-uri',
      `https://${id}.example/backchannel`,
    );
    expect(added.code).toBe(0);
    expect(await findClient(test.database.db, id)).toMatchObject({
      responseModes: ['query', 'form_post'],
      postLogoutRedirectUris: [`https://${id}.example/bye`],
      backchannelLogoutUri: `https://${id}.example/backchannel`,
    });
    const listed = await run('clients', 'list');
    expect(listed.output).toContain('response modes: query form_post');
    expect(listed.output).toContain(`back-channel logout: https://${id}.example/backchannel`);

    const updated = await run(
      'clients',
      'update',
      id,
      '--response-mode',
      'fragment',
      '--no-post-logout',
      '--no-backchannel',
    );
    expect(updated.code).toBe(0);
    expect(await findClient(test.database.db, id)).toMatchObject({
      responseModes: ['fragment'],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
    });

    const wrongMode = await run('clients', 'update', id, '--response-mode', 'web_message');
    expect(wrongMode).toMatchObject({ code: 2, output: 'Error: unknown response modes: web_message' });
    const wrongAddress = await run(
      'clients',
      'update',
      id,
      '--backchannel-logout-uri',
      'javascript:alert(1)',
    );
    expect(wrongAddress.code).toBe(2);
    expect(wrongAddress.output).toContain(
      'back-channel logout URI javascript:alert(1) is not an absolute https',
    );
    const withFragment = await run(
      'clients',
      'update',
      id,
      '--post-logout-redirect-uri',
      `https://${id}.example/#x`,
    );
    expect(withFragment.code).toBe(2);
  });

  it('a new client answers in the query only unless told otherwise', async () => {
    const id = unique();
    await run(
      'clients',
      'add',
      '--id',
      id,
      '--name',
      'Plain',
      '--public',
      '--redirect-uri',
      `https://${id}.example/cb`,
    );
    expect(await findClient(test.database.db, id)).toMatchObject({
      responseModes: ['query'],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
    });
  });
});
