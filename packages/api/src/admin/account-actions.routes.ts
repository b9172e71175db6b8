import { parseCardNumber } from '@vestibule/contract/card-number';
import {
  accountActionParamsSchema,
  accountActionResponseSchema,
  accountIdParamsSchema,
  closureStartedSchema,
  invitationParamsSchema,
  mfaResetRequestSchema,
  mfaResetSchema,
  passwordResetSentSchema,
  staffReasonSchema,
} from '@vestibule/contract/schemas/admin';
import type { FastifyRequest } from 'fastify';
import { primaryVerifiedContact } from '../account/contacts';
import { endEverythingOfUser } from '../account/sessions';
import type { StaffAuditKind } from '../db/audit';
import { outboxWorkerOf } from '../delivery/register';
import { startClosure } from '../flows/closure/index';
import { afterPortalSessionsEnded } from '../flows/oauth/index';
import { invitationOf, renewInvitation, revokeInvitation } from '../flows/onboarding/index';
import { startStaffResetChallenge } from '../flows/recovery/index';
import { ApiError } from '../http/api-error';
import { accountInScope } from './accounts.routes';
import { defineAdminRoute } from './admin-route';
import { type AdminActor, requireEdition, requireStaffStepUp } from './guard';
import { maskContact } from './mask';
import { identityMatches, openMfaReset, pendingMfaResetOf } from './mfa-resets.queries';
import { requireReason, staffAudit } from './staff-audit';

const ACTION_KINDS: Record<'lock' | 'unlock' | 'end-sessions', StaffAuditKind> = {
  lock: 'staff.account_locked',
  unlock: 'staff.account_unlocked',
  'end-sessions': 'staff.sessions_ended',
};

/** The account of a desk action, in the caller's scope: staff never act on their own account at the desk. */
async function othersAccount(request: FastifyRequest, actor: AdminActor, userId: number) {
  const profile = await accountInScope(request, actor, userId);
  if (actor.userId === profile.id) throw new ApiError('forbidden');
  return profile;
}

/**
 * POST /api/admin/accounts/:id/lock|unlock|end-sessions {reason, ticket}: a locked account signs in
 * nowhere and loses its sessions and trusted devices; ending sessions keeps it open. Step-up first;
 * the change and its audit row commit together, and the user's timeline says it in plain words.
 */
const accountAction = defineAdminRoute({
  method: 'POST',
  url: '/accounts/:id/:action',
  summary: 'Lock or unlock an account, or end all its sessions, for a reason',
  capability: 'accounts.write',
  params: accountActionParamsSchema,
  body: staffReasonSchema,
  response: accountActionResponseSchema,
  handler: async function accountAction({ params, body, actor, request, db }) {
    const why = requireReason(body);
    const profile = await othersAccount(request, actor, params.id);
    const ended = await db.transaction().execute(async (trx) => {
      await requireStaffStepUp(trx, actor);
      if (params.action !== 'end-sessions')
        await trx
          .updateTable('users')
          .set({ locked_at: params.action === 'lock' ? new Date() : null })
          .where('id', '=', profile.id)
          .execute();
      const sessions = params.action === 'unlock' ? 0 : (await endEverythingOfUser(trx, profile.id)).sessions;
      await staffAudit(
        trx,
        actor,
        {
          kind: ACTION_KINDS[params.action],
          userId: profile.id,
          edition: profile.edition,
          ...why,
          detail: params.action === 'unlock' ? {} : { sessions_ended: sessions },
        },
        request,
      );
      return sessions;
    });
    if (ended) await afterPortalSessionsEnded(request);
    return { sessions_ended: ended };
  },
});

/**
 * POST /api/admin/accounts/:id/mfa-reset {card_number, birthdate, reason, ticket}: support records
 * the identity check it made on the phone (checked here against the account) and asks security
 * for an MFA reset. A check that fails is audited too, and answers 422 identity_check_failed.
 */
const requestMfaReset = defineAdminRoute({
  method: 'POST',
  url: '/accounts/:id/mfa-reset',
  summary: 'Ask for an MFA reset after checking the card number and date of birth',
  capability: 'accounts.write',
  params: accountIdParamsSchema,
  body: mfaResetRequestSchema,
  response: mfaResetSchema.pick({ id: true, status: true, created_at: true }),
  status: 201,
  handler: async function requestMfaReset({ params, body, actor, request, db, secrets }) {
    const why = requireReason(body);
    const profile = await othersAccount(request, actor, params.id);
    const pan = parseCardNumber(body.card_number);
    if (!pan) throw new ApiError('validation_failed', { fields: { card_number: 'invalid_card_number' } });
    if (!(await identityMatches(db, secrets, profile, pan, body.birthdate))) {
      await staffAudit(
        db,
        actor,
        {
          kind: 'staff.mfa_reset_requested',
          userId: profile.id,
          edition: profile.edition,
          ...why,
          detail: { outcome: 'identity_check_failed' },
        },
        request,
      );
      throw new ApiError('identity_check_failed', {
        fields: { card_number: 'identity_check_failed', birthdate: 'identity_check_failed' },
      });
    }
    if (await pendingMfaResetOf(db, profile.id)) throw new ApiError('mfa_reset_pending');
    const opened = await db.transaction().execute(async (trx) => {
      await requireStaffStepUp(trx, actor);
      const row = await openMfaReset(trx, {
        userId: profile.id,
        edition: profile.edition,
        requestedBy: actor.ref,
        checked: ['card_number', 'birthdate'],
        reason: why.reason,
        ticket: why.ticket,
      });
      await staffAudit(
        trx,
        actor,
        {
          kind: 'staff.mfa_reset_requested',
          userId: profile.id,
          edition: profile.edition,
          ...why,
          detail: { request_id: row.id, checked: 'card_number,birthdate' },
        },
        request,
      );
      return row;
    });
    return { id: opened.id, status: opened.status, created_at: new Date(opened.created_at).toISOString() };
  },
});

