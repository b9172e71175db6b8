import { SUDO_TTL_SECONDS } from '@vestibule/contract/constants';
import type { MfaStatus } from '@vestibule/contract/schemas/mfa';
import type { Db } from '../db/database';
import { ApiError } from '../http/api-error';
import type { AuthContext } from '../http/authenticate';
import type { SudoScope } from '../security/session.queries';

// Step-up (sudo, SPEC §4 and §6): a recent MFA grant on the session, needed by the sensitive
// changes (edit-password, edit-credentials, edit-iban, mfa-edit, edit-recovery). It lasts
// SUDO_TTL_SECONDS; a `single` grant serves one sensitive change only (docs/decisions/0006).

/**
 * Whether the session holds a live grant for a change of `scope`. A limited grant (a recovery-key
 * login, decision 0038) serves only the changes of its own scope; an unlimited one serves all.
 */
export function hasSudo(auth: AuthContext, scope?: SudoScope, now = Date.now()): boolean {
  if (auth.session.sudoUntil === null || new Date(auth.session.sudoUntil).getTime() <= now) return false;
  return auth.session.sudoScope === null || auth.session.sudoScope === scope;
}

/** GET /api/mfa/status: need_card (no card method here), single, sudo. */
export function sudoStatus(auth: AuthContext): MfaStatus {
  const sudo = hasSudo(auth);
  return {
    need_card: false,
    single: sudo && auth.session.sudoSingle,
    sudo,
    sudo_expires_at: sudo && auth.session.sudoUntil ? new Date(auth.session.sudoUntil).toISOString() : null,
  };
}

/**
 * Call before a sensitive change: answers 403 sudo_required without a live grant, and uses up a
 * single grant. Pass the change's transaction so a failed change keeps the grant.
 */
export async function requireSudo(db: Db, auth: AuthContext, scope?: SudoScope): Promise<void> {
  if (!hasSudo(auth, scope)) throw new ApiError('sudo_required');
  if (!auth.session.sudoSingle) return;
  // Only one request may use a single grant: the conditional update picks the winner.
  const used = await db
    .updateTable('sessions')
    .set({ sudo_until: null, sudo_single: false })
    .where('id', '=', auth.sessionId)
    .where('sudo_single', '=', true)
    .where('sudo_until', '>', new Date())
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new ApiError('sudo_required');
}

/**
 * Grants the elevated state on a session after a step-up; `method` is the factor that proved it
 * ('sms', 'email', 'totp', 'totpRecovery', 'passkey'): staff changes need an app or a key.
 */
export async function grantSudo(db: Db, sessionId: number, single: boolean, method: string): Promise<Date> {
  const until = new Date(Date.now() + SUDO_TTL_SECONDS * 1000);
  await db
    .updateTable('sessions')
    .set({ sudo_until: until, sudo_single: single, sudo_scope: null, sudo_method: method })
    .where('id', '=', sessionId)
    .execute();
  return until;
}
