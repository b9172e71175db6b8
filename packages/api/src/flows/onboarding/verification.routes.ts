import { MESSAGE_CODE_LENGTH } from '@vestibule/contract/constants';
import { toE164 } from '@vestibule/contract/phone';
import {
  type OnboardingChallenge,
  onboardingCodeResponseSchema,
  onboardingEmailRequestSchema,
  onboardingPhoneRequestSchema,
  onboardingResendRequestSchema,
  onboardingStateSchema,
  onboardingVerifyRequestSchema,
} from '@vestibule/contract/schemas/onboarding';
import { emailSchema } from '@vestibule/contract/username';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../db/audit';
import { maskRecipient } from '../../delivery/mask';
import { outboxWorkerOf } from '../../delivery/register';
import { ApiError } from '../../http/api-error';
import { enforceLimit } from '../../http/enforce-limit';
import { defineRoute } from '../../http/route';
import {
  attemptChallenge,
  type Challenge,
  codeMatches,
  createChallenge,
  findChallenge,
  isLive,
  requireResendDue,
  resendChallengeCode,
  resendInSeconds,
} from '../../security/challenges/challenge';
import { limitCodeChecking, limitCodeSending } from '../../security/challenges/challenge.rate-limits';
import { contestedContacts, requireOwnContact } from './duplicates';
import { type FlowRow, flowState, furthest, loadFlow, requireStep, updateFlow } from './flow.queries';
import { SEND_PER_FLOW, VERIFY_PER_FLOW } from './onboarding.rate-limits';

const PURPOSE = { email: 'onboarding_email', sms: 'onboarding_phone' } as const;

/** The code a challenge of this flow still waits for, as the SPA shows it. */
function challengeAnswer(challenge: Challenge): OnboardingChallenge {
  return {
    payload: challenge.id,
    channel: challenge.channel === 'sms' ? 'sms' : 'email',
    recipient: maskRecipient(challenge.target ?? ''),
    code_length: MESSAGE_CODE_LENGTH,
    resend_in: resendInSeconds(challenge),
    expires_at: new Date(challenge.expires_at).toISOString(),
  };
}

/** A challenge of this flow, device and current target: anything else is not this flow's code. */
function belongsToFlow(challenge: Challenge, flow: FlowRow, request: FastifyRequest): boolean {
  const flowId = (challenge.data as { flow_id?: unknown }).flow_id;
  if (flowId !== flow.id || challenge.device_id !== request.deviceId) return false;
  if (challenge.purpose === PURPOSE.email) return challenge.target === flow.email;
  if (challenge.purpose === PURPOSE.sms) return challenge.target === flow.phone;
  return false;
}

/** The step after a verified e-mail: the phone, or the password when the phone is already proven. */
function stepAfterEmail(flow: FlowRow) {
  return flow.phone_verified_at !== null ? furthest(flow.step, 'password') : furthest(flow.step, 'phone');
}

/** Sends a code for the flow's e-mail or phone, within the send budgets. */
async function sendCode(request: FastifyRequest, flow: FlowRow, channel: 'email' | 'sms', target: string) {
  const ctx = request.server.ctx;
  await limitCodeSending(request, { userId: null, channel, target, budget: 'contact' });
  await enforceLimit(request, SEND_PER_FLOW, flow.id);
  const challenge = await ctx.db.transaction().execute((trx) =>
    createChallenge(
      trx,
      ctx.secrets,
      {
        purpose: PURPOSE[channel],
        userId: null,
        edition: flow.edition,
        channel,
        target,
        deviceId: request.deviceId,
        data: { flow_id: flow.id },
      },
      { locale: flow.language, publicUrls: ctx.config.publicUrls },
    ),
  );
  outboxWorkerOf(request.server)?.notify();
  return challenge;
}

/** The code screen: the flow's state, and how to draw the code's challenge. */
async function codeScreen(request: FastifyRequest, flow: FlowRow, challenge: Challenge) {
  return { state: await flowState(request, flow), challenge: challengeAnswer(challenge) };
}

/**
 * POST /api/onboarding/email {email?}: "continue with the current e-mail" (no body), or
 * another address. Every address gets an 8-digit code, the invited one too: an invitation code
 * proves nothing about the mailbox (it can leak; decision 0068) — also an address another account uses: only the code's owner learns that
 * (POST /verify, then the merge offer), so this answer tells nobody whether an account exists.
 */
const verifyEmail = defineRoute({
  method: 'POST',
  url: '/onboarding/email',
  summary: 'Give the e-mail during sign-up: sends a code',
  auth: 'public',
  body: onboardingEmailRequestSchema,
  response: onboardingCodeResponseSchema,
  handler: async function verifyEmail({ body, request, db }) {
    let flow = await loadFlow(db, request, body.flow);
    // Names and e-mail come first.
    requireStep(flow, 'email');
    // Another address: well-formed.
    if (body.email !== undefined) {
      const parsed = emailSchema.safeParse(body.email);
      if (!parsed.success) throw new ApiError('onboarding_invalid_email');
      if (parsed.data !== flow.email)
        flow = await updateFlow(db, flow.id, { email: parsed.data, email_verified_at: null, step: 'email' });
    }
    const email = flow.email as string;
    return codeScreen(request, flow, await sendCode(request, flow, 'email', email));
  },
});

