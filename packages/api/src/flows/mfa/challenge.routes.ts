import {
  MFA_PLACEHOLDER_IDS,
  type MfaMethodKind,
  type MfaVerifyResponse,
  mfaChallengeQuerySchema,
  mfaChallengeResponseSchema,
  mfaResendRequestSchema,
  mfaVerifyRequestSchema,
  mfaVerifyResponseSchema,
} from '@vestibule/contract/schemas/mfa';
import type { FastifyRequest } from 'fastify';
import { primaryVerifiedContact } from '../../account/contacts';
import { setLoginCookie } from '../../account/login-cookie';
import { countUnusedRecoveryKeys, findMethod, listMethods } from '../../account/mfa-methods';
import { findOpenLoginFlow } from '../../account/pending-login';
import { openLoginSession, weakPasswordFlag } from '../../account/session-opening';
import { grantSudo } from '../../account/step-up';
import { setTrustedDeviceCookie, trustDevice } from '../../account/trusted-devices';
import { loadChallengeUser } from '../../account/users';
import { audit } from '../../db/audit';
import { maskRecipient } from '../../delivery/mask';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import { type AuthContext, authenticate } from '../../http/authenticate';
import { defineRoute } from '../../http/route';
import {
  attemptChallenge,
  type Challenge,
  consumeChallenge,
  countParentFailure,
  findChallenge,
  isLive,
  requireResendDue,
  resendChallengeCode,
  resendInSeconds,
} from '../../security/challenges/challenge';
import {
  codeBudgetOf,
  limitCodeChecking,
  limitCodeSending,
} from '../../security/challenges/challenge.rate-limits';
import { closingAccountError } from '../closure/index';
import { strategyFor } from './strategies/registry';

/** How the SPA draws the code screen of a challenge. */
export function challengeAnswer(challenge: Challenge) {
  const kind = challenge.channel as MfaMethodKind;
  const strategy = strategyFor(kind);
  return {
    payload: challenge.id,
    method: kind,
    target: challenge.target ? maskRecipient(challenge.target) : null,
    code_length: strategy.codeLength,
    resend_in: strategy.sendsCode ? resendInSeconds(challenge) : null,
    expires_at: new Date(challenge.expires_at).toISOString(),
  };
}

/**
 * The method a challenge uses: a set-up method of the user, or (step-up of an account without
 * any method) a placeholder id standing for the primary verified phone or e-mail.
 */
async function resolveMethod(
  request: FastifyRequest,
  userId: number,
  mfaId: number,
  options: { recovery: boolean; allowPlaceholder: boolean },
): Promise<{ kind: MfaMethodKind; methodId: number | null; target: string | null }> {
  const { db } = request.server.ctx;
  if (mfaId > 0) {
    const method = await findMethod(db, userId, mfaId);
    if (!method) throw new ApiError('not_found');
    if (options.recovery) {
      if (method.method !== 'totp') throw new ApiError('not_found');
      return { kind: 'totpRecovery', methodId: method.id, target: null };
    }
    return { kind: method.method, methodId: method.id, target: method.target };
  }
  const kind =
    mfaId === MFA_PLACEHOLDER_IDS.sms ? 'sms' : mfaId === MFA_PLACEHOLDER_IDS.email ? 'email' : undefined;
  if (!kind || !options.allowPlaceholder || (await listMethods(db, userId)).length > 0)
    throw new ApiError('not_found');
  const target = await primaryVerifiedContact(db, userId, kind);
  if (!target) throw new ApiError('not_found');
  return { kind, methodId: null, target };
}

/**
 * GET /api/mfa/sudo?single&mfaId&payload[&method=totpRecovery]: starts a challenge with a method.
 * With a login payload it serves the login (no session yet); otherwise a step-up of the session.
 * Sends the code (sms, email) or just prepares (totp, totpRecovery).
 */
