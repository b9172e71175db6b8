import type { Db } from '../../db/database';
import type { KeyringCommand, Write } from '../../operations/command-line';
import type { SecretBox } from '../../security/secret-box';
import { logoutAndModes, parseFlags, UsageError } from './clients.flags';
import { listClients } from './clients.queries';
import {
  type ClientChanges,
  ClientRegistryError,
  checkScopes,
  registerClient,
  removeClient,
  rotateClientSecret,
  setClientDisabled,
  updateClient,
} from './clients.registry';
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
  clients disable ID                    refuses the client everywhere and revokes its grants and tokens
  clients enable ID                     lets a disabled client work again
  oauth rotate-keys                     new signing and cookie keys; the old ones stay published 7 days
`;

async function add(db: Db, args: readonly string[], write: Write, secrets: SecretBox) {
  const flags = parseFlags(args, new Set(['--public', '--first-party']));
  const name = flags.one('--name');
  if (!name) throw new UsageError('clients add needs --name and --redirect-uri');
  const registered = await registerClient(db, secrets, {
    clientId: flags.one('--id'),
    name,
    redirectUris: flags.values.get('--redirect-uri') ?? [],
    scopes: checkScopes(flags.one('--scopes') ?? ''),
    homepage: flags.one('--homepage') ?? null,
    edition: flags.one('--edition') ?? null,
    public: flags.on.has('--public'),
    authMethod: flags.one('--auth-method'),
    firstParty: flags.on.has('--first-party'),
    ...logoutAndModes(flags),
  });
  const kind = registered.confidential ? registered.authMethod : 'public, PKCE';
  write(`Client ${registered.clientId} registered (${kind}).`);
  if (registered.secret) write(`Client secret (shown once, keep it safe): ${registered.secret}`);
}

/** `update`'s flags as a registry change: only those given. */
function updateChanges(flags: ReturnType<typeof parseFlags>): ClientChanges {
  const changes: ClientChanges = logoutAndModes(flags);
  const name = flags.one('--name');
  if (name) changes.name = name;
  const redirectUris = flags.values.get('--redirect-uri');
  if (redirectUris) changes.redirectUris = redirectUris;
  const scopes = flags.one('--scopes');
  if (scopes !== undefined) changes.scopes = checkScopes(scopes);
  const homepage = flags.one('--homepage');
  if (homepage) changes.homepage = homepage;
  if (flags.on.has('--no-homepage')) changes.homepage = null;
  const edition = flags.one('--edition');
  if (edition) changes.edition = edition;
  if (flags.on.has('--all-editions')) changes.edition = null;
  return changes;
}

async function update(db: Db, args: readonly string[], write: Write, secrets: SecretBox) {
  const flags = parseFlags(
    args,
    new Set(['--no-homepage', '--all-editions', '--rotate-secret', '--no-post-logout', '--no-backchannel']),
  );
  const clientId = flags.positional[0];
  if (!clientId) throw new UsageError('unknown client ');
  const secret = await db.transaction().execute(async (trx) => {
    await updateClient(trx, clientId, updateChanges(flags));
    return flags.on.has('--rotate-secret') ? rotateClientSecret(trx, secrets, clientId) : undefined;
  });
  write(`Client ${clientId} updated.`);
  if (secret) write(`New client secret (shown once, keep it safe): ${secret}`);
}

async function remove(db: Db, args: readonly string[], write: Write) {
  const clientId = args[0];
  if (!clientId) throw new UsageError('clients remove needs a client id');
  await db.transaction().execute((trx) => removeClient(trx, clientId));
  write(`Client ${clientId} removed; its grants and tokens are revoked.`);
}

async function disable(db: Db, args: readonly string[], write: Write, disabled: boolean) {
  const clientId = args[0];
  if (!clientId) throw new UsageError(`clients ${disabled ? 'disable' : 'enable'} needs a client id`);
  await db.transaction().execute((trx) => setClientDisabled(trx, clientId, disabled));
  write(
    disabled
      ? `Client ${clientId} disabled; its grants and tokens are revoked.`
      : `Client ${clientId} enabled again.`,
  );
}

async function list(db: Db, write: Write) {
  const clients = await listClients(db);
  if (!clients.length) write('No OAuth client is registered.');
  for (const client of clients) {
    const kind = client.firstParty ? 'first-party' : 'third-party';
    const auth = client.confidential ? client.authMethod : 'public';
    const state = client.disabledAt ? ', DISABLED' : '';
    write(
      `${client.clientId}  ${client.name}  [${kind}, ${auth}, ${client.edition ?? 'all editions'}${state}]`,
    );
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
export const runOAuthCommand: KeyringCommand = async (db, argv, write, secrets) => {
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
    else if (sub === 'disable' || sub === 'enable') await disable(db, args, write, sub === 'disable');
    else return undefined;
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof ClientRegistryError)) throw error;
    write(`Error: ${error.message}`);
    return 2;
  }
};
