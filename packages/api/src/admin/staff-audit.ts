import type { StaffReason } from '@vestibule/contract/schemas/admin';
import type { FastifyRequest } from 'fastify';
import { audit, type StaffAuditKind } from '../db/audit';
import type { Db } from '../db/database';
import { ApiError } from '../http/api-error';
import type { AdminActor } from './guard';

/** A reason is required on every staff action: an empty one is a typed 422 naming the field. */
export function requireReason(input: StaffReason): { reason: string; ticket: string | null } {
  const reason = input.reason.trim();
  if (!reason) throw new ApiError('reason_required', { fields: { reason: 'reason_required' } });
  return { reason, ticket: input.ticket?.trim() || null };
}

export interface StaffAuditEvent {
  kind: StaffAuditKind;
  /** The account acted on or read; null for a search or an export. */
  userId: number | null;
  edition: string;
  reason?: string | null;
  ticket?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * The audit row of a staff action or read: actor and role in their columns; reason, ticket and
 * what was touched in the detail. Call it with the action's transaction, so both commit together.
 */
export async function staffAudit(
  trx: Db,
  actor: AdminActor,
  event: StaffAuditEvent,
  request: FastifyRequest,
): Promise<void> {
  await audit(
    trx,
    {
      kind: event.kind,
      userId: event.userId,
      edition: event.edition,
      actor: { ref: actor.ref, role: actor.role },
      detail: {
        ...event.detail,
        ...(event.reason ? { reason: event.reason } : {}),
        ...(event.ticket ? { ticket: event.ticket } : {}),
        staff: actor.name,
      },
    },
    request,
  );
}
