import type { MfaPolicy } from '@vestibule/contract/schemas/company-admin';
import type { Db } from '../../db/database';

// Membership of a company, without the audit: the seed and the sign-up use it.

/** The users columns of a policy (SPEC §6): required forces setup, recommended lets them skip. */
export function mfaFlagsOf(policy: MfaPolicy) {
  return { mfa_forced: policy === 'required', mfa_customer: policy === 'recommended' };
}

/** Makes a new account one of the company's people, under the company's MFA policy. */
export async function joinCompany(trx: Db, userId: number, companyId: number) {
  const company = await trx
    .selectFrom('companies')
    .select('mfa_policy')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('users')
    .set({ company_id: companyId, ...mfaFlagsOf(company.mfa_policy) })
    .where('id', '=', userId)
    .execute();
}
