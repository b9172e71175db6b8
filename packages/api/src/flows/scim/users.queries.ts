import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { DB, ScimUsersTable } from '../../db/schema';

/** A provisioned person, with the account their invitation opened (null while it is pending). */
export type ScimUserRow = Selectable<ScimUsersTable> & { account_id: number | null };

export type ScimUserCondition = (eb: ExpressionBuilder<DB, 'scim_users'>) => Expression<SqlBool>;

function withAccount(db: Db) {
  return db
    .selectFrom('scim_users')
    .leftJoin('invitations', 'invitations.id', 'scim_users.invitation_id')
    .selectAll('scim_users')
    .select('invitations.user_id as account_id');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company's person `id`; undefined for another company's or a malformed id. */
export async function findScimUser(
  db: Db,
  companyId: number,
  id: string,
  { forUpdate = false } = {},
): Promise<ScimUserRow | undefined> {
  if (!UUID.test(id)) return undefined;
  let query = withAccount(db)
    .where('scim_users.company_id', '=', companyId)
    .where('scim_users.id', '=', id.toLowerCase());
  if (forUpdate) query = query.forUpdate('scim_users');
  return query.executeTakeFirst();
}

/** The page query of a list: the company's rows matching `condition`, oldest first. */
export function scimUserPageQuery(
  db: Db,
  companyId: number,
  condition: ScimUserCondition | undefined,
  offset: number,
  limit: number,
) {
  let query = withAccount(db).where('scim_users.company_id', '=', companyId);
  if (condition) query = query.where((eb) => condition(eb as unknown as ExpressionBuilder<DB, 'scim_users'>));
  return query.orderBy('scim_users.created_at').orderBy('scim_users.id').offset(offset).limit(limit);
}

/** How many of the company's rows match `condition`. */
export async function countScimUsers(db: Db, companyId: number, condition: ScimUserCondition | undefined) {
  let query = db
    .selectFrom('scim_users')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('scim_users.company_id', '=', companyId);
  if (condition) query = query.where(condition);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Another of the company's rows with this userName (any case) or externalId, if any. */
export async function findClash(
  db: Db,
  companyId: number,
  input: { userName: string; externalId: string | null },
  exceptId?: string,
): Promise<'userName' | 'externalId' | undefined> {
  const rows = await db
    .selectFrom('scim_users')
    .select(['user_name', 'external_id'])
    .where('company_id', '=', companyId)
    .where((eb) => {
      const sameName = eb(eb.fn('lower', ['user_name']), '=', input.userName.toLowerCase());
      return input.externalId ? eb.or([sameName, eb('external_id', '=', input.externalId)]) : sameName;
    })
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId as string))
    .execute();
  if (rows.some((row) => row.user_name.toLowerCase() === input.userName.toLowerCase())) return 'userName';
  return rows.length ? 'externalId' : undefined;
}
