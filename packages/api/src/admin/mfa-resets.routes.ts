import type { EditionId } from '@vestibule/contract/editions';
import {
  type MfaReset,
  mfaResetDecisionParamsSchema,
  mfaResetSchema,
  mfaResetsQuerySchema,
  mfaResetsResponseSchema,
  staffReasonSchema,
} from '@vestibule/contract/schemas/admin';
import { notifyAccount } from '../account/notices';
import { endEverythingOfUser } from '../account/sessions';
import { outboxWorkerOf } from '../delivery/register';
import { afterPortalSessionsEnded } from '../flows/oauth/index';
import { ApiError } from '../http/api-error';
import { defineAdminRoute } from './admin-route';
import { requireEdition, requireStaffStepUp } from './guard';
import {
  decideMfaReset,
  listMfaResets,
  mfaResetForDecision,
  removeEverySecondFactor,
} from './mfa-resets.queries';
import { requireReason, staffAudit } from './staff-audit';

/**
 * GET /api/admin/mfa-resets?status=: the requests of the caller's editions (support follows its
 * own, security decides the pending ones), newest first.
 */
const listRequests = defineAdminRoute({
  method: 'GET',
  url: '/mfa-resets',
  summary: 'MFA-reset requests of a status, newest first',
  capability: 'accounts.read',
  query: mfaResetsQuerySchema,
  response: mfaResetsResponseSchema,
  handler: async function listRequests({ query, actor, db }) {
    const rows = await listMfaResets(db, actor.editions, query.status);
    const data: MfaReset[] = rows.map((row) => ({
      id: row.id,
      account_id: row.user_id,
      edition: row.edition as EditionId,
      account_name: [row.firstname, row.lastname].filter(Boolean).join(' '),
      requested_by: row.requested_by,
      requested_by_me: row.requested_by === actor.ref,
      identity_checked: Array.isArray(row.identity_checked.checked)
        ? (row.identity_checked.checked as string[])
        : [],
      reason: row.reason,
      ticket: row.ticket,
      status: row.status,
      decided_by: row.decided_by,
      decision_reason: row.decision_reason,
      created_at: new Date(row.created_at).toISOString(),
      decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    }));
    return { data };
  },
});

/**
 * POST /api/admin/mfa-resets/:id/approve|refuse {reason, ticket}: a security officer decides, never
 * the one who asked (four eyes: 409 self_approval). Approving takes every second factor away
 * (methods, passkeys, recovery keys, trusted devices), ends the sessions, forces the MFA setup at
 * the next login and tells every verified contact, all in one transaction with its audit row.
 */
const decide = defineAdminRoute({
  method: 'POST',
  url: '/mfa-resets/:id/:decision',
  summary: 'Approve or refuse an MFA-reset request (never one’s own)',
  capability: 'mfa_resets.decide',
  params: mfaResetDecisionParamsSchema,
  body: staffReasonSchema,
  response: mfaResetSchema.pick({ id: true, status: true }),
  handler: async function decide({ params, body, actor, request, db }) {
    const why = requireReason(body);
    const approve = params.decision === 'approve';
    const outcome = await db.transaction().execute(async (trx) => {
      const found = await mfaResetForDecision(trx, params.id);
      if (!found) throw new ApiError('not_found');
      requireEdition(actor, found.edition);
      // Four eyes: the person who asked, or the account itself, never decides.
      if (found.requested_by === actor.ref || found.user_id === actor.userId)
        throw new ApiError('self_approval');
      if (found.status !== 'pending') throw new ApiError('mfa_reset_decided');
      await requireStaffStepUp(trx, actor);
      const status = approve ? ('approved' as const) : ('refused' as const);
      await decideMfaReset(trx, found.id, { status, decidedBy: actor.ref, ...why });
      let factors = 0;
      let sessions = 0;
      if (approve) {
        factors = await removeEverySecondFactor(trx, found.user_id);
        sessions = (await endEverythingOfUser(trx, found.user_id)).sessions;
        await notifyAccount(trx, request, found.user_id, 'mfa_reset', {});
      }
      await staffAudit(
        trx,
        actor,
        {
          kind: approve ? 'staff.mfa_reset_approved' : 'staff.mfa_reset_refused',
          userId: found.user_id,
          edition: found.edition,
          // The user's timeline tells why support asked ("lost phone"); the decision's own reason stays beside it.
          reason: found.reason,
          ticket: why.ticket,
          detail: {
            request_id: found.id,
            requested_by: found.requested_by,
            decision_reason: why.reason,
            factors_removed: factors,
          },
        },
        request,
      );
      return { id: found.id, status, sessions };
    });
    if (approve) outboxWorkerOf(request.server)?.notify();
    if (outcome.sessions) await afterPortalSessionsEnded(request);
    return { id: outcome.id, status: outcome.status };
  },
});

export const adminMfaResetRoutes = [listRequests, decide];