const startChallenge = defineRoute({
  method: 'GET',
  url: '/mfa/sudo',
  summary: 'Start a step-up or login challenge on a method',
  auth: 'public',
  query: mfaChallengeQuerySchema,
  response: mfaChallengeResponseSchema,
  handler: async function startChallenge({ query, request, db, secrets, config }) {
    let userId: number;
    let auth: AuthContext | undefined;
    let parentId: string | null = null;
    if (query.payload) {
      const flow = await findOpenLoginFlow(db, query.payload, request);
      if (!flow || flow.user_id === null) throw new ApiError('challenge_expired');
      userId = flow.user_id;
      parentId = flow.id;
    } else {
      auth = await authenticate(request);
      userId = auth.userId;
    }
    const user = await loadChallengeUser(db, userId);
    if (!user) throw new ApiError('challenge_expired');
    const method = await resolveMethod(request, userId, query.mfaId, {
      recovery: query.method === 'totpRecovery',
      allowPlaceholder: auth !== undefined,
    });
    const strategy = strategyFor(method.kind);
    if (strategy.sendsCode)
      await limitCodeSending(request, {
        userId,
        channel: method.kind,
        target: method.target,
        budget: parentId ? 'login' : 'step_up',
      });
    const challenge = await db.transaction().execute((trx) =>
      strategy.start(
        trx,
        { secrets, config },
        {
          purpose: parentId ? 'login_code' : 'sudo',
          user,
          methodId: method.methodId,
          target: method.target,
          parentId,
          sessionId: auth?.sessionId ?? null,
          deviceId: request.deviceId,
          data: parentId ? {} : { single: query.single ?? false },
        },
      ),
    );
    if (strategy.sendsCode) outboxWorkerOf(request.server)?.notify();
    return challengeAnswer(challenge);
  },
});

/**
 * Whether this request may use a challenge: a login code only from the device of its login, a
 * step-up or activation code only from its session.
 */
async function mayUse(
  request: FastifyRequest,
  challenge: Challenge,
): Promise<AuthContext | undefined | false> {
  if (challenge.purpose === 'login_code') {
    if (challenge.device_id !== request.deviceId || challenge.edition !== request.edition.id) return false;
    const flow = challenge.parent_id
      ? await findOpenLoginFlow(request.server.ctx.db, challenge.parent_id, request)
      : undefined;
    return flow ? undefined : false;
  }
  if (challenge.session_id === null) return false;
  const auth = await authenticate(request);
  return auth.sessionId === challenge.session_id ? auth : false;
}

/** POST /api/mfa/resend {payload}: a new code after the countdown (15 s, then 30 s). */
const resend = defineRoute({
  method: 'POST',
  url: '/mfa/resend',
  summary: "Send the challenge's code again",
  auth: 'public',
  body: mfaResendRequestSchema,
  response: mfaChallengeResponseSchema,
  handler: async function resend({ body, request, db }) {
    const challenge = await findChallenge(db, body.payload);
    if (!challenge || !isLive(challenge) || challenge.user_id === null)
      throw new ApiError('challenge_expired');
    if ((await mayUse(request, challenge)) === false) throw new ApiError('challenge_expired');
    if (challenge.channel !== 'sms' && challenge.channel !== 'email') throw new ApiError('bad_request');
    const user = await loadChallengeUser(db, challenge.user_id);
    if (!user) throw new ApiError('challenge_expired');
    // The countdown is checked before the send budgets are spent.
    requireResendDue(challenge);
    await limitCodeSending(request, {
      userId: user.id,
      channel: challenge.channel,
      target: challenge.target,
      budget: codeBudgetOf(challenge.purpose),
    });
    const sent = await resendChallengeCode(request, challenge.id, user.language);
    return challengeAnswer(sent);
  },
});

/**
 * POST /api/mfa/sudo {payload, code, isTrustedDevice}: checks a code. A login challenge opens the
 * session (and trusts the device when asked); a step-up challenge grants sudo on the session.
 */
