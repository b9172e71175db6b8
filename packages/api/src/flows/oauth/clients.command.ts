import { randomBytes } from 'node:crypto';
import { FIRST_PARTY_CLIENT_IDS } from '@vestibule/contract/constants';
import { isAdminScope } from '@vestibule/contract/schemas/admin';
import { clientIdSchema } from '@vestibule/contract/schemas/oauth';
import type { Db } from '../../db/database';
import type { SecretBox } from '../../security/secret-box';
import {
  checkEdition,
  checkScopes,
  checkUris,
  logoutAndModes,
  parseFlags,
  UsageError,
} from './clients.flags';
import { listClients } from './clients.queries';
import { rotateKeys } from './keys';

export const OAUTH_USAGE = `  clients list                          registered OAuth clients
  clients add --name NAME --redirect-uri URI [--redirect-uri URI ...] --scopes "user email ..."
              [--id ID] [--public] [--auth-method client_secret_basic|client_secret_post]
              [--homepage URL] [--edition general|lu] [--first-party]
              [--response-mode query|fragment|form_post ...] [--post-logout-redirect-uri URI ...]
              [--backchannel-logout-uri URI] [--id-token-alg RS256|ES256]
                                        registers a client; a confidential one gets a secret, shown once
  clients add --name NAME --scopes "admin:accounts.read admin:audit ..." [--edition general|lu]
                                        a machine client of the admin API: client-credentials
                                        tokens with those scopes (admin:accounts.read,
                                        admin:accounts.write, admin:audit, admin:companies,
                                        admin:operations), no redirect URI
  clients update ID [--name NAME] [--redirect-uri URI ...] [--scopes "..."] [--homepage URL|--no-homepage]
              [--edition general|lu|--all-editions] [--rotate-secret] [--response-mode MODE ...]
              [--post-logout-redirect-uri URI ...|--no-post-logout] [--backchannel-logout-uri URI|--no-backchannel]
              [--id-token-alg RS256|ES256]
  clients remove ID                     removes a client and revokes every grant and token it holds
  oauth rotate-keys                     new signing and cookie keys; the old ones stay published 7 days
`;

type Write = (line: string) => void;

const isFirstPartyId = (id: string) => (FIRST_PARTY_CLIENT_IDS as readonly string[]).includes(id);

