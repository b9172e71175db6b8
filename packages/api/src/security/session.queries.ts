import { sql } from 'kysely';
import { compiledOnce } from '../db/compiled-query';
import type { Db } from '../db/database';
import { hashToken, newOpaqueToken } from './tokens';

/**
 * How long a session lives (SESSION_MAX_AGE_DAYS, SESSION_IDLE_DAYS): from its login whatever its
 * use, and since its last use. `expires_at` holds the earlier of the two and moves only with use.
 */
export interface SessionLifetime {
  maxAgeSeconds: number;
  idleSeconds: number;
}

export function sessionLifetime(config: { sessionMaxAgeSeconds: number; sessionIdleSeconds: number }) {
  return { maxAgeSeconds: config.sessionMaxAgeSeconds, idleSeconds: config.sessionIdleSeconds };
}

/** The end of a session created at `createdAt` and used now. */
function expiryOf(createdAt: Date, lifetime: SessionLifetime): Date {
  const absolute = createdAt.getTime() + lifetime.maxAgeSeconds * 1000;
  const idle = Date.now() + lifetime.idleSeconds * 1000;
  return new Date(Math.min(absolute, idle));
}

/** What a limited step-up grant serves: the authenticator's re-setup and recovery keys. */
export type SudoScope = 'authenticator';

export interface NewSession {
  userId: number;
  deviceId: string;
  userAgent: string | undefined;
  ip: string;
  /** client_id of the login's target URL, for the forced-MFA rule (SPEC §6). */
  clientId?: string | null | undefined;
  /** A login completed with MFA starts elevated (docs/decisions/0006). */
  sudoUntil?: Date | null | undefined;
  /** Limits that grant to some changes (a recovery-key login: 'authenticator', decision 0038). */
  sudoScope?: SudoScope | null | undefined;
  /** The second factor that gave that grant ('totp', 'passkey', 'sms' …): staff changes need an app or a key. */
  sudoMethod?: string | null | undefined;
  /** The configured lifetime; the defaults of config.ts (30 and 30 days) when not given. */
  lifetime?: SessionLifetime;
  /** How the user authenticated (RFC 8176 amr values); a password alone when not given. */
  amr?: readonly string[] | undefined;
}

const DEFAULT_LIFETIME: SessionLifetime = { maxAgeSeconds: 30 * 86_400, idleSeconds: 30 * 86_400 };

/** A new session's bearer token and its row; only the token's hash is stored. */
export function newSessionRow(session: NewSession) {
  const token = newOpaqueToken();
  const createdAt = new Date();
  return {
    token,
    row: {
      user_id: session.userId,
      token_hash: hashToken(token),
      device_id: session.deviceId,
      user_agent: session.userAgent?.slice(0, 512) ?? null,
      ip: session.ip,
      created_at: createdAt,
      last_seen_at: createdAt,
      expires_at: expiryOf(createdAt, session.lifetime ?? DEFAULT_LIFETIME),
      client_id: session.clientId ?? null,
      sudo_until: session.sudoUntil ?? null,
      sudo_scope: session.sudoScope ?? null,
      sudo_method: session.sudoUntil ? (session.sudoMethod ?? null) : null,
      amr: JSON.stringify(session.amr ?? ['pwd']),
    },
  };
}

/** Creates a session and answers its bearer token; only the token's hash is stored. */
export async function createSession(db: Db, session: NewSession): Promise<{ token: string; id: number }> {
  const { token, row: values } = newSessionRow(session);
  const row = await db.insertInto('sessions').values(values).returning('id').executeTakeFirstOrThrow();
  return { token, id: row.id };
}

export interface LiveSession {
  sessionId: number;
  userId: number;
  edition: string;
  lastSeenAt: Date;
  createdAt: Date;
  /** The login that opened the session, and how it was done (auth_time and amr). */
  authenticatedAt: Date;
  amr: string[];
  sudoUntil: Date | null;
  sudoSingle: boolean;
  sudoScope: SudoScope | null;
  sudoMethod: string | null;
  clientId: string | null;
  passwordStatus: number;
  mfaForced: boolean;
}

/** What makes a session live: its token's hash, and the oldest start and last use allowed. */
export interface LiveSessionBounds {
  tokenHash: string;
  createdAfter: Date;
  seenAfter: Date;
}

/** The bounds of a bearer token's live session now. */
export function liveSessionBounds(token: string, lifetime: SessionLifetime): LiveSessionBounds {
  const now = Date.now();
  return {
    tokenHash: hashToken(token),
    createdAfter: new Date(now - lifetime.maxAgeSeconds * 1000),
    seenAfter: new Date(now - lifetime.idleSeconds * 1000),
  };
}

/**
 * The query of a bearer token's live session (unknown, expired or locked: no row). Both lifetimes
 * are checked on their own too, so that a lowered setting applies at once. A caller that needs
 * more of the user selects it on this query: one round trip (GET /api/user).
 */
export function liveSessionQuery(db: Db, bounds: LiveSessionBounds) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'users.id as userId',
      'users.edition',
      'sessions.last_seen_at as lastSeenAt',
      'sessions.created_at as createdAt',
      'sessions.authenticated_at as authenticatedAt',
      'sessions.amr',
      'sessions.sudo_until as sudoUntil',
      'sessions.sudo_single as sudoSingle',
      'sessions.sudo_scope as sudoScope',
      'sessions.sudo_method as sudoMethod',
      'sessions.client_id as clientId',
      'users.password_status as passwordStatus',
      'users.mfa_forced as mfaForced',
    ])
    .where('sessions.token_hash', '=', bounds.tokenHash)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('sessions.created_at', '>', bounds.createdAfter)
    .where('sessions.last_seen_at', '>', bounds.seenAfter)
    .where('users.locked_at', 'is', null);
}

/** A row of `liveSessionQuery`, with what else its caller selected, as a LiveSession. */
export function asLiveSession<Row extends Omit<LiveSession, 'sudoScope'> & { sudoScope: string | null }>(
  row: Row,
): Omit<Row, 'sudoScope'> & LiveSession {
  return { ...row, sudoScope: row.sudoScope === 'authenticator' ? 'authenticator' : null };
}

/** The session query of every authenticated request, built and compiled once. */
const liveSessionStatement = compiledOnce(
  'session.live',
  (db: Db, tokenHash: string, createdAfter: Date, seenAfter: Date) =>
    liveSessionQuery(db, { tokenHash, createdAfter, seenAfter }),
  ['\u0000token-hash', new Date(0), new Date(1)],
);

/** The live session of a bearer token, or undefined when unknown, expired or the user is locked. */
export async function findLiveSession(
  db: Db,
  token: string,
  lifetime: SessionLifetime,
): Promise<LiveSession | undefined> {
  const { tokenHash, createdAfter, seenAfter } = liveSessionBounds(token, lifetime);
  const row = await liveSessionStatement(db, tokenHash, createdAfter, seenAfter);
  return row && asLiveSession(row);
}

/** A query that finds a live session and may read more with it (`liveSessionQuery`). */
export type SessionFinder<Found extends LiveSession = LiveSession> = (
  db: Db,
  token: string,
  lifetime: SessionLifetime,
) => Promise<Found | undefined>;

/**
 * Slides the idle timeout, never past the absolute lifetime; called at most once a minute per
 * session to keep reads cheap.
 */
export async function touchSession(
  db: Db,
  session: { sessionId: number; createdAt: Date },
  lifetime: SessionLifetime,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: new Date(), expires_at: expiryOf(session.createdAt, lifetime) })
    .where('id', '=', session.sessionId)
    .execute();
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}
