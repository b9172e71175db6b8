import type {} from '@fastify/cookie';
import { emptySchema } from '@vestibule/contract/schemas/common';
import type { MfaMethod } from '@vestibule/contract/schemas/mfa';
import { tokenRequestSchema, tokenResponseSchema } from '@vestibule/contract/schemas/token';
import { parseUsername } from '@vestibule/contract/username';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearLoginCookie, loginCookieName, setLoginCookie } from '../../account/login-cookie';
import { selectableMethods } from '../../account/mfa-methods';
import { startLoginFlow } from '../../account/pending-login';
import { openLoginSession, weakPasswordFlag } from '../../account/session-opening';
import {
  redeemTrustedDevice,
  setTrustedDeviceCookie,
  trustedDeviceSecret,
} from '../../account/trusted-devices';
import type { LoginCandidate } from '../../account/users';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import type {} from '../../security/breached-passwords';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../security/password';
import { deleteSession, findLiveSession, sessionLifetime } from '../../security/session.queries';
import { closingAccountError } from '../closure/index';
import { afterPortalSessionsEnded, findClient } from '../oauth/index';
import { LOGIN_PER_USERNAME } from './login.rate-limits';
import { throttledLoginCandidate } from './login.throttle';

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

/** What a login does to the stored password on its way: rehash it, mark it breached. */
interface PasswordUpkeep {
  rehash: string | undefined;
  breached: boolean;
  /** The password_status the answer reports (breached makes it weak). */
  passwordStatus: number;
}

/** A login candidate whose password matched. */
type VerifiedCandidate = LoginCandidate & { passwordHash: string };

/**
 * The password, checked: an unknown account costs the same hash as a wrong password, so there is
 * no timing difference; a failure is audited and answers 401 invalid_credentials.
 */
async function checkPassword(
  request: FastifyRequest,
  user: LoginCandidate | undefined,
  password: string,
): Promise<VerifiedCandidate> {
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!user?.passwordHash || !passwordOk) {
    const event = { kind: 'login.failed', userId: user?.id ?? null, edition: request.edition.id } as const;
    await audit(request.server.ctx.db, event, request);
    throw new ApiError('invalid_credentials');
  }
  return { ...user, passwordHash: user.passwordHash };
}

/** A locked account is refused; a closing one signs in to a question (keep it?), never silently (0079). */
function checkAccountOpen(request: FastifyRequest, user: VerifiedCandidate): void {
  if (user.lockedAt) throw new ApiError('account_locked');
  if (user.closesAt) throw closingAccountError(request.server.ctx.secrets, user.id, user.closesAt);
}

/** Whether the stored hash needs current parameters, and whether the password is in the breach corpus. */
async function passwordUpkeep(
  request: FastifyRequest,
  user: VerifiedCandidate,
  password: string,
): Promise<PasswordUpkeep> {
  const rehash = needsRehash(user.passwordHash) ? await hashPassword(password) : undefined;
  const breached = user.passwordStatus === 0 && (await request.server.breachedPasswords.isBreached(password));
  return { rehash, breached, passwordStatus: breached ? WEAK_PASSWORD_STATUS_BREACHED : user.passwordStatus };
}

/**
 * The second factors the login may ask for: none for an account without MFA methods. A passkey
 * alone is asked only of an account held to MFA (decision 0047).
 */
async function secondFactorMethods(request: FastifyRequest, user: VerifiedCandidate) {
  if (!user.hasMfaMethods && !user.mfaForced) return [];
  return selectableMethods(request.server.ctx.db, user.id, {
    masked: true,
    edition: request.edition.id,
    passkeyAlone: user.mfaForced,
  });
}

/**
 * Whether this device is trusted for the account: trust needs the device's cookie secret, not the
 * X-Device-ID alone (an identifier that page scripts can read); the secret is rotated as it is
 * checked, and the new one set on the answer. Only asked when there is a second factor to skip.
 */
async function redeemDeviceTrust(
  request: FastifyRequest,
  reply: FastifyReply,
  user: VerifiedCandidate,
  hasSecondFactor: boolean,
): Promise<boolean> {
  if (!hasSecondFactor) return false;
  const { db } = request.server.ctx;
  const rotatedSecret = await redeemTrustedDevice(
    db,
    user.id,
    request.deviceId,
    trustedDeviceSecret(request),
  );
  if (rotatedSecret) setTrustedDeviceCookie(request, reply, rotatedSecret);
  return rotatedSecret !== undefined;
}