async function add(db: Db, args: readonly string[], write: Write, secrets: SecretBox) {
  const flags = parseFlags(args, new Set(['--public', '--first-party']));
  const name = flags.one('--name');
  const redirectUris = flags.values.get('--redirect-uri') ?? [];
  const scopes = checkScopes(flags.one('--scopes') ?? '');
  // A machine client (admin scopes) gets client-credentials tokens: it has no redirect URI.
  const machine = scopes.some(isAdminScope);
  if (!name || (!machine && !redirectUris.length))
    throw new UsageError('clients add needs --name and --redirect-uri');
  if (machine && (redirectUris.length || flags.on.has('--public')))
    throw new UsageError('a machine client (admin scopes) is confidential and has no redirect URI');
  checkUris(redirectUris, 'redirect URI');
  const homepage = flags.one('--homepage') ?? null;
  if (homepage) checkUris([homepage], 'homepage');
  const clientId = flags.one('--id') ?? randomBytes(12).toString('base64url');
  if (!clientIdSchema.safeParse(clientId).success)
    throw new UsageError('--id: letters, digits, . _ - (1 to 64)');
  // SPEC §6: only the portal's own platforms (2 and 51) are first-party, and they always are.
  if (flags.on.has('--first-party') && !isFirstPartyId(clientId))
    throw new UsageError(`only clients ${FIRST_PARTY_CLIENT_IDS.join(' and ')} are first-party`);
  const confidential = !flags.on.has('--public');
  const authMethod = confidential ? (flags.one('--auth-method') ?? 'client_secret_basic') : 'none';
  if (!['none', 'client_secret_basic', 'client_secret_post'].includes(authMethod))
    throw new UsageError(`unknown --auth-method ${authMethod}`);
  const secret = confidential ? randomBytes(32).toString('base64url') : undefined;
  const extras = logoutAndModes(flags);
  const existing = await db
    .selectFrom('oauth_clients')
    .select('client_id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (existing) throw new UsageError(`client ${clientId} exists already`);
  await db
    .insertInto('oauth_clients')
    .values({
      client_id: clientId,
      edition: checkEdition(flags.one('--edition')),
      name,
      redirect_uris: JSON.stringify(redirectUris),
      scopes: JSON.stringify(scopes),
      homepage,
      confidential,
      secret_enc: secret ? secrets.encrypt(secret) : null,
      auth_method: authMethod as 'none' | 'client_secret_basic' | 'client_secret_post',
      first_party: isFirstPartyId(clientId),
      ...extras,
    })
    .execute();
  write(`Client ${clientId} registered (${confidential ? authMethod : 'public, PKCE'}).`);
  if (secret) write(`Client secret (shown once, keep it safe): ${secret}`);
}

async function update(db: Db, args: readonly string[], write: Write, secrets: SecretBox) {
  const flags = parseFlags(
    args,
    new Set(['--no-homepage', '--all-editions', '--rotate-secret', '--no-post-logout', '--no-backchannel']),
  );
  const clientId = flags.positional[0];
  const client = clientId
    ? await db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst()
    : undefined;
  if (!clientId || !client) throw new UsageError(`unknown client ${clientId ?? ''}`);
  const changes: Record<string, unknown> = { updated_at: new Date(), ...logoutAndModes(flags) };
  const name = flags.one('--name');
  if (name) changes.name = name;
  const redirectUris = flags.values.get('--redirect-uri');
  if (redirectUris) {
    checkUris(redirectUris, 'redirect URI');
    changes.redirect_uris = JSON.stringify(redirectUris);
  }
  const scopes = flags.one('--scopes');
  if (scopes !== undefined) changes.scopes = JSON.stringify(checkScopes(scopes));
  const homepage = flags.one('--homepage');
  if (homepage) {
    checkUris([homepage], 'homepage');
    changes.homepage = homepage;
  }
  if (flags.on.has('--no-homepage')) changes.homepage = null;
  if (flags.one('--edition')) changes.edition = checkEdition(flags.one('--edition'));
  if (flags.on.has('--all-editions')) changes.edition = null;
  let secret: string | undefined;
  if (flags.on.has('--rotate-secret')) {
    if (!client.confidential) throw new UsageError('a public client has no secret');
    secret = randomBytes(32).toString('base64url');
    changes.secret_enc = secrets.encrypt(secret);
  }
  await db.updateTable('oauth_clients').set(changes).where('client_id', '=', clientId).execute();
  write(`Client ${clientId} updated.`);
  if (secret) write(`New client secret (shown once, keep it safe): ${secret}`);
}

async function remove(db: Db, args: readonly string[], write: Write) {
  const clientId = args[0];
  if (!clientId) throw new UsageError('clients remove needs a client id');
  const removed = await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('oauth_clients').where('client_id', '=', clientId).executeTakeFirst();
    await trx.deleteFrom('oauth_payloads').where('client_id', '=', clientId).execute();
    return Number(result.numDeletedRows);
  });
  if (!removed) throw new UsageError(`unknown client ${clientId}`);
  write(`Client ${clientId} removed; its grants and tokens are revoked.`);
}

async function list(db: Db, write: Write) {
  const clients = await listClients(db);
  if (!clients.length) write('No OAuth client is registered.');
  for (const client of clients) {
    const kind = client.firstParty ? 'first-party' : 'third-party';
    const auth = client.confidential ? client.authMethod : 'public';
    write(`${client.clientId}  ${client.name}  [${kind}, ${auth}, ${client.edition ?? 'all editions'}]`);
    write(`    redirect URIs: ${client.redirectUris.join(' ')}`);
    write(`    scopes: ${client.scopes.join(' ') || '(openid only)'}`);
    if (client.homepage) write(`    homepage: ${client.homepage}`);
    write(`    response modes: ${client.responseModes.join(' ')}`);
    if (client.postLogoutRedirectUris.length)
      write(`    post-logout redirect URIs: ${client.postLogoutRedirectUris.join(' ')}`);
    if (client.backchannelLogoutUri) write(`    back-channel logout: ${client.backchannelLogoutUri}`);
  }
}

/**
 * `clients …` and `oauth rotate-keys`. The secret box (the server's keyring) encrypts client
 * secrets and keys.
 */
export async function runOAuthCommand(
  db: Db,
  argv: readonly string[],
  write: Write,
  secrets: SecretBox,
): Promise<number | undefined> {
  const [command, sub, ...args] = argv;
  try {
    if (command === 'oauth' && sub === 'rotate-keys') {
      const kid = await rotateKeys(db, secrets);
      write(`New signing key ${kid}; running servers switch to it within seconds.`);
      return 0;
    }
    if (command !== 'clients') return undefined;
    if (sub === 'list' || sub === undefined) await list(db, write);
    else if (sub === 'add') await add(db, args, write, secrets);
    else if (sub === 'update') await update(db, args, write, secrets);
    else if (sub === 'remove') await remove(db, args, write);
    else return undefined;
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    write(`Error: ${error.message}`);
    return 2;
  }
}
