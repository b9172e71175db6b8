import { WEAK_PASSWORD_FRESH_SECONDS, WEAK_PASSWORD_STATUSES } from '@vestibule/contract/constants';
import { weakPasswordRequestSchema } from '@vestibule/contract/schemas/mfa';
import { audit } from '../../db/audit';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { newPasswordError } from '../../security/new-password';
import { hashPassword, verifyPassword } from '../../security/password';
import { afterPortalSessionsEnded } from '../oauth/index';

/**
 * POST /api/user/weak-password {password}: replaces a weak password (password_status 1 or 2)
 * right after the login that revealed it, following the rules of DESIGN §4; then the status is 0,
 * the session's restriction lifts and the user's other sessions end.
 */
const changeWeakPassword = defineRoute({
  method: 'POST',
  url: '/user/weak-password',
  summary: 'Replace a weak password',
  auth: 'user',
  whileRestricted: true,
  body: weakPasswordRequestSchema,
  status: 204,
  handler: async function changeWeakPassword({ body, auth, request, db }) {
    const user = await db
      .selectFrom('users')
      .select(['id', 'edition', 'password_hash', 'password_status', 'firstname', 'lastname'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    // Only a session that just logged in with the weak password may replace it without the old one.
    if (!(WEAK_PASSWORD_STATUSES as readonly number[]).includes(user.password_status))
      throw new ApiError('forbidden');
    if (Date.now() - new Date(auth.session.createdAt).getTime() > WEAK_PASSWORD_FRESH_SECONDS * 1000)
      throw new ApiError('session_not_fresh');
    const emails = await db
      .selectFrom('user_emails')
      .select('address')
      .where('user_id', '=', user.id)
      .execute();
    const broken = await newPasswordError(request, body.password, {
      emails: emails.map((e) => e.address),
      firstname: user.firstname,
      lastname: user.lastname,
    });
    if (broken) throw new ApiError(broken);
    if (user.password_hash && (await verifyPassword(user.password_hash, body.password)))
      throw new ApiError('password_unchanged');
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, password_status: 0, last_password_change: new Date() })
        .where('id', '=', user.id)
        .execute();
      await trx
        .deleteFrom('sessions')
        .where('user_id', '=', user.id)
        .where('id', '<>', auth.sessionId)
        .execute();
      await audit(
        trx,
        {
          kind: 'password.changed',
          userId: user.id,
          edition: user.edition,
          detail: { reason: 'weak_password' },
        },
        request,
      );
    });
    await afterPortalSessionsEnded(request);
  },
});

export const weakPasswordRoutes = [changeWeakPassword];
