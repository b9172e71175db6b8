import { sql } from 'kysely';
import type { Db } from '../db/database';

// A user's grants: one oidc-provider Grant per (user, client), kept in oauth_payloads with the
// account and client copied into columns (adapter.ts).

function live() {
  return sql<boolean>`(expires_at IS NULL OR expires_at > now())`;
}

/** The newest live grant of a user for a client, reused so that granted scopes are remembered. */
export async function findGrantId(db: Db, accountId: string, clientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('oauth_payloads')
    .select('id')
    .where('model', '=', 'Grant')
    .where('account_id', '=', accountId)
    .where('client_id', '=', clientId)
    .where(live())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.id;
}

export interface UserGrant {
  grantId: string;
  clientId: string;
  scopes: string[];
}

/** Scopes of a Grant payload (its OpenID Connect part: the scopes of this server). */
export function grantedScopes(payload: Record<string, unknown>): string[] {
  const openid = payload.openid as { scope?: unknown } | undefined;
  return typeof openid?.scope === 'string' ? openid.scope.split(' ').filter(Boolean) : [];
}

export async function listUserGrants(db: Db, userId: number): Promise<UserGrant[]> {
  const rows = await db
    .selectFrom('oauth_payloads')
    .select(['id', 'client_id', 'payload'])
    .where('model', '=', 'Grant')
    .where('account_id', '=', String(userId))
    .where(live())
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    grantId: row.id,
    clientId: row.client_id ?? '',
    scopes: grantedScopes(row.payload),
  }));
}

/**
 * Revokes grants by id with everything issued under them (codes, access and refresh tokens):
 * the consent is asked again at the next authorization.
 */
export async function revokeGrants(db: Db, grantIds: readonly string[]): Promise<void> {
  if (grantIds.length) await db.deleteFrom('oauth_payloads').where('grant_id', 'in', grantIds).execute();
}

/**
 * Revokes every grant of a user (for one client, when given) and every artefact issued under them
 * (codes, access and refresh tokens). Answers how many grants there were: 0 means nothing of this user's.
 */
export async function revokeUserGrants(db: Db, userId: number, clientId?: string): Promise<number> {
  let grants = db
    .selectFrom('oauth_payloads')
    .select('id')
    .where('model', '=', 'Grant')
    .where('account_id', '=', String(userId));
  if (clientId !== undefined) grants = grants.where('client_id', '=', clientId);
  const ids = (await grants.execute()).map((grant) => grant.id);
  await revokeGrants(db, ids);
  return ids.length;
}
