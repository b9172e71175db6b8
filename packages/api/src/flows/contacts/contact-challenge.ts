import { MESSAGE_CODE_LENGTH } from '@vestibule/contract/constants';
import type { ContactChallenge, ContactKind } from '@vestibule/contract/schemas/profile';
import type { FastifyRequest } from 'fastify';
import { CHANNEL } from '../../account/contacts';
import { hasSudo, requireSudo } from '../../account/step-up';
import type { ChallengeUser } from '../../account/users';
import type { Db } from '../../db/database';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import type { AuthContext } from '../../http/authenticate';
import {
  attemptChallenge,
  type Challenge,
  codeMatches,
  createChallenge,
  resendInSeconds,
} from '../../security/challenges/challenge';
import { limitCodeChecking, limitCodeSending } from '../../security/challenges/challenge.rate-limits';

// Proving an address with a code (docs/decisions/0010): the one-time-code core of 0005 with two
// more purposes — `contact` (add, update or verify a contact) and `login_change` (edit-credentials).
// A challenge is bound to the session that started it; its `data` says what the code confirms.

/**
 * Starts a challenge whose code goes to `target`; answers what the code screen shows. With `sudo`
 * the session needs a step-up grant (403 sudo_required, checked before any send budget is spent),
 * and a single grant is used up in the transaction that creates the challenge (docs/decisions/0013).
 */
export async function startAddressChallenge(
  request: FastifyRequest,
  auth: AuthContext,
  user: ChallengeUser,
  input: {
    purpose: 'contact' | 'login_change';
    kind: ContactKind;
    target: string;
    data: Record<string, unknown>;
    sudo?: boolean;
  },
): Promise<ContactChallenge> {
  const ctx = request.server.ctx;
  const channel = CHANNEL[input.kind];
  if (input.sudo && !hasSudo(auth)) throw new ApiError('sudo_required');
  await limitCodeSending(request, { userId: user.id, channel, target: input.target, budget: 'contact' });
  const challenge = await ctx.db.transaction().execute(async (trx) => {
    if (input.sudo) await requireSudo(trx, auth);
    return createChallenge(
      trx,
      ctx.secrets,
      {
        purpose: input.purpose,
        userId: user.id,
        edition: user.edition,
        channel,
        target: input.target,
        sessionId: auth.sessionId,
        deviceId: request.deviceId,
        data: { ...input.data, kind: input.kind },
      },
      { locale: user.language, publicUrls: ctx.config.publicUrls },
    );
  });
  outboxWorkerOf(request.server)?.notify();
  return {
    payload: challenge.id,
    method: channel,
    target: input.target,
    code_length: MESSAGE_CODE_LENGTH,
    resend_in: resendInSeconds(challenge),
    expires_at: new Date(challenge.expires_at).toISOString(),
  };
}

/**
 * Checks a code for a challenge of this purpose, kind and session; on success runs `apply` in the
 * transaction that consumes the challenge. Wrong code: 422 invalid_code; dead or foreign: 410.
 */
export async function confirmAddressChallenge<T>(
  request: FastifyRequest,
  auth: AuthContext,
  input: { purpose: 'contact' | 'login_change'; kind?: ContactKind; payload: string; code: string },
  apply: (trx: Db, challenge: Challenge) => Promise<T>,
): Promise<T> {
  const ctx = request.server.ctx;
  await limitCodeChecking(request, auth.userId);
  const result = await attemptChallenge(ctx.db, input.payload, {
    accept: (_trx, challenge) =>
      challenge.purpose === input.purpose &&
      challenge.session_id === auth.sessionId &&
      challenge.user_id === auth.userId &&
      (input.kind === undefined || challenge.data.kind === input.kind),
    check: async (_trx, challenge) => codeMatches(ctx.secrets, challenge, input.code),
    onSuccess: apply,
  });
  // The change's notices were written with it.
  outboxWorkerOf(request.server)?.notify();
  return result;
}
