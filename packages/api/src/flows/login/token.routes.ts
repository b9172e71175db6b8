import type {} from '@fastify/cookie';
import { emptySchema } from '@vestibule/contract/schemas/common';
import { tokenRequestSchema, tokenResponseSchema } from '@vestibule/contract/schemas/token';
import { parseUsername } from '@vestibule/contract/username';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import type {} from '../../security/breached-passwords';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../security/password';
import { deleteSession, findLiveSession, sessionLifetime } from '../../security/session.queries';
import { closingAccountError } from '../closure/index';
import { redeemTrustedDevice, setTrustedDeviceCookie, trustedDeviceSecret } from '../../account/trusted-devices';
import { selectableMethods } from '../../account/mfa-methods';
import { startLoginFlow } from '../../account/pending-login';
import { afterPortalSessionsEnded, findClient } from '../oauth/index';
import { LOGIN_PER_USERNAME } from './login.rate-limits';
import { throttledLoginCandidate } from './login.throttle';
import { clearLoginCookie, loginCookieName, setLoginCookie } from '../../account/login-cookie';
import { openLoginSession, weakPasswordFlag } from '../../account/session-opening';

/** password_status of an account whose password a login found in the breach corpus (SPEC: 1). */
const WEAK_PASSWORD_STATUS_BREACHED = 1;

/**
 * The client_id of the login's target, which decides the platform wording and whether the forced
 * MFA setup is shown on the way (SPEC §6): only a client registered for this edition is accepted.
 */
async function registeredClientId(request: FastifyRequest, clientId: string | undefined) {
  if (clientId === undefined) return null;
  const client = await findClient(request.server.ctx.db, clientId, request.edition.id);
  if (!client) throw new ApiError('unknown_client');
  return client.clientId;
}

/** Rehash with current parameters, and mark a password found in the breach corpus as weak. */
async function updatePasswordOnLogin(
  trx: Db,
  request: FastifyRequest,
  userId: number,
  change: { rehash: string | undefined; breached: boolean },
) {
  if (change.rehash)
    await trx.updateTable('users').set({ password_hash: change.rehash }).where('id', '=', userId).execute();
  if (!change.breached) return;
  await trx
    .updateTable('users')
    .set({ password_status: WEAK_PASSWORD_STATUS_BREACHED })
    .where('id', '=', userId)
    .where('password_status', '=', 0)
    .execute();
  await audit(trx, { kind: 'password.found_breached', userId, edition: request.edition.id }, request);
}

/**
 * POST /api/token: the portal's own password login. Answers a first-party session token, or 401
 * mfa_required with `mfa: { payload, methods }` when the account has MFA and the device does not
 * prove its trust (X-Device-ID with the secret of its trusted-device cookie); the login then ends at POST /api/mfa/sudo (flows/mfa/flow.mermaid).
 */
