import type { FastifyRequest } from 'fastify';
import { metrics } from '../operations/metrics';
import type { Db } from './database';

/** Security events written in the same transaction as the change they record (DESIGN §3). */
export type AuditKind =
  | 'login.succeeded'
  | 'login.failed'
  | 'login.handover'
  | 'logout'
  | 'session.revoked'
  | 'session.revoked_all'
  | 'security.not_me'
  | 'maintenance.changed'
  // Admin commands (npm run admin -- users …).
  | 'account.locked'
  | 'account.unlocked'
  | 'account.frozen_by_invitee'
  | 'account.mfa_policy_changed'
  | 'login.mfa_required'
  | 'login.mfa_failed'
  | 'mfa.added'
  | 'mfa.edited'
  | 'mfa.removed'
  | 'mfa.primary_changed'
  | 'recovery.regenerated'
  | 'recovery.used'
  | 'trusted_device.added'
  | 'trusted_device.revoked'
  | 'sudo.granted'
  | 'sudo.failed'
  | 'password.changed'
  // A login found the password in the breach corpus: password_status 1.
  | 'password.found_breached'
  | 'oauth.consent_granted'
  | 'oauth.consent_refused'
  | 'oauth.grant_revoked'
  | 'password.reset_requested'
  | 'password.reset_code_failed'
  | 'password.reset_code_verified'
  | 'password.reset'
  | 'username.recovery_requested'
  // Profile, contacts, login and IBAN.
  | 'profile.updated'
  | 'contact.added'
  | 'contact.verified'
  | 'contact.updated'
  | 'contact.removed'
  | 'contact.primary_changed'
  | 'login.changed'
  | 'iban.changed'
  // Onboarding.
  | 'onboarding.started'
  | 'onboarding.code_failed'
  | 'onboarding.completed'
  | 'card.activated'
  | 'card.activation_failed'
  | 'cards.imported'
  | 'invitation.created'
  // Company administration (decision 0077): a company admin's changes.
  | 'invitation.revoked'
  | 'account.suspended'
  | 'account.restored'
  | 'company.mfa_policy_changed'
  // Account merge.
  | 'fuzzion.offered'
  | 'fuzzion.merged'
  | 'fuzzion.refused'
  | 'fuzzion.ignored'
  | 'fuzzion.proof_failed'
  // Passkeys.
  | 'passkey.added'
  | 'passkey.renamed'
  | 'passkey.used'
  | 'passkey.failed'
  | 'passkey.removed'
  // Privacy: the account's data downloaded.
  | 'account.data_exported'
  // Closing the account (decision 0079): asked, kept after all, its data erased.
  | 'account.closure_requested'
  | 'account.closure_cancelled'
  | 'account.deleted'
  // The optional messages and marketing preferences.
  | 'preferences.updated'
  // Webhooks: a subscription stopped after three days of failed deliveries.
  | 'webhook.disabled'
  // SCIM: company tokens, and the people a company's HR system provisions.
  | 'scim.token_created'
  | 'scim.token_revoked'
  | 'scim.user_created'
  | 'scim.user_updated'
  | 'scim.user_deprovisioned'
  // Administration (decision 0076): what staff and machine clients read and did, with the actor
  // in the row's actor columns and the reason and ticket in its detail.
  | StaffAuditKind;

/** Staff actions; those on an account also reach its timeline (SECURITY_EVENT_KINDS). */
export type StaffAuditKind =
  | 'staff.accounts_searched'
  | 'staff.account_viewed'
  | 'staff.field_revealed'
  | 'staff.account_locked'
  | 'staff.account_unlocked'
  | 'staff.sessions_ended'
  | 'staff.password_reset_sent'
  | 'staff.invitation_resent'
  | 'staff.invitation_revoked'
  | 'staff.mfa_reset_requested'
  | 'staff.mfa_reset_approved'
  | 'staff.closure_started'
  | 'staff.mfa_reset_refused'
  | 'staff.audit_searched'
  | 'staff.audit_exported'
  | 'staff.staff_listed'
  | 'staff.role_granted'
  | 'staff.role_removed'
  | 'staff.invitations_batched'
  // Company administration and the operator's webhooks (decision 0077).
  | 'company.people_listed'
  | 'company.invitations_listed'
  | 'webhook.created'
  | 'webhook.secret_rotated'
  | 'webhook.enabled'
  | 'webhook.disabled_by_staff'
  | 'webhook.replayed'
  // The operator's integration jobs in the console: a card import (its count), SCIM tokens.
  | 'cards.imported'
  | 'scim.token_created'
  | 'scim.token_revoked'
  // The operator's OAuth clients and maintenance switch.
  | 'oauth_client.registered'
  | 'oauth_client.updated'
  | 'oauth_client.secret_rotated'
  | 'oauth_client.disabled'
  | 'oauth_client.enabled'
  | 'oauth_client.removed'
  | 'maintenance.switched';

type AuditEvent = {
  kind: AuditKind;
  userId: number | null;
  edition: string;
  detail?: Record<string, unknown>;
  /** A staff action's actor ('user:<id>', 'client:<id>') and the role it acted in. */
  actor?: { ref: string; role: string };
};

/** The audit_events row of an event (also written inside one statement with other rows). */
export function auditRow(event: AuditEvent, request?: FastifyRequest) {
  return {
    user_id: event.userId,
    edition: event.edition,
    kind: event.kind,
    detail: JSON.stringify(event.detail ?? {}),
    ip: request?.ip ?? null,
    device_id: request?.deviceId ?? null,
    ...(event.actor ? { actor: event.actor.ref, actor_role: event.actor.role } : {}),
  };
}

/** Counts a written event in the metrics; called once its row is written. */
export function countAuditEvent(kind: AuditKind) {
  metrics.securityEvents.inc({ kind });
}

export async function audit(db: Db, event: AuditEvent, request?: FastifyRequest): Promise<void> {
  await db.insertInto('audit_events').values(auditRow(event, request)).execute();
  countAuditEvent(event.kind);
}

/** The audit row of what a signed-in user did to their own account, in the request's edition. */
export function auditOwn(
  db: Db,
  request: FastifyRequest,
  userId: number,
  kind: AuditKind,
  detail: Record<string, unknown>,
): Promise<void> {
  return audit(db, { kind, userId, edition: request.edition.id, detail }, request);
}
