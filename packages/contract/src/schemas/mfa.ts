import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { errorBodySchema } from './common';

/** MFA methods of SPEC §3; card is not offered by this portal (docs/decisions/0006). */
export const MFA_METHODS = ['sms', 'email', 'totp', 'totpRecovery'] as const;
export const mfaMethodKindSchema = z.enum(MFA_METHODS);
export type MfaMethodKind = z.infer<typeof mfaMethodKindSchema>;

/**
 * Negative ids of methods not set up: the target (address or number) comes with the request
 * (SPEC §3). In a step-up request, -1 / -2 mean the primary verified phone / e-mail.
 */
export const MFA_PLACEHOLDER_IDS = { sms: -1, email: -2, totp: -3 } as const;

/**
 * What a method list may offer: the code methods, and `passkey` when the account has a
 * passkey of the edition — first, as the preferred method. A passkey entry's id is that of one of
 * its passkeys; it is used through /api/passkeys, never through the code routes.
 */
export const MFA_LIST_METHODS = [...MFA_METHODS, 'passkey'] as const;

/** One MFA method. `target` is masked in the login answer, full for the logged-in user. */
export const mfaMethodSchema = z.object({
  id: z.number().int(),
  method: z.enum(MFA_LIST_METHODS),
  target: z.string().nullable(),
  primary: z.boolean(),
  created_at: z.string().nullable(),
});
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

/** GET /api/mfa?includeAll: the user's methods; with includeAll also the placeholders to add. */
export const mfaListQuerySchema = z.object({ includeAll: z.string().optional() });
export const mfaListResponseSchema = z.object({ data: z.array(mfaMethodSchema) });

/** POST /api/token answering 401: the login payload and the methods to choose from. */
export const mfaRequiredBodySchema = errorBodySchema.extend({
  code: z.literal('mfa_required'),
  mfa: z.object({ payload: z.uuid(), methods: z.array(mfaMethodSchema) }),
});
export type MfaRequiredBody = z.infer<typeof mfaRequiredBodySchema>;

/** GET /api/mfa/status (need_card is always false: no card method here). */
export const mfaStatusResponseSchema = z.object({
  need_card: z.boolean(),
  single: z.boolean(),
  sudo: z.boolean(),
  sudo_expires_at: z.string().nullable(),
});
export type MfaStatus = z.infer<typeof mfaStatusResponseSchema>;

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** GET /api/mfa/sudo?single&mfaId&payload: starts a challenge (login when payload is given). */
export const mfaChallengeQuerySchema = z.object({
  single: flag.optional(),
  mfaId: z.coerce.number().int(),
  payload: z.uuid().optional(),
  /** `totpRecovery` with the authenticator's id: sign in with a recovery key instead. */
  method: z.literal('totpRecovery').optional(),
});
export type MfaChallengeQuery = z.input<typeof mfaChallengeQuerySchema>;

/** Answer of a started challenge: the payload to post the code with, and how to draw the screen. */
export const mfaChallengeResponseSchema = z.object({
  payload: z.uuid(),
  method: mfaMethodKindSchema,
  /** Masked address or number the code went to; null for totp and totpRecovery. */
  target: z.string().nullable(),
  code_length: z.number().int().nullable(),
  /** Seconds before a resend is allowed; null when the method has no resend. */
  resend_in: z.number().int().nullable(),
  expires_at: z.string(),
});
export type MfaChallengeResponse = z.infer<typeof mfaChallengeResponseSchema>;

/** Letters and digits only (SPEC §5); recovery keys may be typed with dashes or spaces. */
export const mfaCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9]{6,32}$/));

/** POST /api/mfa/sudo */
export const mfaVerifyRequestSchema = z
  .object({
    payload: z.uuid(),
    code: mfaCodeSchema,
    isTrustedDevice: z.boolean().optional(),
  })
  .strict();
export type MfaVerifyRequest = z.input<typeof mfaVerifyRequestSchema>;

