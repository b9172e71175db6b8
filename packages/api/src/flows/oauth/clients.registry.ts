import { createHash, randomBytes } from 'node:crypto';
import { FIRST_PARTY_CLIENT_IDS } from '@vestibule/contract/constants';
import { EDITION_IDS, EDITIONS } from '@vestibule/contract/editions';
import { isRegistrableAddress } from '@vestibule/contract/redirects';
import { isAdminScope } from '@vestibule/contract/schemas/admin';
import { clientIdSchema } from '@vestibule/contract/schemas/oauth';
import { registrableScopes } from '@vestibule/contract/scopes';
import type { Db } from '../../db/database';
import type { IdTokenAlgorithm } from '../../db/schema';
import type { SecretBox } from '../../security/secret-box';
import { listClients, type OAuthClient, RESPONSE_MODES } from './clients.queries';

// The one way to register, change, disable and remove an OAuth client: the admin CLI
// (clients.command.ts) and the admin API (admin/oauth-clients.routes.ts) both call it, so both
// apply the same checks. A refusal names the field it is about and says why in words.

/** The field a refusal is about, as the admin API names it. */
export type ClientField =
  | 'client_id'
  | 'name'
  | 'redirect_uris'
  | 'scopes'
  | 'homepage'
  | 'edition'
  | 'auth_method'
  | 'response_modes'
  | 'post_logout_redirect_uris'
  | 'backchannel_logout_uri'
  | 'id_token_alg';

export type ClientRefusal =
  | 'required'
  | 'invalid'
  | 'not_https'
  | 'unknown_scope'
  | 'mixed_scopes'
  | 'machine_client'
  | 'exists'
  | 'not_first_party'
  | 'unknown'
  | 'first_party'
  | 'public_client';

export class ClientRegistryError extends Error {
  constructor(
    readonly reason: ClientRefusal,
    message: string,
    readonly field?: ClientField,
  ) {
    super(message);
  }
}

export type AuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

/** What is registered; undefined lists and addresses mean none. */
export interface ClientRegistration {
  clientId?: string;
  name: string;
  redirectUris: readonly string[];
  scopes: readonly string[];
  homepage?: string | null;
  edition?: string | null;
  public?: boolean;
  authMethod?: string;
  firstParty?: boolean;
  responseModes?: readonly string[];
  postLogoutRedirectUris?: readonly string[];
  backchannelLogoutUri?: string | null;
  idTokenAlg?: string;
}

/** A change: only what is given changes (null empties an optional address, an edition of both). */
export type ClientChanges = Partial<
  Pick<
    ClientRegistration,
    | 'name'
    | 'redirectUris'
    | 'scopes'
    | 'homepage'
    | 'edition'
    | 'responseModes'
    | 'postLogoutRedirectUris'
    | 'backchannelLogoutUri'
    | 'idTokenAlg'
  >
>;

export const isFirstPartyId = (id: string) => (FIRST_PARTY_CLIENT_IDS as readonly string[]).includes(id);

export function checkUris(uris: readonly string[], what: string, field: ClientField) {
  const allowHttp = process.env.NODE_ENV !== 'production';
  for (const uri of uris)
    if (!isRegistrableAddress(uri, { allowHttp }))
      throw new ClientRegistryError(
        'not_https',
        `${what} ${uri} is not an absolute https address (http only on loopback)`,
        field,
      );
}

/** The scopes of a space- or comma-separated text (or a list), known and not mixed. */
export function checkScopes(input: string | readonly string[]): string[] {
  const known = registrableScopes(Object.values(EDITIONS));
  const list = typeof input === 'string' ? input.split(/[\s,]+/) : input;
  const scopes = [...new Set(list.map((scope) => scope.trim()).filter(Boolean))];
  const unknown = scopes.filter((scope) => !known.has(scope) && !isAdminScope(scope));
  if (unknown.length)
    throw new ClientRegistryError('unknown_scope', `unknown scopes: ${unknown.join(', ')}`, 'scopes');
  // A machine client of the admin API holds admin scopes only: no user ever stands behind it.
  if (scopes.some(isAdminScope) && !scopes.every(isAdminScope))
    throw new ClientRegistryError(
      'mixed_scopes',
      'admin scopes cannot be mixed with user scopes: register a machine client apart',
      'scopes',
    );
  return scopes;
}

export function checkEdition(edition: string | null | undefined): string | null {
  if (edition === undefined || edition === null) return null;
  if (!(EDITION_IDS as readonly string[]).includes(edition))
    throw new ClientRegistryError('invalid', `unknown edition ${edition}`, 'edition');
  return edition;
}

