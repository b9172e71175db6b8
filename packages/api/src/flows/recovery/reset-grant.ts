import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { type Challenge, createChallenge } from '../../security/challenges/challenge';
import { newOpaqueToken } from '../../security/tokens';

// A verified code is traded for a reset grant: a challenge row (purpose `password_reset_grant`)
// whose "code" is a 256-bit secret, stored as the keyed hash the challenge core uses. The token the
// SPA holds is `<grant id>.<secret>`; it opens one password change, from the same device, for
// RESET_GRANT_TTL_SECONDS.

export const GRANT_PURPOSE = 'password_reset_grant';
export const RESET_GRANT_TTL_SECONDS = 15 * 60;

export async function issueResetGrant(trx: Db, request: FastifyRequest, code: Challenge) {
  const { secrets } = request.server.ctx;
  const grant = await createChallenge(trx, secrets, {
    purpose: GRANT_PURPOSE,
    userId: code.user_id,
    edition: code.edition,
    channel: null,
    parentId: code.id,
    deviceId: request.deviceId,
    data: code.data,
    ttlSeconds: RESET_GRANT_TTL_SECONDS,
  });
  const secret = newOpaqueToken();
  await trx
    .updateTable('code_challenges')
    .set({ code_hash: secrets.hash(grant.id, secret) })
    .where('id', '=', grant.id)
    .execute();
  return { reset_token: `${grant.id}.${secret}`, expires_at: new Date(grant.expires_at).toISOString() };
}

const TOKEN_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/** The grant id and secret of a reset token, or undefined when it cannot be one. */
export function parseResetToken(token: string): { grantId: string; secret: string } | undefined {
  const match = TOKEN_PATTERN.exec(token);
  return match ? { grantId: match[1]!, secret: match[2]! } : undefined;
}
