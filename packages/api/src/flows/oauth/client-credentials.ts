import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A machine client of the admin API (registered with admin scopes only, decision 0076). */
export interface ClientCredentialsToken {
  clientId: string;
  clientName: string;
  /** NULL: usable on both editions. */
  clientEdition: string | null;
  scopes: string[];
}

/**
 * The live client-credentials access token of this value (opaque: its value is its id in
 * oauth_payloads), with its client as registered now: a removed or disabled client's tokens are worthless.
 */
export async function findClientCredentialsToken(
  db: Db,
  token: string,
): Promise<ClientCredentialsToken | undefined> {
  const row = await db
    .selectFrom('oauth_payloads')
    .innerJoin('oauth_clients', 'oauth_clients.client_id', 'oauth_payloads.client_id')
    .select([
      'oauth_payloads.payload',
      'oauth_clients.client_id as clientId',
      'oauth_clients.name as clientName',
      'oauth_clients.edition as clientEdition',
      'oauth_clients.scopes as registeredScopes',
    ])
    .where('oauth_payloads.model', '=', 'ClientCredentials')
    .where('oauth_payloads.id', '=', token)
    .where('oauth_clients.disabled_at', 'is', null)
    .where('oauth_payloads.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  const granted = String((row.payload as { scope?: unknown }).scope ?? '').split(' ');
  const registered = new Set(row.registeredScopes as unknown as string[]);
  // A scope taken off the client since the token was issued no longer counts.
  const scopes = granted.filter((scope) => registered.has(scope));
  return { clientId: row.clientId, clientName: row.clientName, clientEdition: row.clientEdition, scopes };
}
