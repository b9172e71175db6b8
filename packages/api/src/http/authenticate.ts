import { FIRST_PARTY_CLIENT_IDS, WEAK_PASSWORD_STATUSES } from '@vestibule/contract/constants';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import {
  findLiveSession,
  type LiveSession,
  type SessionFinder,
  sessionLifetime,
  touchSession,
} from '../security/session.queries';
import { ApiError } from './api-error';

/**
 * What a session may not get past yet (docs/decisions/0006): a weak password to replace, or the
 * forced MFA setup to finish. Only routes declared `whileRestricted` answer such a session.
 */
export type SessionRestriction = 'weak_password_change_required' | 'mfa_setup_required';

export interface AuthContext {
  userId: number;
  sessionId: number;
  token: string;
  session: Pick<
    LiveSession,
    | 'createdAt'
    | 'sudoUntil'
    | 'sudoSingle'
    | 'sudoScope'
    | 'sudoMethod'
    | 'clientId'
    | 'authenticatedAt'
    | 'amr'
  >;
  restriction: SessionRestriction | undefined;
}

/**
 * A forced user (SPEC §6) must own an SMS and an e-mail method, or a passkey (a second factor that
 * resists phishing, docs/decisions/0047), whatever the login was made for:
 * the exemption of partner logins only lets the OAuth approval through (`forcedSetupExemption`),
 * never the portal (docs/decisions/0026).
 */
export async function restrictionOf(
  db: Db,
  session: Pick<LiveSession, 'passwordStatus' | 'mfaForced' | 'userId'>,
): Promise<SessionRestriction | undefined> {
  if ((WEAK_PASSWORD_STATUSES as readonly number[]).includes(session.passwordStatus))
    return 'weak_password_change_required';
  if (!session.mfaForced) return undefined;
  const kinds = await db
    .selectFrom('mfa_methods')
    .select('method')
    .distinct()
    .where('user_id', '=', session.userId)
    .execute();
  const owned = new Set(kinds.map((row) => row.method));
  if (owned.has('sms') && owned.has('email')) return undefined;
  const passkey = await db
    .selectFrom('passkeys')
    .select('id')
    .where('user_id', '=', session.userId)
    .executeTakeFirst();
  return passkey ? undefined : 'mfa_setup_required';
}

/**
 * SPEC §6: the forced setup applies on the way to the portal and the platforms (client_id absent,
 * 2 or 51), not on the way to a partner application. Called by the OAuth approval routes, the
 * only ones that let a session with an unfinished setup through (`partnerDuringForcedSetup`).
 */
export function forcedSetupExemption(auth: AuthContext, clientId: string) {
  if (!auth.restriction) return;
  if (auth.restriction === 'mfa_setup_required' && !isFirstPartyClientId(clientId)) return;
  throw new ApiError(auth.restriction);
}

export function isFirstPartyClientId(clientId: string): boolean {
  return (FIRST_PARTY_CLIENT_IDS as readonly string[]).includes(clientId);
}

const TOUCH_INTERVAL_MS = 60_000;

/** The bearer token of a request, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(header) : null;
  return match?.[1];
}

/**
 * The user behind the request's bearer token. The session must be live and belong to the
 * request's edition: a token of one edition is worthless on the other's host.
 */
export async function authenticate(request: FastifyRequest): Promise<AuthContext> {
  return (await authenticateWith(request, findLiveSession)).auth;
}

/**
 * As `authenticate`, with a session query that also reads what the route needs (`found`): the
 * session and the route's data in one round trip (GET /api/user).
 */
export async function authenticateWith<Found extends LiveSession>(
  request: FastifyRequest,
  find: SessionFinder<Found>,
  { touch = true }: { touch?: boolean } = {},
): Promise<{ auth: AuthContext; found: Found }> {
  const token = bearerToken(request);
  if (!token) throw new ApiError('unauthorized');
  const { db } = request.server.ctx;
  const lifetime = sessionLifetime(request.server.ctx.config);
  const session = await find(db, token, lifetime);
  if (!session || session.edition !== request.edition.id) throw new ApiError('unauthorized');
  if (touch && Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
    await touchSession(db, session, lifetime);
  const auth: AuthContext = {
    userId: session.userId,
    sessionId: session.sessionId,
    token,
    session: {
      createdAt: session.createdAt,
      sudoUntil: session.sudoUntil,
      sudoSingle: session.sudoSingle,
      sudoScope: session.sudoScope,
      sudoMethod: session.sudoMethod,
      clientId: session.clientId,
      authenticatedAt: session.authenticatedAt,
      amr: session.amr,
    },
    restriction: await restrictionOf(db, session),
  };
  return { auth, found: session };
}