/**
 * POST /api/admin/invitations/:id/resend|revoke {reason, ticket}: a new code e-mailed (the old one
 * stops working), or the invitation closed. A used invitation answers 409 invitation_used.
 */
const invitationAction = defineAdminRoute({
  method: 'POST',
  url: '/invitations/:id/:action',
  summary: 'Send an invitation again with a new code, or revoke it, for a reason',
  capability: 'accounts.write',
  params: invitationParamsSchema,
  body: staffReasonSchema,
  handler: async function invitationAction({ params, body, actor, request, db, secrets, config }) {
    const why = requireReason(body);
    const invitation = await invitationOf(db, params.id);
    if (!invitation) throw new ApiError('not_found');
    requireEdition(actor, invitation.edition);
    if (invitation.used_at) throw new ApiError('invitation_used');
    await db.transaction().execute(async (trx) => {
      await requireStaffStepUp(trx, actor);
      const done =
        params.action === 'resend'
          ? await renewInvitation(trx, secrets, invitation.id, config.publicUrls)
          : await revokeInvitation(trx, invitation.id);
      if (!done) throw new ApiError('invitation_used');
      await staffAudit(
        trx,
        actor,
        {
          kind: params.action === 'resend' ? 'staff.invitation_resent' : 'staff.invitation_revoked',
          userId: invitation.user_id,
          edition: invitation.edition,
          ...why,
          detail: { invitation_id: invitation.id },
        },
        request,
      );
    });
    if (params.action === 'resend') outboxWorkerOf(request.server)?.notify();
  },
});

/**
 * POST /api/admin/accounts/:id/password-reset {reason, ticket}: a password-reset code and the link
 * to the page that takes it, to the account's primary verified e-mail (else another verified
 * one); 409 no_verified_contact without any. The person chooses the new password themselves.
 */
const sendPasswordReset = defineAdminRoute({
  method: 'POST',
  url: '/accounts/:id/password-reset',
  summary: 'Send a password-reset code to a verified e-mail of the account, for a reason',
  capability: 'accounts.write',
  params: accountIdParamsSchema,
  body: staffReasonSchema,
  response: passwordResetSentSchema,
  handler: async function sendPasswordReset({ params, body, actor, request, db, secrets, config }) {
    const why = requireReason(body);
    const profile = await othersAccount(request, actor, params.id);
    const email = await primaryVerifiedContact(db, profile.id, 'email');
    if (!email) throw new ApiError('no_verified_contact');
    await db.transaction().execute(async (trx) => {
      await requireStaffStepUp(trx, actor);
      await startStaffResetChallenge(trx, secrets, {
        userId: profile.id,
        edition: profile.edition,
        email,
        locale: profile.language,
        publicUrls: config.publicUrls,
      });
      await staffAudit(
        trx,
        actor,
        {
          kind: 'staff.password_reset_sent',
          userId: profile.id,
          edition: profile.edition,
          ...why,
          detail: { channel: 'email' },
        },
        request,
      );
    });
    outboxWorkerOf(request.server)?.notify();
    return { sent_to: maskContact(email) };
  },
});

/**
 * POST /api/admin/accounts/:id/close {reason, ticket}: support starts the account's closure for the
 * person (decision 0079): the same grace period, keep link and erasure as when they close it.
 */
const startAccountClosure = defineAdminRoute({
  method: 'POST',
  url: '/accounts/:id/close',
  summary: 'Start the closure of an account for its holder, for a reason',
  capability: 'accounts.write',
  params: accountIdParamsSchema,
  body: staffReasonSchema,
  response: closureStartedSchema,
  handler: async function startAccountClosure({ params, body, actor, request, db, secrets, config }) {
    const why = requireReason(body);
    const profile = await othersAccount(request, actor, params.id);
    const staff = {
      kind: 'staff' as const,
      actor: actor.ref,
      role: actor.role,
      reason: why.reason,
      ticket: why.ticket ?? undefined,
    };
    const { closesAt, sessionsEnded } = await startClosure(
      { db, secrets, config },
      profile.id,
      staff,
      request,
      async (trx) => {
        await requireStaffStepUp(trx, actor);
        await staffAudit(
          trx,
          actor,
          { kind: 'staff.closure_started', userId: profile.id, edition: profile.edition, ...why, detail: {} },
          request,
        );
      },
    );
    if (sessionsEnded) await afterPortalSessionsEnded(request);
    outboxWorkerOf(request.server)?.notify();
    return { closes_at: closesAt.toISOString() };
  },
});

export const adminAccountActionRoutes = [
  requestMfaReset,
  sendPasswordReset,
  startAccountClosure,
  accountAction,
  invitationAction,
];