const verify = defineRoute({
  method: 'POST',
  url: '/mfa/sudo',
  summary: 'Answer a challenge with its code',
  auth: 'public',
  body: mfaVerifyRequestSchema,
  response: mfaVerifyResponseSchema,
  handler: async function verify({ body, request, reply, db, secrets, config }) {
    const preview = await findChallenge(db, body.payload);
    if (!preview || preview.user_id === null || !['login_code', 'sudo'].includes(preview.purpose))
      throw new ApiError('challenge_expired');
    const userId = preview.user_id;
    const auth = preview.purpose === 'sudo' ? await authenticate(request) : undefined;
    await limitCodeChecking(request, userId);
    const kind = preview.channel as MfaMethodKind;
    const strategy = strategyFor(kind);

    let deviceSecret: string | undefined;
    const answer: MfaVerifyResponse = await attemptChallenge<MfaVerifyResponse>(db, body.payload, {
      accept: async (trx, challenge) => {
        if (challenge.purpose !== preview.purpose || challenge.user_id !== userId) return false;
        if (challenge.purpose === 'sudo') return challenge.session_id === auth?.sessionId;
        if (challenge.device_id !== request.deviceId || !challenge.parent_id) return false;
        return (
          (await findOpenLoginFlow(trx, challenge.parent_id, request, { forUpdate: true })) !== undefined
        );
      },
      check: (trx, challenge) => strategy.check(trx, { secrets, config }, challenge, body.code),
      async onFailure(trx, challenge) {
        if (challenge.parent_id) await countParentFailure(trx, challenge.parent_id);
        await audit(
          trx,
          {
            kind: challenge.purpose === 'sudo' ? 'sudo.failed' : 'login.mfa_failed',
            userId,
            edition: challenge.edition,
            detail: { method: kind },
          },
          request,
        );
      },
      async onSuccess(trx, challenge) {
        const recovery =
          kind === 'totpRecovery'
            ? {
                recovery_keys_remaining: await countUnusedRecoveryKeys(trx, userId),
                totp_mfa_id: challenge.method_id ?? 0,
              }
            : {};
        if (kind === 'totpRecovery')
          await audit(trx, { kind: 'recovery.used', userId, edition: challenge.edition }, request);
        if (challenge.purpose === 'sudo') {
          await grantSudo(trx, challenge.session_id as number, challenge.data.single === true, kind);
          await audit(
            trx,
            { kind: 'sudo.granted', userId, edition: challenge.edition, detail: { method: kind } },
            request,
          );
          return { sudo: true, method: kind, ...recovery };
        }
        const flow = await findChallenge(trx, challenge.parent_id as string);
        await consumeChallenge(trx, challenge.parent_id as string);
        const user = await loadChallengeUser(trx, userId);
        if (!user || user.locked_at) throw new ApiError('account_locked');
        if (user.closes_at) throw closingAccountError(secrets, user.id, user.closes_at);
        if (body.isTrustedDevice) {
          deviceSecret = await trustDevice(trx, userId, request);
          await audit(trx, { kind: 'trusted_device.added', userId, edition: challenge.edition }, request);
        }
        const clientId = typeof flow?.data.client_id === 'string' ? flow.data.client_id : null;
        // A recovery key is a fresh proof for the authenticator only (decision 0038): the screen
        // after it resets the authenticator or regenerates keys without another step-up.
        const session = await openLoginSession(trx, request, {
          userId,
          clientId,
          mfa: kind,
          sudo: kind === 'totpRecovery' ? 'authenticator' : true,
        });
        return {
          access_token: session.token,
          ...weakPasswordFlag(user.password_status),
          sudo: kind !== 'totpRecovery',
          method: kind,
          ...recovery,
        };
      },
    });
    if (answer.access_token) setLoginCookie(request, reply, answer.access_token);
    if (answer.access_token && deviceSecret) setTrustedDeviceCookie(request, reply, deviceSecret);
    return answer;
  },
});

export const mfaChallengeRoutes = [startChallenge, resend, verify];