function checkResponseModes(modes: readonly string[]): string[] {
  const unknown = modes.filter((mode) => !(RESPONSE_MODES as readonly string[]).includes(mode));
  if (unknown.length)
    throw new ClientRegistryError(
      'invalid',
      `unknown response modes: ${unknown.join(', ')}`,
      'response_modes',
    );
  return [...new Set(modes)];
}

function checkName(name: string | undefined): string {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) throw new ClientRegistryError('required', 'a client needs a name', 'name');
  if (trimmed.length > 200) throw new ClientRegistryError('invalid', 'the name is too long', 'name');
  return trimmed;
}

/**
 * Response modes and logout addresses (docs/decisions/0031, 0033) and the ID token algorithm, as
 * column values: only those given.
 */
function optionalColumns(input: ClientChanges): Record<string, string | null> {
  const values: Record<string, string | null> = {};
  if (input.responseModes) values.response_modes = JSON.stringify(checkResponseModes(input.responseModes));
  if (input.postLogoutRedirectUris) {
    checkUris(input.postLogoutRedirectUris, 'post-logout redirect URI', 'post_logout_redirect_uris');
    values.post_logout_redirect_uris = JSON.stringify(input.postLogoutRedirectUris);
  }
  if (input.backchannelLogoutUri) {
    checkUris([input.backchannelLogoutUri], 'back-channel logout URI', 'backchannel_logout_uri');
    values.backchannel_logout_uri = input.backchannelLogoutUri;
  }
  if (input.backchannelLogoutUri === null) values.backchannel_logout_uri = null;
  // ES256 for a client that accepts it (cheaper to sign); RS256, the default, for one that needs it.
  if (input.idTokenAlg !== undefined) {
    if (input.idTokenAlg !== 'RS256' && input.idTokenAlg !== 'ES256')
      throw new ClientRegistryError('invalid', 'the ID token algorithm is RS256 or ES256', 'id_token_alg');
    values.id_token_signed_response_alg = input.idTokenAlg satisfies IdTokenAlgorithm;
  }
  return values;
}

/** A machine client (admin scopes) gets client-credentials tokens: confidential, no redirect URI. */
function checkRedirects(machine: boolean, input: ClientRegistration) {
  if (machine && (input.redirectUris.length || input.public))
    throw new ClientRegistryError(
      'machine_client',
      'a machine client (admin scopes) is confidential and has no redirect URI',
      'redirect_uris',
    );
  if (!machine && !input.redirectUris.length)
    throw new ClientRegistryError('required', 'a client needs at least one redirect URI', 'redirect_uris');
  checkUris(input.redirectUris, 'redirect URI', 'redirect_uris');
}

function checkClientId(clientId: string, firstParty: boolean | undefined) {
  if (!clientIdSchema.safeParse(clientId).success)
    throw new ClientRegistryError('invalid', 'client id: letters, digits, . _ - (1 to 64)', 'client_id');
  // SPEC §6: only the portal's own platforms (2 and 51) are first-party, and they always are.
  if (firstParty && !isFirstPartyId(clientId))
    throw new ClientRegistryError(
      'not_first_party',
      `only clients ${FIRST_PARTY_CLIENT_IDS.join(' and ')} are first-party`,
      'client_id',
    );
}

function checkAuthMethod(confidential: boolean, requested: string | undefined): AuthMethod {
  const method = confidential ? (requested ?? 'client_secret_basic') : 'none';
  if (method !== 'none' && method !== 'client_secret_basic' && method !== 'client_secret_post')
    throw new ClientRegistryError('invalid', `unknown auth method ${method}`, 'auth_method');
  return method;
}

const newSecret = () => randomBytes(32).toString('base64url');

export interface Registered {
  clientId: string;
  confidential: boolean;
  authMethod: AuthMethod;
  /** A confidential client's secret: shown once, stored sealed. */
  secret: string | null;
}

