import type { MfaPolicy } from '@vestibule/contract/schemas/company-admin';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { mfaFlagsOf } from './membership';
import type { CompanyActor, CompanyScope } from './scope';

export async function readPolicy(db: Db, scope: CompanyScope) {
  const company = await db
    .selectFrom('companies')
    .select('mfa_policy')
    .where('id', '=', scope.companyId)
    .executeTakeFirstOrThrow();
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', scope.companyId)
    .executeTakeFirstOrThrow();
  return { policy: company.mfa_policy, members: Number(count) };
}

/**
 * Sets the company's MFA policy and gives it to every member, in one transaction with its audit
 * row: the members' mfa_forced and mfa_customer follow it (one UPDATE through users_company).
 */
export async function setPolicy(
  trx: Db,
  request: FastifyRequest,
  scope: CompanyScope,
  actor: CompanyActor,
  policy: MfaPolicy,
) {
  const before = await trx
    .selectFrom('companies')
    .select('mfa_policy')
    .where('id', '=', scope.companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await trx.updateTable('companies').set({ mfa_policy: policy }).where('id', '=', scope.companyId).execute();
  const updated = await trx
    .updateTable('users')
    .set(mfaFlagsOf(policy))
    .where('company_id', '=', scope.companyId)
    .executeTakeFirst();
  await audit(
    trx,
    {
      kind: 'company.mfa_policy_changed',
      userId: null,
      edition: scope.edition,
      actor: { ref: actor.ref, role: actor.role },
      detail: {
        company_id: scope.companyId,
        from: before.mfa_policy,
        to: policy,
        members: Number(updated.numUpdatedRows),
        by: actor.role,
        staff: actor.name,
      },
    },
    request,
  );
  return readPolicy(trx, scope);
}