/**
 * Starts the pending login and answers 401 mfa_required with its payload and the methods; the
 * login ends at POST /api/mfa/sudo (flows/mfa/flow.mermaid).
 */
async function askForSecondFactor(
  request: FastifyRequest,
  user: VerifiedCandidate,
  login: { clientId: string | null; upkeep: PasswordUpkeep; limitSubject: string; methods: MfaMethod[] },
): Promise<never> {
  const { db, rateLimiter } = request.server.ctx;
  const flow = await db.transaction().execute(async (trx) => {
    await updatePasswordOnLogin(trx, request, user.id, login.upkeep);
    await audit(trx, { kind: 'login.mfa_required', userId: user.id, edition: request.edition.id }, request);
    return startLoginFlow(trx, request, { userId: user.id, clientId: login.clientId });
  });
  await rateLimiter.reset(LOGIN_PER_USERNAME, login.limitSubject);
  throw new ApiError('mfa_required', { extra: { mfa: { payload: flow.id, methods: login.methods } } });
}

/**
 * The session of a login that needs no second factor. The common login writes one statement
 * (session, audit row, new-device check and, with the database limiter, the reset of the
 * account's counter): no transaction round trips.
 */
async function openPasswordSession(
  request: FastifyRequest,
  user: VerifiedCandidate,
  login: { clientId: string | null; upkeep: PasswordUpkeep; limitSubject: string; trusted: boolean },
) {
  const { db, rateLimiter } = request.server.ctx;
  const { rehash, breached } = login.upkeep;
  const resetCounterKey = rateLimiter.databaseKey?.(LOGIN_PER_USERNAME, login.limitSubject);
  const opening = { userId: user.id, clientId: login.clientId, resetCounterKey };
  const session =
    rehash || breached || login.trusted
      ? await db.transaction().execute(async (trx) => {
          await updatePasswordOnLogin(trx, request, user.id, login.upkeep);
          return openLoginSession(trx, request, { ...opening, trustedDevice: login.trusted });
        })
      : await openLoginSession(db, request, { ...opening, trustedDevice: false });
  if (!resetCounterKey) await rateLimiter.reset(LOGIN_PER_USERNAME, login.limitSubject);
  return session;
}

/**
 * POST /api/token: the portal's own password login. Answers a first-party session token, or 401
 * mfa_required with `mfa: { payload, methods }` when the account has MFA and the device does not
 * prove its trust (X-Device-ID with the secret of its trusted-device cookie); the login then ends at POST /api/mfa/sudo (flows/mfa/flow.mermaid).
 * Each check below is a named step, in the order they run.
 */
const login = defineRoute({
  method: 'POST',
  url: '/token',
  summary: 'Log in with a username and password',
  auth: 'public',
  body: tokenRequestSchema,
  response: tokenResponseSchema,
  handler: async function login({ body, request, reply }) {
    // Throttle by client and by the account tried, known or not, before any costly work: the
    // account's counter after the client's and only when the client is within its limit; with
    // counters in the database, the lookup and both counters are one statement (decision 0063).
    const username = parseUsername(body.username, request.edition.phoneRegion);
    const { user: candidate, limitSubject } = await throttledLoginCandidate(request, body.username, username);
    const clientId = await registeredClientId(request, body.client_id);
    const user = await checkPassword(request, candidate, body.password);
    checkAccountOpen(request, user);
    const upkeep = await passwordUpkeep(request, user, body.password);
    const methods = await secondFactorMethods(request, user);
    const trusted = await redeemDeviceTrust(request, reply, user, methods.length > 0);
    if (methods.length > 0 && !trusted) {
      await askForSecondFactor(request, user, { clientId, upkeep, limitSubject, methods });
    }
    const session = await openPasswordSession(request, user, { clientId, upkeep, limitSubject, trusted });
    setLoginCookie(request, reply, session.token);
    return { access_token: session.token, ...weakPasswordFlag(upkeep.passwordStatus) };
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
  handler: async function resume({ request, reply, db, config }) {
    const token = request.cookies[loginCookieName(request)];
    if (!token) return reply.code(204).send();
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
  handler: async function logout({ auth, request, reply, db }) {
    await db.transaction().execute(async (trx) => {
      await deleteSession(trx, auth.sessionId);
      await audit(trx, { kind: 'logout', userId: auth.userId, edition: request.edition.id }, request);
    });
    clearLoginCookie(request, reply);
    await afterPortalSessionsEnded(request);
  },
});

export const tokenRoutes = [login, resume, logout];
