import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
} from '@vestibule/contract/schemas/security';
import { allEmails } from '../../account/contacts';
import { notifyAccount } from '../../account/notices';
import { deleteOtherSessions } from '../../account/sessions';
import { hasSudo, requireSudo } from '../../account/step-up';
import { audit } from '../../db/audit';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import { enforceLimit } from '../../http/enforce-limit';
import { defineRoute } from '../../http/route';
import { newPasswordError } from '../../security/new-password';
import { hashPassword, verifyPassword } from '../../security/password';
import type { RateLimitRule } from '../../security/rate-limit';
import { afterPortalSessionsEnded } from '../oauth/index';

/** Wrong current passwords per account in 15 minutes: the form must not become a guessing oracle. */
const CURRENT_PASSWORD_TRIES: RateLimitRule = { name: 'password:current', limit: 5, windowSeconds: 15 * 60 };

/**
 * POST /api/user/password {current_password, password, end_other_sessions}: the Security tab's
 * password change. Needs a step-up (403 sudo_required), the current password (422
 * current_password_invalid) and a new one following DESIGN §4; then last_password_change is now,
 * the other sessions end when asked, every verified contact is told, and an audit row is written.
 */
const changePassword = defineRoute({
  method: 'POST',
  url: '/user/password',
  summary: 'Change the password',
  auth: 'user',
  body: changePasswordRequestSchema,
  response: changePasswordResponseSchema,
  handler: async function changePassword({ body, auth, request, db, rateLimiter }) {
    // Step-up first: without it nothing else is looked at (the grant is used up at the change).
    if (!hasSudo(auth)) throw new ApiError('sudo_required');
    const user = await db
      .selectFrom('users')
      .select(['id', 'edition', 'language', 'password_hash', 'firstname', 'lastname'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    // The current password proves the person at the keyboard, throttled per account.
    await enforceLimit(request, CURRENT_PASSWORD_TRIES, String(user.id));
    if (!user.password_hash || !(await verifyPassword(user.password_hash, body.current_password)))
      throw new ApiError('current_password_invalid', { fields: { current_password: 'invalid' } });
    await rateLimiter.reset(CURRENT_PASSWORD_TRIES, String(user.id));
    // The new password follows the rules of DESIGN §4 and differs from the current one.
    const broken = await newPasswordError(request, body.password, {
      emails: await allEmails(db, user.id),
      firstname: user.firstname,
      lastname: user.lastname,
    });
    if (broken) throw new ApiError(broken, { fields: { password: broken } });
    if (body.password === body.current_password) throw new ApiError('password_unchanged');
    const passwordHash = await hashPassword(body.password);

    const changedAt = new Date();
    const result = await db.transaction().execute(async (trx) => {
      await requireSudo(trx, auth);
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, password_status: 0, last_password_change: changedAt })
        .where('id', '=', user.id)
        .execute();
      const ended = body.end_other_sessions ? await deleteOtherSessions(trx, user.id, auth.sessionId) : 0;
      // Every verified e-mail and phone is told, in the change's transaction (outbox).
      const notified = await notifyAccount(trx, request, user.id, 'password_changed', { afterReset: false });
      await audit(
        trx,
        {
          kind: 'password.changed',
          userId: user.id,
          edition: user.edition,
          detail: { reason: 'settings', sessions_ended: ended, notified },
        },
        request,
      );
      return { ended, notified };
    });
    outboxWorkerOf(request.server)?.notify();
    if (result.ended) await afterPortalSessionsEnded(request);
    return {
      last_password_change: changedAt.toISOString(),
      sessions_ended: result.ended,
      notified: result.notified,
    };
  },
});

export const securityPasswordRoutes = [changePassword];
