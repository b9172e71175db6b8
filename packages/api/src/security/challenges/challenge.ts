import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  CODE_CHALLENGE_TTL_SECONDS,
  CODE_MAX_ATTEMPTS,
  MESSAGE_CODE_LENGTH,
  RESEND_COUNTDOWN_AFTER_RESEND_SECONDS,
  RESEND_COUNTDOWN_INITIAL_SECONDS,
} from '@vestibule/contract/constants';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ChallengeChannel, CodeChallengesTable } from '../../db/schema';
import { codePurposeOfChallenge } from '../../delivery/messages/purposes';
import { sendMessage } from '../../delivery/messages/send';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import type { SecretBox } from '../secret-box';
import { newNumericCode } from '../tokens';

// The one-time-code challenge core (docs/decisions/0005-code-challenges.md). A challenge is a row
// whose uuid is the opaque payload the SPA holds; its code is keyed-hashed with that uuid, so a
// code only ever opens the challenge that created it.

export type Challenge = Selectable<CodeChallengesTable>;

export interface NewChallenge {
  /** What the challenge is for: `login`, `login_code`, `sudo`, `activate`, `recovery`, … */
  purpose: string;
  userId: number | null;
  edition: string;
  channel: ChallengeChannel | null;
  /** Address or E.164 number the code goes to (sms, email). */
  target?: string | null;
  methodId?: number | null;
  parentId?: string | null;
  sessionId?: number | null;
  deviceId?: string | null;
  data?: Record<string, unknown>;
  ttlSeconds?: number;
}

export interface Delivery {
  /** The recipient's language (users.language), for the message text. */
  locale: string;
  /** The editions' public origins (config.publicUrls), for the links of the e-mail's footer. */
  publicUrls: Readonly<Partial<Record<string, string>>>;
}

/**
 * Creates a challenge. For sms and email pass `delivery`: a fresh 8-digit code is stored hashed
 * and its message written to the outbox in the same transaction (`db` must be that transaction).
 */
export async function createChallenge(
  db: Db,
  secrets: SecretBox,
  input: NewChallenge,
  delivery?: Delivery,
): Promise<Challenge> {
  const row = await insertChallenge(db, input);
  if (delivery) return sendChallengeCode(db, secrets, row, delivery, { resend: false });
  return row;
}

