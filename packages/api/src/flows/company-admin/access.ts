import type { FastifyRequest } from 'fastify';
import { notifyAccount } from '../../account/notices';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { lastLockKind } from './people.queries';
import { type CompanyActor, type CompanyScope, requireMember } from './scope';

/** A suspension or a restore: of which member, in which company, by whom, and why. */
export interface AccessChange {
  scope: CompanyScope;
  actor: CompanyActor;
  userId: number;
  reason: string;
  ticket?: string;
}

/** The audit row of a suspension or a restore: the company, who acted in which role, and why. */
function auditAccess(
  trx: Db,
  request: FastifyRequest,
  { scope, actor, userId, reason, ticket }: AccessChange,
  kind: 'account.suspended' | 'account.restored',
  extra: Record<string, unknown> = {},
) {
  return audit(
    trx,
    {
      kind,
      userId,
      edition: scope.edition,
      actor: { ref: actor.ref, role: actor.role },
      // `why`, not `reason`: webhooks carry an audit row's `reason`, never text a person typed.
      detail: {
        why: reason,
        ...(ticket ? { ticket } : {}),
        ...extra,
        company: scope.name,
        company_id: scope.companyId,
        by: actor.role,
        staff: actor.name,
      },
    },
    request,
  );
}

/**
 * Suspends a member's access (decision 0077): the account is locked and every session ends, in one
 * transaction with the audit row (which the person reads in their timeline with the reason) and
 * the notice to their verified addresses.
 */
export async function suspendAccess(trx: Db, request: FastifyRequest, change: AccessChange) {
  const { scope, userId } = change;
  const member = await requireMember(trx, scope, userId, true);
  if (member.locked_at) throw new ApiError('already_suspended');
  await trx.updateTable('users').set({ locked_at: new Date() }).where('id', '=', userId).execute();
  const ended = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  const sessionsEnded = Number(ended.numDeletedRows);
  await auditAccess(trx, request, change, 'account.suspended', { sessions_ended: sessionsEnded });
  await notifyAccount(trx, request, userId, 'access_suspended', {
    company: scope.name,
    reason: change.reason,
  });
  return { status: 'suspended' as const, sessions_ended: sessionsEnded };
}

/** Restores a member's access the company suspended; a lock by support stays for support. */
export async function restoreAccess(trx: Db, request: FastifyRequest, change: AccessChange) {
  const { scope, userId } = change;
  const member = await requireMember(trx, scope, userId, true);
  if (!member.locked_at) throw new ApiError('not_suspended');
  if ((await lastLockKind(trx, userId)) !== 'account.suspended') throw new ApiError('locked_by_support');
  await trx.updateTable('users').set({ locked_at: null }).where('id', '=', userId).execute();
  await auditAccess(trx, request, change, 'account.restored');
  await notifyAccount(
    trx,
    request,
    userId,
    'access_restored',
    { company: scope.name },
    { channels: 'email' },
  );
  return { status: 'active' as const, sessions_ended: 0 };
}
