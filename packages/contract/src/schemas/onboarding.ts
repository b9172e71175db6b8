import { z } from 'zod';
import { CAPTCHA_TOKEN_MAX_LENGTH } from '../captcha';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { mfaActivateFuzzionSchema } from './mfa';

// Onboarding (SPEC §2, §4, §5; docs/decisions/0011-onboarding.md): sign-up from a card number, a
// Luxembourg activation code or an e-mail invitation. The server owns the flow: a row whose id the
// SPA holds; every call answers the whole state.

export const ONBOARDING_KINDS = ['card', 'activation_code', 'invitation'] as const;
export type OnboardingKind = (typeof ONBOARDING_KINDS)[number];

/** Server steps, in order: the next thing the flow expects. */
export const ONBOARDING_STEPS = ['terms', 'create', 'email', 'phone', 'password', 'done'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_OUTCOMES = ['card_activated', 'card_failed', 'code_only'] as const;
export type OnboardingOutcome = (typeof ONBOARDING_OUTCOMES)[number];

const captchaSchema = z.string().min(1).max(CAPTCHA_TOKEN_MAX_LENGTH).optional();

/** POST /api/onboarding: the card number, activation code or invitation code typed. */
export const onboardingStartRequestSchema = z
  .object({
    kind: z.enum(ONBOARDING_KINDS),
    code: z.string().trim().min(1).max(64),
    captcha: captchaSchema,
  })
  .strict();
export type OnboardingStartRequest = z.input<typeof onboardingStartRequestSchema>;

/**
 * The flow id travels in request bodies, never in a path: it opens the sign-up (with the device
 * id), and paths end up in logs.
 */
const flowSchema = z.uuid();

/** POST /api/onboarding/state and /abandon: the flow to resume or forget. */
export const onboardingFlowRequestSchema = z.object({ flow: flowSchema }).strict();
export type OnboardingFlowRequest = z.input<typeof onboardingFlowRequestSchema>;

/** POST /api/onboarding/{id}/terms */
export const onboardingTermsRequestSchema = z
  .object({
    flow: flowSchema,
    terms_version: z.string().min(1).max(64),
    privacy_version: z.string().min(1).max(64),
    accept_terms: z.boolean(),
    accept_privacy: z.boolean(),
    marketing_email: z.boolean().default(false),
    marketing_sms: z.boolean().default(false),
  })
  .strict();
export type OnboardingTermsRequest = z.input<typeof onboardingTermsRequestSchema>;

const nameSchema = z.string().trim().min(1).max(100);

/** POST /api/onboarding/{id}/account: who the account is for and its e-mail. */
export const onboardingAccountRequestSchema = z
  .object({
    flow: flowSchema,
    firstname: nameSchema,
    lastname: nameSchema,
    email: z.string().trim().min(1).max(254),
  })
  .strict();
export type OnboardingAccountRequest = z.input<typeof onboardingAccountRequestSchema>;

/** POST /api/onboarding/{id}/email: a code to the current e-mail, or to another one typed. */
export const onboardingEmailRequestSchema = z
  .object({
    flow: flowSchema,
    email: z.string().trim().min(1).max(254).optional(),
  })
  .strict();
export type OnboardingEmailRequest = z.input<typeof onboardingEmailRequestSchema>;

/** POST /api/onboarding/{id}/phone */
export const onboardingPhoneRequestSchema = z
  .object({
    flow: flowSchema,
    phone: z.string().trim().min(1).max(32),
  })
  .strict();
export type OnboardingPhoneRequest = z.input<typeof onboardingPhoneRequestSchema>;

/** POST /api/onboarding/{id}/resend */
export const onboardingResendRequestSchema = z
  .object({
    flow: flowSchema,
    payload: z.uuid(),
  })
  .strict();

/** POST /api/onboarding/{id}/verify */
export const onboardingVerifyRequestSchema = z
  .object({
    flow: flowSchema,
    payload: z.uuid(),
    code: z.string().trim().min(1).max(32),
  })
  .strict();
export type OnboardingVerifyRequest = z.input<typeof onboardingVerifyRequestSchema>;

/** POST /api/onboarding/{id}/complete: the password, then the account exists. */
export const onboardingCompleteRequestSchema = z
  .object({
    flow: flowSchema,
    password: z
      .string()
      .min(1)
      .max(PASSWORD_MAX_LENGTH * 4),
  })
  .strict();
export type OnboardingCompleteRequest = z.input<typeof onboardingCompleteRequestSchema>;

/** A code on its way (e-mail or SMS). */
export const onboardingChallengeSchema = z
  .object({
    payload: z.uuid(),
    channel: z.enum(['email', 'sms']),
    /** Masked address or number. */
    recipient: z.string(),
    code_length: z.number().int(),
    resend_in: z.number().int(),
    expires_at: z.string(),
  })
  .strict();
export type OnboardingChallenge = z.infer<typeof onboardingChallengeSchema>;

/** The whole flow as the SPA draws it. */
export const onboardingStateSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(ONBOARDING_KINDS),
    step: z.enum(ONBOARDING_STEPS),
    expires_at: z.string(),
    /** The customer company that issued the card or sent the invitation. */
    company: z.string().nullable(),
    /** Last 4 digits of the card (card and activation-code flows). */
    card_last4: z.string().nullable(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    email: z.string().nullable(),
    email_verified: z.boolean(),
    /** The invited address: the invitation code proved it, so it needs no new code. */
    invitation_email: z.string().nullable(),
    phone: z.string().nullable(),
    phone_verified: z.boolean(),
    /** Versions to accept, in the request language. */
    terms: z
      .object({ terms_version: z.string(), privacy_version: z.string(), language: z.string() })
      .strict(),
    terms_accepted: z.boolean(),
    marketing_email: z.boolean(),
    marketing_sms: z.boolean(),
    outcome: z.enum(ONBOARDING_OUTCOMES).nullable(),
    /**
     * A verified e-mail or phone of this sign-up that another account of the edition uses (the
     * duplicate-found screen). Told only once a code proved control of it; the new account is
     * created without it and a merge is offered (docs/decisions/0012-fuzzion.md).
     */
    duplicate: z
      .object({ method: z.enum(['email', 'sms']), target: z.string() })
      .strict()
      .nullable(),
  })
  .strict();
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

/** The answer of /email and /phone: the state, and the code sent (none when nothing to verify). */
export const onboardingCodeResponseSchema = z
  .object({ state: onboardingStateSchema, challenge: onboardingChallengeSchema.nullable() })
  .strict();
export type OnboardingCodeResponse = z.infer<typeof onboardingCodeResponseSchema>;

/**
 * The answer of /complete: the state (step done, outcome), a session for the new account and,
 * when a verified contact belongs to another account, the merge offer (SPA: /duplicated).
 */
export const onboardingCompleteResponseSchema = z
  .object({
    state: onboardingStateSchema,
    access_token: z.string(),
    fuzzion: mfaActivateFuzzionSchema.nullable(),
  })
  .strict();
export type OnboardingCompleteResponse = z.infer<typeof onboardingCompleteResponseSchema>;

/**
 * POST /api/onboarding/not-me: the invitee's "this was not me" code (from the message sent when
 * their invitation opened an account on another e-mail) freezes that account (decision 0068).
 */
export const invitationNotMeRequestSchema = z.object({ code: z.string().min(1).max(128) }).strict();
