import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { mfaActivateFuzzionSchema, mfaCodeSchema, mfaMethodSchema } from './mfa';
import { userResponseSchema, userSchema } from './user';

// Account merge ("fuzzion", SPEC §4 and §7, docs/decisions/0012-fuzzion.md). The server owns the
// flow: `payload` is its id; the SPA draws `step` and posts the user's answer back.

export const FUZZION_STEPS = ['code', 'ownership', 'decision', 'reject'] as const;
export const fuzzionStepSchema = z.enum(FUZZION_STEPS);
export type FuzzionStep = z.infer<typeof fuzzionStepSchema>;

/** The two platforms whose password proves ownership of the other account (SPEC §2). */
export const FUZZION_PLATFORMS = ['client_area', 'employee_area'] as const;
export const fuzzionPlatformSchema = z.enum(FUZZION_PLATFORMS);
export type FuzzionPlatform = z.infer<typeof fuzzionPlatformSchema>;

export const fuzzionPayloadSchema = z.object({ payload: z.uuid() }).strict();

/** POST /api/fuzzion/state: what the /duplicated screen draws. */
export const fuzzionStateSchema = z.object({
  payload: z.uuid(),
  step: fuzzionStepSchema,
  /** The contact found on both accounts: the banner for a matching e-mail or phone. */
  method: z.enum(['sms', 'email']),
  target: z.string(),
  /** The other account's e-mail and SMS methods (masked), to receive the proof code. */
  methods: z.array(mfaMethodSchema),
  /** Platforms the other account has a password for (ownership step). */
  platforms: z.array(fuzzionPlatformSchema),
  expires_at: z.string(),
});
export type FuzzionState = z.infer<typeof fuzzionStateSchema>;

/** POST /api/mfa/fuzzion: sends a code to a verified contact of the other account. */
export const fuzzionMfaRequestSchema = z
  .object({
    payload: z.uuid(),
    mfaId: z.number().int(),
    /** Only with a negative id: the full address or number, which must be the other account's. */
    target: z.string().max(254).optional(),
  })
  .strict();
export const fuzzionMfaResponseSchema = z.object({
  payload: z.uuid(),
  method: z.enum(['sms', 'email']),
  target: z.string(),
  code_length: z.number().int(),
  resend_in: z.number().int(),
});
export type FuzzionMfaResponse = z.infer<typeof fuzzionMfaResponseSchema>;

/** POST /api/fuzzion {payload (the code's), code}: proves control of the other account. */
export const fuzzionCodeRequestSchema = z.object({ payload: z.uuid(), code: mfaCodeSchema }).strict();
export const fuzzionStepResponseSchema = z.object({ payload: z.uuid(), step: fuzzionStepSchema });
export type FuzzionStepResponse = z.infer<typeof fuzzionStepResponseSchema>;

/** POST /api/fuzzion/ownership: "not me", a card number, or the password of a platform. */
export const fuzzionOwnershipRequestSchema = z.discriminatedUnion('answer', [
  z.object({ payload: z.uuid(), answer: z.literal('not_me') }).strict(),
  z.object({ payload: z.uuid(), answer: z.literal('card'), card: z.string().max(40) }).strict(),
  z
    .object({
      payload: z.uuid(),
      answer: z.literal('password'),
      platform: fuzzionPlatformSchema,
      password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    })
    .strict(),
]);
export type FuzzionOwnershipRequest = z.infer<typeof fuzzionOwnershipRequestSchema>;

/**
 * POST /api/fuzzion/merge (SPEC §3 fuzzion response): the surviving user, and the MFA list when a
 * verification is needed before going on (SPA: mfa-methods with redirect fuzzion-success).
 */
export const fuzzionResultSchema = z.object({
  mfa: z.array(mfaMethodSchema).nullable(),
  data: userSchema,
  payload: z.null(),
});
export type FuzzionResult = z.infer<typeof fuzzionResultSchema>;

/** POST /api/fuzzion/refuse: the contact left the other account and joined this one. */
export const fuzzionRefuseResultSchema = z.object({ data: userSchema });

/**
 * POST /api/user/{emails|phones}/confirm: the updated user, or — when the proven address belongs
 * to another account of the edition — the merge offer, as POST /api/mfa/activate answers it.
 */
export const contactConfirmAnswerSchema = z.union([userResponseSchema, mfaActivateFuzzionSchema]);
