import {
  forgotPasswordRequestSchema,
  forgotPasswordResendRequestSchema,
  forgotPasswordResponseSchema,
  resetCodeRequestSchema,
  resetCodeResponseSchema,
} from '@vestibule/contract/schemas/recovery';
import { parseUsername } from '@vestibule/contract/username';
import type { FastifyRequest } from 'fastify';
import { primaryVerifiedContact } from '../../account/contacts';
import { findAccountByVerifiedUsername, findRecoveryAccount } from '../../account/users';
import { audit } from '../../db/audit';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import { enforceLimit } from '../../http/enforce-limit';
import { defineRoute } from '../../http/route';
import { verifyCaptcha } from '../../security/captcha';
import {
  attemptChallenge,
  codeMatches,
  findChallenge,
  isLive,
  lockLiveChallenge,
  requireResendDue,
} from '../../security/challenges/challenge';
import { limitCodeChecking, limitCodeSending } from '../../security/challenges/challenge.rate-limits';
import { FORGOT_PASSWORD_PER_USERNAME, forgotPasswordPerIp } from './recovery.rate-limits';
import {
  belongsToRequest,
  channelOf,
  dataOf,
  padAnswerTime,
  RESET_PURPOSE,
  resendResetChallenge,
  resetChallengeAnswer,
  startResetChallenge,
} from './reset-challenge';
import { issueResetGrant } from './reset-grant';

/** Whether the account's send budgets (per account, SMS per number) still allow a code. */
async function withinSendBudget(request: FastifyRequest, userId: number, channel: string, target: string) {
  try {
    await limitCodeSending(request, { userId, channel, target, budget: 'recovery' });
    return true;
  } catch (error) {
    // Answering 429 here would tell a known account from an unknown one: skip the send instead.
    if (error instanceof ApiError && error.code === 'too_many_attempts') return false;
    throw error;
  }
}

/**
 * POST /api/user/forgot-password {username, captcha}: sends an 8-digit code to the verified e-mail
 * or phone typed. Answers the same (status, shape, timing) for an account that does not exist.
 */
const forgotPassword = defineRoute({
  method: 'POST',
  url: '/user/forgot-password',
  summary: 'Forgot password: send a code to a verified contact',
  auth: 'public',
  body: forgotPasswordRequestSchema,
  response: forgotPasswordResponseSchema,
  handler: async function forgotPassword({ body, request, db, config }) {
    const startedAt = performance.now();
    // Throttle by client before anything costly (the captcha call included).
    await enforceLimit(request, forgotPasswordPerIp(config.recoveryPerIpLimit), request.ip);
    // A configured captcha must be solved.
    await verifyCaptcha(request, body.captcha);
    // The username must be an e-mail or a phone of the edition's numbering.
    const username = parseUsername(body.username, request.edition.phoneRegion);
    if (!username) throw new ApiError('validation_failed', { fields: { username: 'invalid' } });
    // Throttle by the name asked for, known or not.
    await enforceLimit(request, FORGOT_PASSWORD_PER_USERNAME, `${request.edition.id}:${username.value}`);

    const account = await findAccountByVerifiedUsername(db, request.edition.id, username);
    const channel = username.kind === 'phone' ? 'sms' : 'email';
    const send = account ? await withinSendBudget(request, account.id, channel, username.value) : false;
    const challenge = await db.transaction().execute(async (trx) => {
      const created = await startResetChallenge(trx, request, { username, account, send });
      await audit(
        trx,
        {
          kind: 'password.reset_requested',
          userId: account?.id ?? null,
          edition: request.edition.id,
          detail: { channel },
        },
        request,
      );
      return created;
    });
    if (send) outboxWorkerOf(request.server)?.notify();
    await padAnswerTime(startedAt);
    return resetChallengeAnswer(challenge);
  },
});

/**
 * POST /api/user/forgot-password/resend {payload, technology}: a new code after the countdown
 * (15 s, then 30 s), by e-mail or SMS. Switching channel sends to the account's primary verified
 * contact of that kind, if it has one.
 */
const resend = defineRoute({
  method: 'POST',
  url: '/user/forgot-password/resend',
  summary: 'Send the forgot-password code again',
  auth: 'public',
  body: forgotPasswordResendRequestSchema,
  response: forgotPasswordResponseSchema,
  handler: async function resend({ body, request, db, config }) {
    const startedAt = performance.now();
    await enforceLimit(request, forgotPasswordPerIp(config.recoveryPerIpLimit), request.ip);
    // Only a live request of this device and edition can be resent.
    const challenge = await findChallenge(db, body.payload);
    if (!challenge || !isLive(challenge) || !belongsToRequest(challenge, request, RESET_PURPOSE))
      throw new ApiError('challenge_expired');
    // The countdown is checked before any budget is spent.
    requireResendDue(challenge);
    const data = dataOf(challenge);
    await enforceLimit(request, FORGOT_PASSWORD_PER_USERNAME, `${challenge.edition}:${data.username}`);

    const channel = channelOf(body.technology);
    const account = challenge.user_id !== null ? await findRecoveryAccount(db, challenge.user_id) : undefined;
    let target: string | null = null;
    if (account) {
      const typedKind = data.username_kind === 'phone' ? 'sms' : 'email';
      target =
        channel === typedKind
          ? data.username
          : ((await primaryVerifiedContact(db, account.id, channel)) ?? null);
      if (target && !(await withinSendBudget(request, account.id, channel, target))) target = null;
    }
    const sent = await db.transaction().execute(async (trx) => {
      const locked = await lockLiveChallenge(trx, challenge.id);
      return resendResetChallenge(trx, request, locked, {
        channel,
        target,
        locale: account?.language ?? 'en',
      });
    });
    if (target) outboxWorkerOf(request.server)?.notify();
    await padAnswerTime(startedAt);
    return resetChallengeAnswer(sent);
  },
});

/**
 * POST /api/user/forgot-password/verify {payload, code}: checks the code. A wrong one counts; the
 * fifth kills the request (410 challenge_expired afterwards, even with the right code). The right
 * one is consumed and traded for a single-use reset token bound to this device.
 */
const verify = defineRoute({
  method: 'POST',
  url: '/user/forgot-password/verify',
  summary: 'Check the forgot-password code',
  auth: 'public',
  body: resetCodeRequestSchema,
  response: resetCodeResponseSchema,
  handler: async function verify({ body, request, secrets, db }) {
    // Per IP only: a per-account counter would answer 429 for known accounts alone.
    await limitCodeChecking(request, null);
    return attemptChallenge(db, body.payload, {
      accept: (_trx, challenge) => belongsToRequest(challenge, request, RESET_PURPOSE),
      // Unknown accounts have no code hash: every code is wrong, and counts like any other.
      check: async (_trx, challenge) =>
        /^\d{8}$/.test(body.code) && codeMatches(secrets, challenge, body.code),
      async onFailure(trx, challenge) {
        await audit(
          trx,
          { kind: 'password.reset_code_failed', userId: challenge.user_id, edition: challenge.edition },
          request,
        );
      },
      async onSuccess(trx, challenge) {
        if (challenge.user_id === null) throw new ApiError('challenge_expired');
        await audit(
          trx,
          { kind: 'password.reset_code_verified', userId: challenge.user_id, edition: challenge.edition },
          request,
        );
        return issueResetGrant(trx, request, challenge);
      },
    });
  },
});

export const forgotPasswordRoutes = [forgotPassword, resend, verify];
