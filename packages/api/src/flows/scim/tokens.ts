import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { hashToken, newOpaqueToken } from '../../security/tokens';

// SCIM bearer tokens: one company each, shown once, kept as SHA-256, revocable, last use recorded.
// The admin CLI (`scim tokens …`) and the admin API call these functions; nothing else writes the table.

/** Marks a SCIM token in logs and secret scanners; the rest is 256 random bits. */
const TOKEN_PREFIX = 'scim_';

export interface ScimTokenInfo {
  id: number;
  companyId: number;
  label: string;
  createdBy: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Who called: the token and its company, as every SCIM request knows them. */
export interface ScimCaller {
  tokenId: number;
  companyId: number;
  companyName: string;
  edition: string;
}

export class ScimTokenError extends Error {}

async function companyEdition(db: Db, companyId: number): Promise<string> {
  const company = await db
    .selectFrom('companies')
    .select('edition')
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) throw new ScimTokenError(`No company ${companyId}.`);
  return company.edition;
}

/**
 * Writes a new token of a company in the caller's transaction, which also writes its audit row
 * (the CLI's plain one or the console's staff one); answers the secret once and the edition.
 */
export async function insertScimToken(
  trx: Db,
  input: { companyId: number; label?: string; createdBy: string },
): Promise<{ id: number; token: string; edition: string }> {
  const token = `${TOKEN_PREFIX}${newOpaqueToken()}`;
  const edition = await companyEdition(trx, input.companyId);
  const row = await trx
    .insertInto('scim_tokens')
    .values({
      company_id: input.companyId,
      token_hash: hashToken(token),
      label: input.label ?? '',
      created_by: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, edition };
}

/**
 * Issues a token for a company; answers it once (the caller shows it and forgets it). `createdBy`
 * names the operator or admin account, for the audit row and the list.
 */
export async function createScimToken(
  db: Db,
  input: { companyId: number; label?: string; createdBy: string },
): Promise<{ id: number; token: string }> {
  return db.transaction().execute(async (trx) => {
    const { id, token, edition } = await insertScimToken(trx, input);
    await audit(trx, {
      kind: 'scim.token_created',
      userId: null,
      edition,
      detail: { company_id: input.companyId, token_id: id, by: input.createdBy },
    });
    return { id, token };
  });
}

/** The company's tokens, newest first, revoked ones included. */
export async function listScimTokens(db: Db, companyId: number): Promise<ScimTokenInfo[]> {
  const rows = await db
    .selectFrom('scim_tokens')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    label: row.label,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  }));
}

/** Revokes a live token of the company in the caller's transaction; false when it has none such. */
export async function markScimTokenRevoked(
  trx: Db,
  input: { companyId: number; tokenId: number },
): Promise<boolean> {
  const revoked = await trx
    .updateTable('scim_tokens')
    .set({ revoked_at: new Date() })
    .where('id', '=', input.tokenId)
    .where('company_id', '=', input.companyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows) === 1;
}

/** Revokes one token of the company; answers false when it has no such live token. */
export async function revokeScimToken(
  db: Db,
  input: { companyId: number; tokenId: number; revokedBy: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await markScimTokenRevoked(trx, input))) return false;
    await audit(trx, {
      kind: 'scim.token_revoked',
      userId: null,
      edition: await companyEdition(trx, input.companyId),
      detail: { company_id: input.companyId, token_id: input.tokenId, by: input.revokedBy },
    });
    return true;
  });
}

/**
 * The caller of a live token, its last use recorded in the same statement; undefined for an
 * unknown or revoked token.
 */
export async function findScimCaller(db: Db, token: string): Promise<ScimCaller | undefined> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return undefined;
  const row = await db
    .updateTable('scim_tokens')
    .from('companies')
    .set({ last_used_at: sql`now()` })
    .whereRef('companies.id', '=', 'scim_tokens.company_id')
    .where('scim_tokens.token_hash', '=', hashToken(token))
    .where('scim_tokens.revoked_at', 'is', null)
    .returning(['scim_tokens.id', 'scim_tokens.company_id', 'companies.edition', 'companies.name'])
    .executeTakeFirst();
  if (!row) return undefined;
  return { tokenId: row.id, companyId: row.company_id, companyName: row.name, edition: row.edition };
}