/** Login challenge: a session (as POST /api/token). Step-up: the grant. */
export const mfaVerifyResponseSchema = z.object({
  access_token: z.string().optional(),
  weak_password: z.boolean().optional(),
  sudo: z.boolean(),
  method: mfaMethodKindSchema,
  /** After a recovery key: unused keys left (0 = none remain). */
  recovery_keys_remaining: z.number().int().optional(),
  /** The id of the authenticator method, after a recovery key (SPEC §4 TOTP recovery screen). */
  totp_mfa_id: z.number().int().optional(),
});
export type MfaVerifyResponse = z.infer<typeof mfaVerifyResponseSchema>;

/** POST /api/mfa/resend: a new code for a challenge, after its countdown. */
export const mfaResendRequestSchema = z.object({ payload: z.uuid() }).strict();

export const mfaIdParamsSchema = z.object({ id: z.coerce.number().int() });

/** DELETE /api/mfa/{id}: target only when id is negative. */
export const mfaDeleteRequestSchema = z
  .object({ target: z.string().trim().min(1).max(254).optional() })
  .strict();

/** GET /api/mfa/{id}/activate?target&edit=1 */
export const mfaActivateQuerySchema = z.object({
  target: z.string().trim().min(1).max(254).optional(),
  edit: flag.optional(),
});

/** Authenticator setup data: the key to type, the otpauth URI and its QR code (SVG data URL). */
export const totpSetupDataSchema = z.object({
  method: z.literal('totp'),
  secret: z.string(),
  uri: z.string(),
  qr: z.string(),
  code_length: z.number().int(),
});
export const codeSetupDataSchema = z.object({
  method: z.enum(['sms', 'email']),
  target: z.string(),
  code_length: z.number().int(),
  resend_in: z.number().int(),
});
export const mfaActivateResponseSchema = z.object({
  payload: z.uuid(),
  /**
   * True when the target belongs to another account of the edition: the code still goes to it,
   * and its confirmation answers a merge offer (docs/decisions/0012-fuzzion.md).
   */
  fuzzion: z.boolean(),
  data: z.discriminatedUnion('method', [totpSetupDataSchema, codeSetupDataSchema]),
});
export type MfaActivateResponse = z.infer<typeof mfaActivateResponseSchema>;

/** POST /api/mfa/activate */
export const mfaActivateRequestSchema = z.object({ payload: z.uuid(), code: mfaCodeSchema }).strict();
export const mfaActivateResultSchema = z.object({
  fuzzion: z.literal(false),
  payload: z.null(),
  method: mfaMethodSchema,
  /** Authenticator set up or reset: its new recovery keys, shown once. */
  recovery_keys: z.array(z.string()).optional(),
});
/**
 * The proven target belongs to another account of the edition: `payload` is the merge flow
 * (sessionStorage fuzzion_payload); the SPA goes to /duplicated?target&method (SPEC §4).
 */
export const mfaActivateFuzzionSchema = z.object({
  fuzzion: z.literal(true),
  payload: z.uuid(),
  method: z.enum(['sms', 'email']),
  target: z.string(),
});
export type MfaActivateFuzzion = z.infer<typeof mfaActivateFuzzionSchema>;
/** What POST /api/mfa/activate answers: the method saved, or a merge offer. */
export const mfaActivateAnswerSchema = z.union([mfaActivateResultSchema, mfaActivateFuzzionSchema]);
export type MfaActivateResult = z.infer<typeof mfaActivateResultSchema>;

/** POST /api/mfa/regenerate-recovery: new keys, shown once; the old ones are void. */
export const recoveryKeysResponseSchema = z.object({ recovery_keys: z.array(z.string()) });

/** GET /api/mfa/recovery */
export const recoveryStatusResponseSchema = z.object({
  mfa_id: z.number().int().nullable(),
  total: z.number().int(),
  unused: z.number().int(),
});

/** GET /api/mfa/trusted-devices */
export const trustedDeviceSchema = z.object({
  id: z.number().int(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
});
export const trustedDevicesResponseSchema = z.object({ data: z.array(trustedDeviceSchema) });
export type TrustedDevice = z.infer<typeof trustedDeviceSchema>;

/** POST /api/user/weak-password */
export const weakPasswordRequestSchema = z
  .object({ password: z.string().max(PASSWORD_MAX_LENGTH * 4) })
  .strict();