/** Writes a challenge row without a code (a WebAuthn ceremony's too): its new uuid is the payload. */
export function insertChallenge(db: Db, input: NewChallenge): Promise<Challenge> {
  return db
    .insertInto('code_challenges')
    .values({
      id: randomUUID(),
      purpose: input.purpose,
      user_id: input.userId,
      edition: input.edition,
      channel: input.channel,
      target: input.target ?? null,
      method_id: input.methodId ?? null,
      parent_id: input.parentId ?? null,
      session_id: input.sessionId ?? null,
      device_id: input.deviceId ?? null,
      data: JSON.stringify(input.data ?? {}),
      expires_at: new Date(Date.now() + (input.ttlSeconds ?? CODE_CHALLENGE_TTL_SECONDS) * 1000),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Seconds before the challenge may send again: 15 after the first code, 30 after a resend. */
export function resendInSeconds(challenge: Challenge, now = Date.now()): number {
  if (!challenge.last_sent_at) return 0;
  const wait =
    challenge.resend_count === 0 ? RESEND_COUNTDOWN_INITIAL_SECONDS : RESEND_COUNTDOWN_AFTER_RESEND_SECONDS;
  return Math.max(0, Math.ceil((new Date(challenge.last_sent_at).getTime() + wait * 1000 - now) / 1000));
}

/** 429 resend_too_soon, with the seconds left in Retry-After, while the countdown runs. */
export function requireResendDue(challenge: Challenge): void {
  const wait = resendInSeconds(challenge);
  if (wait > 0) throw new ApiError('resend_too_soon', { headers: { 'retry-after': String(wait) } });
}

/**
 * Sends a (new) code for an sms or email challenge. A resend replaces the code (the old one dies),
 * keeps the attempts already made and restarts the countdown; before the countdown ends it
 * answers 429 resend_too_soon.
 */
export async function sendChallengeCode(
  db: Db,
  secrets: SecretBox,
  challenge: Challenge,
  delivery: Delivery,
  options: { resend: boolean },
): Promise<Challenge> {
  if (challenge.channel !== 'sms' && challenge.channel !== 'email') throw new ApiError('bad_request');
  if (!challenge.target) throw new Error('a code challenge needs a target');
  if (options.resend) requireResendDue(challenge);
  const code = newNumericCode(MESSAGE_CODE_LENGTH);
  const updated = await db
    .updateTable('code_challenges')
    .set((eb) => ({
      code_hash: secrets.hash(challenge.id, code),
      last_sent_at: new Date(),
      resend_count: options.resend ? eb('resend_count', '+', 1) : eb.val(0),
    }))
    .where('id', '=', challenge.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // The message says what the code is for (login, step-up, reset, proving an address).
  await sendMessage(
    db,
    { secrets, publicUrls: delivery.publicUrls },
    {
      purpose: codePurposeOfChallenge(challenge.purpose),
      edition: challenge.edition,
      locale: delivery.locale,
      values: { code, minutes: Math.round(CODE_CHALLENGE_TTL_SECONDS / 60) },
      to: [{ channel: challenge.channel, address: challenge.target }],
    },
  );
  return updated;
}

/** The challenge of a payload, or undefined; `forUpdate` locks it until the transaction ends. */
export async function findChallenge(db: Db, id: string, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('code_challenges').selectAll().where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A challenge still able to take a code: not consumed, not expired, tries left. */
export function isLive(challenge: Challenge, now = Date.now()): boolean {
  return (
    challenge.consumed_at === null &&
    new Date(challenge.expires_at).getTime() > now &&
    challenge.attempts < CODE_MAX_ATTEMPTS
  );
}

/**
 * A request's resend of a live challenge's code, in its own transaction (the challenge locked: two
 * resends at once send once), in the recipient's language; the outbox worker is woken after it.
 */
export async function resendChallengeCode(
  request: FastifyRequest,
  challengeId: string,
  locale: string,
): Promise<Challenge> {
  const { db, secrets, config } = request.server.ctx;
  const sent = await db.transaction().execute(async (trx) => {
    const locked = await lockLiveChallenge(trx, challengeId);
    return sendChallengeCode(
      trx,
      secrets,
      locked,
      { locale, publicUrls: config.publicUrls },
      { resend: true },
    );
  });
  outboxWorkerOf(request.server)?.notify();
  return sent;
}

/** The challenge locked for the rest of the transaction; 410 challenge_expired when no longer live. */
export async function lockLiveChallenge(trx: Db, id: string): Promise<Challenge> {
  const locked = await findChallenge(trx, id, { forUpdate: true });
  if (!locked || !isLive(locked)) throw new ApiError('challenge_expired');
  return locked;
}

/**
 * Constant-time check of a sent code against the challenge's stored hash, under every key of the
 * ring: a code sent just before a key rotation still opens its challenge.
 */
export function codeMatches(secrets: SecretBox, challenge: Challenge, code: string): boolean {
  if (!challenge.code_hash) return false;
  const expected = Buffer.from(challenge.code_hash, 'hex');
  return secrets.hashes(challenge.id, code).some((hash) => {
    const actual = Buffer.from(hash, 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  });
}

export interface Attempt<T> {
  /**
   * Which challenges this call may open (purpose, session, device, a live parent); any other
   * answers like an unknown payload.
   */
  accept(trx: Db, challenge: Challenge): boolean | Promise<boolean>;
  /** Checks the code (strategy-specific); may update state in the same transaction. */
  check(trx: Db, challenge: Challenge): Promise<boolean>;
  /** Runs in the transaction that consumes the challenge; its answer is returned. */
  onSuccess(trx: Db, challenge: Challenge): Promise<T>;
  /** Runs in the transaction that counts a wrong code (e.g. an audit row). */
  onFailure?(trx: Db, challenge: Challenge): Promise<void>;
}

/**
 * One try at a challenge, serialised by a row lock. A wrong code counts (committed even though
 * the call then fails with 422 invalid_code); the fifth wrong one kills the challenge, after
 * which it answers 410 challenge_expired like an unknown, expired or used payload.
 */
export async function attemptChallenge<T>(db: Db, payload: string, attempt: Attempt<T>): Promise<T> {
  const outcome = await db.transaction().execute(async (trx) => {
    const challenge = await findChallenge(trx, payload, { forUpdate: true });
    if (!challenge || !isLive(challenge) || !(await attempt.accept(trx, challenge)))
      return { kind: 'dead' as const };
    if (!(await attempt.check(trx, challenge))) {
      await trx
        .updateTable('code_challenges')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', challenge.id)
        .execute();
      await attempt.onFailure?.(trx, challenge);
      return { kind: 'wrong' as const };
    }
    await consumeChallenge(trx, challenge.id);
    return { kind: 'ok' as const, value: await attempt.onSuccess(trx, challenge) };
  });
  if (outcome.kind === 'dead') throw new ApiError('challenge_expired');
  if (outcome.kind === 'wrong') throw new ApiError('invalid_code');
  return outcome.value;
}

export async function consumeChallenge(db: Db, id: string): Promise<void> {
  await db.updateTable('code_challenges').set({ consumed_at: new Date() }).where('id', '=', id).execute();
}

/** Counts a failure on a parent challenge (a login flow: its children share its budget). */
export async function countParentFailure(db: Db, parentId: string): Promise<void> {
  await db
    .updateTable('code_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', parentId)
    .execute();
}
