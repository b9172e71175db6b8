import type { Db } from '../../db/database';
import { type Challenge, insertChallenge } from '../../security/challenges/challenge';

/** How long a started ceremony may be answered: the browser's own timeout, plus a little. */
export const CEREMONY_TTL_SECONDS = 5 * 60;
/** The timeout the browser is given (milliseconds), within CEREMONY_TTL_SECONDS. */
export const CEREMONY_TIMEOUT_MS = 4 * 60 * 1000;

export type CeremonyPurpose = 'passkey_register' | 'passkey_login' | 'passkey_sudo';

/**
 * A WebAuthn ceremony is a challenge row (the table of code challenges, without a code): its
 * uuid is the payload the SPA posts back, `data.challenge` the random challenge the authenticator
 * signs. It is bound to the edition, and to the session (register, step-up) or the device (login).
 */
export async function startCeremony(
  db: Db,
  input: {
    purpose: CeremonyPurpose;
    userId: number | null;
    edition: string;
    sessionId: number | null;
    deviceId: string;
    challenge: string;
    data?: Record<string, unknown>;
  },
): Promise<string> {
  const row = await insertChallenge(db, {
    purpose: input.purpose,
    userId: input.userId,
    edition: input.edition,
    channel: null,
    sessionId: input.sessionId,
    deviceId: input.deviceId,
    data: { ...input.data, challenge: input.challenge },
    ttlSeconds: CEREMONY_TTL_SECONDS,
  });
  return row.id;
}

/**
 * Uses up a ceremony: one conditional update, so a challenge answers one verification only, even
 * when two arrive at once, and a failed verification does not leave it open for another try.
 * Undefined when unknown, of another purpose or edition, of another session or device (left
 * untouched: someone else's payload cannot spend it), expired or already used.
 */
export async function takeCeremony(
  db: Db,
  id: string,
  expected: { purpose: CeremonyPurpose; edition: string } & (
    | { sessionId: number; deviceId?: never }
    | { deviceId: string; sessionId?: never }
  ),
): Promise<(Challenge & { challenge: string }) | undefined> {
  let query = db
    .updateTable('code_challenges')
    .set({ consumed_at: new Date() })
    .where('id', '=', id)
    .where('purpose', '=', expected.purpose)
    .where('edition', '=', expected.edition)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date());
  query =
    expected.sessionId !== undefined
      ? query.where('session_id', '=', expected.sessionId)
      : query.where('device_id', '=', expected.deviceId);
  const row = await query.returningAll().executeTakeFirst();
  const challenge = row?.data.challenge;
  if (!row || typeof challenge !== 'string') return undefined;
  return { ...row, challenge };
}
