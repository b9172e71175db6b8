import type { FastifyRequest } from 'fastify';
import type { StaffAuditKind } from '../db/audit';
import type { Db } from '../db/database';
import { type AdminActor, requireStaffStepUp } from './guard';
import { type requireReason, type StaffAuditEvent, staffAudit } from './staff-audit';

/** What a staff change does in its transaction, and the audit row its result earns. */
export interface StaffChange<Result> {
  apply: (trx: Db) => Promise<Result>;
  audit: (result: Result) => StaffAuditEvent;
}

/**
 * The one shape of a staff change: in one transaction the actor's step-up is checked, the change
 * applied and its audit row written, so the change and its record commit or fail together.
 */
export function staffChange<Result>(
  request: FastifyRequest,
  actor: AdminActor,
  change: StaffChange<Result>,
): Promise<Result> {
  return request.server.ctx.db.transaction().execute(async (trx) => {
    await requireStaffStepUp(trx, actor);
    const result = await change.apply(trx);
    await staffAudit(trx, actor, change.audit(result), request);
    return result;
  });
}

/**
 * The audit row of a change to something of the operator's (a client, a webhook) rather than an
 * account's: no user, and the thing's edition, or general when it serves both.
 */
export function operatorAudit(
  kind: StaffAuditKind,
  edition: string | null,
  detail: Record<string, unknown>,
  why?: ReturnType<typeof requireReason>,
): StaffAuditEvent {
  return { kind, userId: null, edition: edition ?? 'general', ...why, detail };
}