/**
 * POST /api/onboarding/phone {phone}: an 8-digit SMS code to the number (edition's numbering
 * when typed without a country code). Malformed numbers answer 422 onboarding_invalid_phone; a
 * number another account uses gets its code like any other (see POST /email).
 */
const verifyPhone = defineRoute({
  method: 'POST',
  url: '/onboarding/phone',
  summary: 'Give the phone during sign-up: sends a code',
  auth: 'public',
  body: onboardingPhoneRequestSchema,
  response: onboardingCodeResponseSchema,
  handler: async function verifyPhone({ body, request, db }) {
    let flow = await loadFlow(db, request, body.flow);
    // The e-mail is verified first.
    requireStep(flow, 'phone');
    // A valid number.
    const phone = toE164(body.phone, request.edition.phoneRegion);
    if (!phone) throw new ApiError('onboarding_invalid_phone');
    if (phone !== flow.phone)
      flow = await updateFlow(db, flow.id, { phone, phone_verified_at: null, step: 'phone' });
    return codeScreen(request, flow, await sendCode(request, flow, 'sms', phone));
  },
});

/** POST /api/onboarding/resend {payload}: a new code after the countdown (15 s, then 30 s). */
const resend = defineRoute({
  method: 'POST',
  url: '/onboarding/resend',
  summary: 'Send the sign-up code again',
  auth: 'public',
  body: onboardingResendRequestSchema,
  response: onboardingCodeResponseSchema,
  handler: async function resend({ body, request, db }) {
    const flow = await loadFlow(db, request, body.flow);
    const challenge = await findChallenge(db, body.payload);
    // Only a live code of this flow for its current target.
    if (!challenge || !isLive(challenge) || !belongsToFlow(challenge, flow, request))
      throw new ApiError('challenge_expired');
    // The countdown is checked before any budget is spent.
    requireResendDue(challenge);
    await limitCodeSending(request, {
      userId: null,
      channel: challenge.channel ?? '',
      target: challenge.target,
      budget: 'contact',
    });
    await enforceLimit(request, SEND_PER_FLOW, flow.id);
    const sent = await resendChallengeCode(request, challenge.id, flow.language);
    return codeScreen(request, flow, sent);
  },
});

/**
 * POST /api/onboarding/verify {payload, code}: checks an e-mail or SMS code (DESIGN §4: 5
 * wrong tries, then 410). The right one marks the address or number verified and moves the flow on.
 */
const verifyCode = defineRoute({
  method: 'POST',
  url: '/onboarding/verify',
  summary: 'Check the sign-up code',
  auth: 'public',
  body: onboardingVerifyRequestSchema,
  response: onboardingStateSchema,
  handler: async function verifyCode({ body, request, db, secrets }) {
    const flow = await loadFlow(db, request, body.flow);
    // Code checks are limited per client and per sign-up, on top of 5 per code.
    await limitCodeChecking(request, null);
    await enforceLimit(request, VERIFY_PER_FLOW, flow.id);
    const updated = await attemptChallenge(db, body.payload, {
      accept: (_trx, challenge) => flow.step !== 'done' && belongsToFlow(challenge, flow, request),
      check: async (_trx, challenge) =>
        /^\d{8}$/.test(body.code) && codeMatches(secrets, challenge, body.code),
      async onFailure(trx, challenge) {
        await audit(
          trx,
          {
            kind: 'onboarding.code_failed',
            userId: null,
            edition: flow.edition,
            detail: { purpose: challenge.purpose },
          },
          request,
        );
      },
      async onSuccess(trx, challenge) {
        const current = await loadFlow(trx, request, flow.id, { forUpdate: true });
        const proven = challenge.purpose === PURPOSE.email ? 'email' : 'sms';
        const updated =
          proven === 'email'
            ? await updateFlow(trx, current.id, {
                email_verified_at: new Date(),
                step: stepAfterEmail(current),
              })
            : // An e-mail changed meanwhile must be verified again before the password.
              await updateFlow(trx, current.id, {
                phone_verified_at: new Date(),
                step: current.email_verified_at !== null ? furthest(current.step, 'password') : current.step,
              });
        // Proven, the contact may belong to another account (a merge is offered at the end), but
        // not both: the throw rolls the verification back and keeps the code for another try.
        requireOwnContact(await contestedContacts(trx, updated), proven);
        return updated;
      },
    });
    return flowState(request, updated);
  },
});

export const onboardingVerificationRoutes = [verifyEmail, verifyPhone, resend, verifyCode];
