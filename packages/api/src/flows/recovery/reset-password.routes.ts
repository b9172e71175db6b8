import {
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
} from '@vestibule/contract/schemas/recovery';
import { allEmails } from '../../account/contacts';
import { notifyAccount } from '../../account/notices';
import { endEverythingOfUser } from '../../account/sessions';
import { findRecoveryAccount } from '../../account/users';
import { audit } from '../../db/audit';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { attemptChallenge, codeMatches, findChallenge, isLive } from '../../security/challenges/challenge';
import { limitCodeChecking } from '../../security/challenges/challenge.rate-limits';
import { newPasswordError } from '../../security/new-password';
import { hashPassword, verifyPassword } from '../../security/password';
import { afterPortalSessionsEnded } from '../oauth/index';
import { belongsToRequest } from './reset-challenge';
import { GRANT_PURPOSE, parseResetToken } from './reset-grant';

/**
 * POST /api/user/reset-password {reset_token, password}: sets the new password (rules of DESIGN
 * §4). Then every session and trusted device of the user ends (the next login asks for MFA again),
 * open challenges die, and every verified contact is told. Answers `true` (SPEC §7).
 */
const resetPassword = defineRoute({
  method: 'POST',
  url: '/user/reset-password',
  summary: 'Set a new password after the code was checked',
  auth: 'public',
  body: resetPasswordRequestSchema,
  response: resetPasswordResponseSchema,
  handler: async function resetPassword({ body, request, db, secrets }) {
    await limitCodeChecking(request, null);
    // The token must name a live grant of this device and edition.
    const token = parseResetToken(body.reset_token);
    const grant = token ? await findChallenge(db, token.grantId) : undefined;
    if (
      !token ||
      !grant ||
      !isLive(grant) ||
      !belongsToRequest(grant, request, GRANT_PURPOSE) ||
      grant.user_id === null
    )
      throw new ApiError('reset_expired');
    const account = await findRecoveryAccount(db, grant.user_id);
    if (!account) throw new ApiError('reset_expired');
    // The password follows the rules; a refused one leaves the grant usable for another try.
    const broken = await newPasswordError(request, body.password, {
      emails: await allEmails(db, account.id),
      firstname: account.firstname,
      lastname: account.lastname,
    });
    if (broken) throw new ApiError(broken);
    const current = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', account.id)
      .executeTakeFirst();
    if (current?.password_hash && (await verifyPassword(current.password_hash, body.password)))
      throw new ApiError('password_unchanged');
    const passwordHash = await hashPassword(body.password);

    try {
      await attemptChallenge(db, token.grantId, {
        accept: (_trx, challenge) => belongsToRequest(challenge, request, GRANT_PURPOSE),
        check: async (_trx, challenge) => codeMatches(secrets, challenge, token.secret),
        async onSuccess(trx) {
          await trx
            .updateTable('users')
            .set({ password_hash: passwordHash, password_status: 0, last_password_change: new Date() })
            .where('id', '=', account.id)
            .execute();
          const ended = await endEverythingOfUser(trx, account.id);
          // Every verified e-mail and phone is told, in the same transaction as the change (outbox).
          const notified = await notifyAccount(trx, request, account.id, 'password_changed', {
            afterReset: true,
          });
          await audit(
            trx,
            {
              kind: 'password.reset',
              userId: account.id,
              edition: account.edition,
              detail: {
                sessions_ended: ended.sessions,
                trusted_devices_revoked: ended.trustedDevices,
                notified,
              },
            },
            request,
          );
        },
      });
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'challenge_expired' || error.code === 'invalid_code'))
        throw new ApiError('reset_expired');
      throw error;
    }
    outboxWorkerOf(request.server)?.notify();
    await afterPortalSessionsEnded(request);
    return true;
  },
});

export const resetPasswordRoutes = [resetPassword];
