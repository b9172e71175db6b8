import type { CompanyPeopleQuery, CompanyPerson, MfaKind } from '@vestibule/contract/schemas/company-admin';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { decodeCursor, encodeCursor } from '../sessions/index';
import type { CompanyScope } from './scope';

/** LIKE's wildcards in what a person typed match themselves (fold_name keeps `\\`, `%` and `_`). */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The audit kinds that lock and unlock an account: the newest tells who locked it. */
const LOCK_KINDS = ['account.locked', 'account.suspended', 'account.unlocked', 'account.restored'];

/**
 * One page of the company's people, by keyset on the account id (index users_company): name or
 * e-mail prefix, status and MFA filters, each with its MFA kinds and whether the company may
 * restore its access (its newest lock is the company's suspension).
 */
export async function peoplePage(db: Db, scope: CompanyScope, query: CompanyPeopleQuery) {
  const after = decodeCursor(query.cursor, 1)?.[0];
  const hasMfa = sql<boolean>`(EXISTS (SELECT 1 FROM mfa_methods WHERE mfa_methods.user_id = users.id)
    OR EXISTS (SELECT 1 FROM passkeys WHERE passkeys.user_id = users.id))`;
  let select = db
    .selectFrom('users')
    .select([
      'users.id',
      'users.firstname',
      'users.lastname',
      'users.locked_at',
      'users.mfa_forced',
      'users.created_at',
      sql<string | null>`(SELECT address FROM user_emails WHERE user_emails.user_id = users.id
        ORDER BY is_default DESC, id LIMIT 1)`.as('email'),
      sql<MfaKind[]>`ARRAY(SELECT DISTINCT method FROM mfa_methods WHERE mfa_methods.user_id = users.id
        UNION SELECT 'passkey' FROM passkeys WHERE passkeys.user_id = users.id)`.as('mfa_methods'),
      sql<string | null>`(SELECT kind FROM audit_events WHERE audit_events.user_id = users.id
        AND audit_events.kind IN (${sql.join(LOCK_KINDS)}) ORDER BY id DESC LIMIT 1)`.as('last_lock_kind'),
    ])
    .where('users.company_id', '=', scope.companyId)
    .where('users.edition', '=', scope.edition);
  if (after !== undefined) select = select.where('users.id', '>', Number(after));
  if (query.status === 'active') select = select.where('users.locked_at', 'is', null);
  if (query.status === 'suspended') select = select.where('users.locked_at', 'is not', null);
  if (query.mfa === 'with') select = select.where(hasMfa);
  if (query.mfa === 'without') select = select.where(sql<boolean>`NOT ${hasMfa}`);
  if (query.q) {
    const pattern = likePrefix(query.q);
    select = select.where(
      // Names by their folded forms (0026: lower case, Latin accents off), "Émile" found by "emi".
      sql<boolean>`(users.search_name LIKE fold_name(${pattern}) OR users.search_name_first LIKE fold_name(${pattern})
        OR EXISTS (SELECT 1 FROM user_emails WHERE user_emails.user_id = users.id
          AND lower(user_emails.address) LIKE ${pattern}))`,
    );
  }
  const rows = await select
    .orderBy('users.id')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const data: CompanyPerson[] = page.map((row) => ({
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    status: row.locked_at ? 'suspended' : 'active',
    restorable: Boolean(row.locked_at) && row.last_lock_kind === 'account.suspended',
    mfa_methods: [...row.mfa_methods].sort(),
    mfa_forced: row.mfa_forced,
    created_at: new Date(row.created_at).toISOString(),
  }));
  const last = page.at(-1);
  return { data, next_cursor: rows.length > query.limit && last ? encodeCursor([last.id]) : null };
}

/** The newest lock or unlock of an account: whether its lock is the company's suspension. */
export async function lastLockKind(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('audit_events')
    .select('kind')
    .where('user_id', '=', userId)
    .where('kind', 'in', LOCK_KINDS)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.kind;
}
