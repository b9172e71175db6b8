import type { EditionId } from '@vestibule/contract/editions';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';

/** The company a company admin administers: every query of this folder is bound to it. */
export interface CompanyScope {
  companyId: number;
  edition: EditionId;
  name: string;
}

/** Who acts, for the audit rows: 'user:<id>' or 'client:<id>', the role acted in, a name. */
export interface CompanyActor {
  ref: string;
  role: string;
  name: string;
}

export async function companyScope(db: Db, companyId: number): Promise<CompanyScope> {
  const company = await db
    .selectFrom('companies')
    .select(['id', 'edition', 'name'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) throw new ApiError('not_found');
  return { companyId: company.id, edition: company.edition as EditionId, name: company.name };
}

/**
 * The account `userId` when it is one of the company's people; another company's account (or
 * none) answers 404, never 403: for a company admin, other people do not exist.
 */
export async function requireMember(db: Db, scope: CompanyScope, userId: number, lock = false) {
  let query = db
    .selectFrom('users')
    .select(['id', 'edition', 'locked_at'])
    .where('id', '=', userId)
    .where('company_id', '=', scope.companyId)
    .where('edition', '=', scope.edition);
  if (lock) query = query.forUpdate();
  const member = await query.executeTakeFirst();
  if (!member) throw new ApiError('not_found');
  return member;
}
