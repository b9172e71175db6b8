import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import { type Challenge, insertChallenge } from '../../security/challenges/challenge';

/** How long a started ceremony may be answered: the browser's own timeout, plus a little. */
export const CEREMONY_TTL_SECONDS = 5 * 60;
/** The timeout the browser is given (milliseconds), within CEREMONY_TTL_SECONDS. */
export const CEREMONY_TIMEOUT_MS = 4 * 60 * 1000;

export type CeremonyPurpose = 'passkey_register' | 'passkey_login' | 'passkey_sudo';

/**
 * A WebAuthn ceremony is a challenge row (the table of code challenges, without a code): its
 * uuid is the payload the SPA posts back, `data.challenge` the random challenge the authenticator
 * signs. It is bound to the request's edition, and to the session (register, step-up) or the
 * device (login). Answers the payload with the options the SPA hands to the browser.
 */
export async function startCeremony(
  request: FastifyRequest,
  options: { challenge: string },
  input: {
    purpose: CeremonyPurpose;
    userId: number | null;
    sessionId: number | null;
    data?: Record<string, unknown>;
  },
): Promise<{ payload: string; options: Record<string, unknown> }> {
  const row = await insertChallenge(request.server.ctx.db, {
    purpose: input.purpose,
    userId: input.userId,
    edition: request.edition.id,
    channel: null,
    sessionId: input.sessionId,
    deviceId: request.deviceId,
    data: { ...input.data, challenge: options.challenge },
    ttlSeconds: CEREMONY_TTL_SECONDS,
  });
  return { payload: row.id, options: options as unknown as Record<string, unknown> };
}

/**
 * Uses up a ceremony of the request's edition, bound to the session (register, step-up) or, with
 * no session, to the request's device (login): one conditional update, so a challenge answers one
 * verification only, even when two arrive at once, and a failed verification does not leave it
 * open for another try. 410 challenge_expired when unknown, of another purpose, edition, session
 * or device (left untouched: someone else's payload cannot spend it), expired or already used.
 */
export async function takeCeremony(
  request: FastifyRequest,
  id: string,
  purpose: CeremonyPurpose,
  sessionId: number | null,
): Promise<Challenge & { challenge: string }> {
  let query = request.server.ctx.db
    .updateTable('code_challenges')
    .set({ consumed_at: new Date() })
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('edition', '=', request.edition.id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date());
  query =
    sessionId !== null
      ? query.where('session_id', '=', sessionId)
      : query.where('device_id', '=', request.deviceId);
  const row = await query.returningAll().executeTakeFirst();
  const challenge = row?.data.challenge;
  if (!row || typeof challenge !== 'string') throw new ApiError('challenge_expired');
  return { ...row, challenge };
}