const login = defineRoute({
  method: 'POST',
  url: '/token',
  summary: 'Log in with a username and password',
  auth: 'public',
  body: tokenRequestSchema,
  response: tokenResponseSchema,
  handler: async function login({ body, request, reply }) {
    const { db } = request.server.ctx;
    const edition = request.edition;
    // Throttle by client and by the account tried, known or not, before any costly work: the
    // account's counter after the client's and only when the client is within its limit; with
    // counters in the database, the lookup and both counters are one statement (decision 0063).
    const username = parseUsername(body.username, edition.phoneRegion);
    const { user, limitSubject } = await throttledLoginCandidate(request, body.username, username);
    const clientId = await registeredClientId(request, body.client_id);

    // An unknown account costs the same hash as a wrong password: no timing difference.
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), body.password);
    if (!user?.passwordHash || !passwordOk) {
      await audit(db, { kind: 'login.failed', userId: user?.id ?? null, edition: edition.id }, request);
      throw new ApiError('invalid_credentials');
    }
    if (user.lockedAt) throw new ApiError('account_locked');
    // A closing account signs in to a question (keep it?), never silently (decision 0079).
    if (user.closesAt) throw closingAccountError(request.server.ctx.secrets, user.id, user.closesAt);

    const rehash = needsRehash(user.passwordHash) ? await hashPassword(body.password) : undefined;
    const breached =
      user.passwordStatus === 0 && (await request.server.breachedPasswords.isBreached(body.password));
    const passwordStatus = breached ? WEAK_PASSWORD_STATUS_BREACHED : user.passwordStatus;
    // Accounts with MFA methods answer 401 with a login payload, unless this device is trusted.
    // A passkey alone is asked only of an account held to MFA (decision 0047).
    const methods =
      user.hasMfaMethods || user.mfaForced
        ? await selectableMethods(db, user.id, {
            masked: true,
            edition: edition.id,
            passkeyAlone: user.mfaForced,
          })
        : [];
    // Trust needs the device's cookie secret, not the X-Device-ID alone (an identifier that page
    // scripts can read); the secret is rotated as it is checked.
    const rotatedSecret =
      methods.length > 0
        ? await redeemTrustedDevice(db, user.id, request.deviceId, trustedDeviceSecret(request))
        : undefined;
    const trusted = rotatedSecret !== undefined;
    if (rotatedSecret) setTrustedDeviceCookie(request, reply, rotatedSecret);
    if (methods.length > 0 && !trusted) {
      const flow = await db.transaction().execute(async (trx) => {
        await updatePasswordOnLogin(trx, request, user.id, { rehash, breached });
        await audit(trx, { kind: 'login.mfa_required', userId: user.id, edition: edition.id }, request);
        return startLoginFlow(trx, request, { userId: user.id, clientId });
      });
      await request.server.ctx.rateLimiter.reset(LOGIN_PER_USERNAME, limitSubject);
      throw new ApiError('mfa_required', { extra: { mfa: { payload: flow.id, methods } } });
    }

    // The common login writes one statement (session, audit row, new-device check and, with the
    // database limiter, the reset of the account's counter): no transaction round trips.
    const { rateLimiter } = request.server.ctx;
    const resetCounterKey = rateLimiter.databaseKey?.(LOGIN_PER_USERNAME, limitSubject);
    const opening = { userId: user.id, clientId, resetCounterKey };
    const session =
      rehash || breached || trusted
        ? await db.transaction().execute(async (trx) => {
            await updatePasswordOnLogin(trx, request, user.id, { rehash, breached });
            return openLoginSession(trx, request, { ...opening, trustedDevice: trusted });
          })
        : await openLoginSession(db, request, { ...opening, trustedDevice: false });
    if (!resetCounterKey) await rateLimiter.reset(LOGIN_PER_USERNAME, limitSubject);
    setLoginCookie(request, reply, session.token);
    return { access_token: session.token, ...weakPasswordFlag(passwordStatus) };
  },
});

/**
 * POST /api/token/resume: a new tab trades the HttpOnly login cookie for its bearer token. Without
 * a live session behind the cookie it answers 204 with no token: "nothing to resume" is the
 * honest answer for a visitor who is not logged in, whether they never were (no cookie) or their
 * session ended (revoked, expired, another edition's). A 401 would be a console error in every
 * such visitor's browser (decision 0056). A dead cookie is left alone: clearing it
 * could race a login in another tab and wipe the new cookie that login just set.
 */
const resume = defineRoute({
  method: 'POST',
  url: '/token/resume',
  summary: 'Resume the session of the login cookie',
  auth: 'public',
  response: tokenResponseSchema,
  handler: async function resume({ request, reply }) {
    const token = request.cookies[loginCookieName(request)];
    if (!token) return reply.code(204).send();
    const { db, config } = request.server.ctx;
    const session = await findLiveSession(db, token, sessionLifetime(config));
    if (!session || session.edition !== request.edition.id) return reply.code(204).send();
    return { access_token: token };
  },
});

/** DELETE /api/token: logout; the session is revoked server-side at once. */
const logout = defineRoute({
  method: 'DELETE',
  url: '/token',
  summary: 'Log out this session',
  auth: 'user',
  whileRestricted: true,
  body: emptySchema.optional(),
  status: 204,
  handler: async function logout({ auth, request, reply }) {
    const { db } = request.server.ctx;
    await db.transaction().execute(async (trx) => {
      await deleteSession(trx, auth.sessionId);
      await audit(trx, { kind: 'logout', userId: auth.userId, edition: request.edition.id }, request);
    });
    clearLoginCookie(request, reply);
    await afterPortalSessionsEnded(request);
  },
});

export const tokenRoutes = [login, resume, logout];
