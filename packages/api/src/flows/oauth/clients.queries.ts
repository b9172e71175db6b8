import { isAdminScope } from '@vestibule/contract/schemas/admin';
import type { ClientMetadata } from 'oidc-provider';
import type { Db } from '../../db/database';
import type { IdTokenAlgorithm, OAuthClientsTable } from '../../db/schema';
import type { SecretBox } from '../../security/secret-box';

export interface OAuthClient {
  clientId: string;
  edition: string | null;
  name: string;
  redirectUris: string[];
  scopes: string[];
  homepage: string | null;
  confidential: boolean;
  secretEnc: string | null;
  authMethod: OAuthClientsTable['auth_method'];
  firstParty: boolean;
  /** query, fragment, form_post: how the authorization response may reach the client. */
  responseModes: string[];
  postLogoutRedirectUris: string[];
  backchannelLogoutUri: string | null;
  /** RS256 unless the client was registered for ES256 (docs/decisions/0042). */
  idTokenAlgorithm: IdTokenAlgorithm;
  /** When an operator disabled it; null while it works. */
  disabledAt: Date | null;
}

/** The response modes a client may be registered for (all of them work, decision 0031). */
export const RESPONSE_MODES = ['query', 'fragment', 'form_post'] as const;

const COLUMNS = [
  'client_id as clientId',
  'edition',
  'name',
  'redirect_uris as redirectUris',
  'scopes',
  'homepage',
  'confidential',
  'secret_enc as secretEnc',
  'auth_method as authMethod',
  'first_party as firstParty',
  'response_modes as responseModes',
  'post_logout_redirect_uris as postLogoutRedirectUris',
  'backchannel_logout_uri as backchannelLogoutUri',
  'id_token_signed_response_alg as idTokenAlgorithm',
  'disabled_at as disabledAt',
] as const;

/**
 * The query of a registered client usable on an edition's host (its own edition, or every edition).
 * A disabled client is not found: the provider, the login pages and the token routes refuse it.
 */
export function clientQuery(db: Db, clientId: string, edition?: string) {
  const query = db
    .selectFrom('oauth_clients')
    .select(COLUMNS)
    .where('client_id', '=', clientId)
    .where('disabled_at', 'is', null);
  return edition
    ? query.where((eb) => eb.or([eb('edition', 'is', null), eb('edition', '=', edition)]))
    : query;
}

/** A registered client usable on an edition's host (its own edition, or every edition). */
export async function findClient(
  db: Db,
  clientId: string,
  edition?: string,
): Promise<OAuthClient | undefined> {
  return clientQuery(db, clientId, edition).executeTakeFirst();
}

/** Every registered client, disabled ones too (or the one named). */
export async function listClients(db: Db, clientId?: string): Promise<OAuthClient[]> {
  const query = db.selectFrom('oauth_clients').select(COLUMNS).orderBy('client_id');
  return (clientId === undefined ? query : query.where('client_id', '=', clientId)).execute();
}

/** Names of clients by id, for the granted-apps list. */
export async function clientNames(db: Db, clientIds: readonly string[]): Promise<Map<string, OAuthClient>> {
  if (!clientIds.length) return new Map();
  const rows = await db
    .selectFrom('oauth_clients')
    .select(COLUMNS)
    .where('client_id', 'in', clientIds)
    .execute();
  return new Map(rows.map((row) => [row.clientId, row]));
}

/**
 * The client as oidc-provider metadata: authorization code (with PKCE, enforced by the provider)
 * and refresh tokens only, no implicit or password grant; the response modes it registered (query
 * unless told otherwise); auth_time in every ID token; a back-channel logout address with the sid.
 */
export function clientMetadata(client: OAuthClient, secrets: SecretBox): ClientMetadata {
  if (client.scopes.some(isAdminScope)) return machineClientMetadata(client, secrets);
  return {
    client_id: client.clientId,
    client_name: client.name,
    ...(client.homepage ? { client_uri: client.homepage } : {}),
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    response_modes: client.responseModes.length ? client.responseModes : ['query'],
    require_auth_time: true,
    ...(client.postLogoutRedirectUris.length
      ? { post_logout_redirect_uris: client.postLogoutRedirectUris }
      : {}),
    ...(client.backchannelLogoutUri
      ? { backchannel_logout_uri: client.backchannelLogoutUri, backchannel_logout_session_required: true }
      : {}),
    scope: ['openid', ...client.scopes.filter((scope) => scope !== 'openid')].join(' '),
    token_endpoint_auth_method: client.authMethod,
    ...(client.secretEnc ? { client_secret: secrets.decrypt(client.secretEnc) } : {}),
    first_party: client.firstParty,
    // Also the algorithm of its back-channel logout tokens (oidc-provider signs both alike).
    id_token_signed_response_alg: client.idTokenAlgorithm,
  };
}

/**
 * A machine client of the admin API (registered with admin scopes, decision 0076): client
 * credentials only, no redirect, no user ever behind its tokens.
 */
function machineClientMetadata(client: OAuthClient, secrets: SecretBox): ClientMetadata {
  return {
    client_id: client.clientId,
    client_name: client.name,
    redirect_uris: [],
    grant_types: ['client_credentials'],
    response_types: [],
    scope: client.scopes.join(' '),
    token_endpoint_auth_method: client.authMethod,
    ...(client.secretEnc ? { client_secret: secrets.decrypt(client.secretEnc) } : {}),
    first_party: false,
  };
}