/** Registers a client after every check; a confidential one gets a secret, answered once. */
export async function registerClient(
  db: Db,
  secrets: SecretBox,
  input: ClientRegistration,
): Promise<Registered> {
  const name = checkName(input.name);
  const scopes = checkScopes(input.scopes);
  checkRedirects(scopes.some(isAdminScope), input);
  if (input.homepage) checkUris([input.homepage], 'homepage', 'homepage');
  const clientId = input.clientId || randomBytes(12).toString('base64url');
  checkClientId(clientId, input.firstParty);
  const confidential = !input.public;
  const authMethod = checkAuthMethod(confidential, input.authMethod);
  const edition = checkEdition(input.edition);
  const extras = optionalColumns(input);
  const secret = confidential ? newSecret() : null;
  const existing = await db
    .selectFrom('oauth_clients')
    .select('client_id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (existing) throw new ClientRegistryError('exists', `client ${clientId} exists already`, 'client_id');
  await db
    .insertInto('oauth_clients')
    .values({
      client_id: clientId,
      edition,
      name,
      redirect_uris: JSON.stringify(input.redirectUris),
      scopes: JSON.stringify(scopes),
      homepage: input.homepage || null,
      confidential,
      secret_enc: secret ? secrets.encrypt(secret) : null,
      auth_method: authMethod,
      first_party: isFirstPartyId(clientId),
      ...extras,
    })
    .execute();
  return { clientId, confidential, authMethod, secret };
}

/** The client as registered (disabled or not), the row locked for a change in this transaction. */
export async function lockedClient(db: Db, clientId: string): Promise<OAuthClient> {
  await db
    .selectFrom('oauth_clients')
    .select('client_id')
    .where('client_id', '=', clientId)
    .forUpdate()
    .execute();
  const client = (await listClients(db, clientId))[0];
  if (!client) throw new ClientRegistryError('unknown', `unknown client ${clientId}`);
  return client;
}

/** Applies a change after every check; a machine client stays without redirect URIs. */
export async function updateClient(db: Db, clientId: string, input: ClientChanges): Promise<void> {
  const client = await lockedClient(db, clientId);
  const changes: Record<string, unknown> = { updated_at: new Date(), ...optionalColumns(input) };
  if (input.name !== undefined) changes.name = checkName(input.name);
  const scopes = input.scopes ? checkScopes(input.scopes) : client.scopes;
  const redirectUris = input.redirectUris ?? client.redirectUris;
  if (input.scopes || input.redirectUris) {
    checkRedirects(scopes.some(isAdminScope), {
      name: '',
      redirectUris,
      scopes,
      public: !client.confidential,
    });
    changes.scopes = JSON.stringify(scopes);
    changes.redirect_uris = JSON.stringify(redirectUris);
  }
  if (input.homepage) checkUris([input.homepage], 'homepage', 'homepage');
  if (input.homepage !== undefined) changes.homepage = input.homepage || null;
  if (input.edition !== undefined) changes.edition = checkEdition(input.edition);
  await db.updateTable('oauth_clients').set(changes).where('client_id', '=', clientId).execute();
}

/** A new secret for a confidential client, answered once; the previous one stops working now. */
export async function rotateClientSecret(db: Db, secrets: SecretBox, clientId: string): Promise<string> {
  const client = await lockedClient(db, clientId);
  if (!client.confidential)
    throw new ClientRegistryError('public_client', 'a public client has no secret', 'auth_method');
  const secret = newSecret();
  await db
    .updateTable('oauth_clients')
    .set({ secret_enc: secrets.encrypt(secret), updated_at: new Date() })
    .where('client_id', '=', clientId)
    .execute();
  return secret;
}

/** Every grant, token, code and session link the client holds: gone, so none works any more. */
async function revokeEverything(db: Db, clientId: string) {
  await db.deleteFrom('oauth_payloads').where('client_id', '=', clientId).execute();
}

function refuseFirstParty(clientId: string, what: string) {
  if (isFirstPartyId(clientId))
    throw new ClientRegistryError('first_party', `the portal's own client ${clientId} cannot be ${what}`);
}

/**
 * Disables a client (its registration stays) and revokes what it holds, or enables it again. The
 * portal's own clients are never disabled. Run it in a transaction.
 */
export async function setClientDisabled(db: Db, clientId: string, disabled: boolean): Promise<OAuthClient> {
  if (disabled) refuseFirstParty(clientId, 'disabled');
  const client = await lockedClient(db, clientId);
  if (disabled && client.disabledAt) return client;
  await db
    .updateTable('oauth_clients')
    .set({ disabled_at: disabled ? new Date() : null, updated_at: new Date() })
    .where('client_id', '=', clientId)
    .execute();
  if (disabled) await revokeEverything(db, clientId);
  return client;
}

/** Removes a client and revokes every grant and token it holds. Run it in a transaction. */
export async function removeClient(db: Db, clientId: string): Promise<void> {
  refuseFirstParty(clientId, 'removed');
  const result = await db.deleteFrom('oauth_clients').where('client_id', '=', clientId).executeTakeFirst();
  if (!Number(result.numDeletedRows)) throw new ClientRegistryError('unknown', `unknown client ${clientId}`);
  await revokeEverything(db, clientId);
}

/** The strong entity tag of a client's registration: If-Match on a change compares it. */
export function clientTag(client: OAuthClient): string {
  const { secretEnc: _secret, ...registration } = client;
  const digest = createHash('sha256').update(JSON.stringify(registration)).digest('base64url');
  return `"${digest.slice(0, 22)}"`;
}
