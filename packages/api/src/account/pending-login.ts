import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { type Challenge, createChallenge, findChallenge } from '../security/challenges/challenge';

/**
 * A login waiting for its second factor is a parent challenge (purpose `login`, no code) whose id
 * is the login payload; each method the user picks starts a child challenge (`login_code`).
 * Wrong codes of all children count on the parent: after this many the login must start again.
 */
export const LOGIN_FLOW_MAX_FAILURES = 10;

export function startLoginFlow(
  trx: Db,
  request: FastifyRequest,
  input: { userId: number; clientId: string | null },
) {
  return createChallenge(trx, request.server.ctx.secrets, {
    purpose: 'login',
    userId: input.userId,
    edition: request.edition.id,
    channel: null,
    deviceId: request.deviceId,
    data: { client_id: input.clientId },
  });
}

/** A login flow still open for this device and edition, else undefined. */
export function isOpenLoginFlow(flow: Challenge | undefined, request: FastifyRequest): flow is Challenge {
  return (
    flow !== undefined &&
    flow.purpose === 'login' &&
    flow.consumed_at === null &&
    new Date(flow.expires_at).getTime() > Date.now() &&
    flow.attempts < LOGIN_FLOW_MAX_FAILURES &&
    flow.device_id === request.deviceId &&
    flow.edition === request.edition.id
  );
}

export async function findOpenLoginFlow(
  db: Db,
  payload: string,
  request: FastifyRequest,
  options: { forUpdate?: boolean } = {},
): Promise<Challenge | undefined> {
  const flow = await findChallenge(db, payload, options);
  return isOpenLoginFlow(flow, request) ? flow : undefined;
}
