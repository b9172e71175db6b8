import { z } from 'zod';
import { CAPTCHA_TOKEN_MAX_LENGTH } from '../captcha';
import { PASSWORD_MAX_LENGTH } from '../constants';

// Recovery (SPEC §2, §7; docs/decisions/0008-recovery.md): forgot password by e-mail or SMS code,
// reset, forgot username by card or national register number.

/** How the code travels (SPEC §3 "technology (SMS, otherwise e-mail)"). */
export const recoveryTechnologySchema = z.enum(['SMS', 'EMAIL']);
export type RecoveryTechnology = z.infer<typeof recoveryTechnologySchema>;

/** The widget token, required when a captcha provider is configured. */
const captchaSchema = z.string().min(1).max(CAPTCHA_TOKEN_MAX_LENGTH).optional();

/** POST /api/user/forgot-password: the e-mail or phone the account logs in with. */
export const forgotPasswordRequestSchema = z
  .object({ username: z.string().trim().min(1).max(254), captcha: captchaSchema })
  .strict();
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/**
 * The same answer whether an account exists or not: where the code went (masked), how, and the
 * payload to post the code with.
 */
export const forgotPasswordResponseSchema = z
  .object({
    /** Masked recipients; empty after a switch of channel (the account's other contact). */
    recipient: z.array(z.string()),
    technology: recoveryTechnologySchema,
    payload: z.uuid(),
    code_length: z.number().int(),
    /** Seconds before a resend is allowed (15, then 30 after a resend). */
    resend_in: z.number().int(),
    expires_at: z.string(),
  })
  .strict();
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

/** POST /api/user/forgot-password/resend: a new code, by e-mail or SMS. */
export const forgotPasswordResendRequestSchema = z
  .object({ payload: z.uuid(), technology: recoveryTechnologySchema })
  .strict();
export type ForgotPasswordResendRequest = z.input<typeof forgotPasswordResendRequestSchema>;

/** POST /api/user/forgot-password/verify: the code received. */
export const resetCodeRequestSchema = z
  .object({ payload: z.uuid(), code: z.string().trim().min(1).max(32) })
  .strict();
export type ResetCodeRequest = z.input<typeof resetCodeRequestSchema>;

/** The single-use permission to choose a new password, bound to the device. */
export const resetCodeResponseSchema = z.object({ reset_token: z.string(), expires_at: z.string() }).strict();
export type ResetCodeResponse = z.infer<typeof resetCodeResponseSchema>;

/** POST /api/user/reset-password: the new password, with the token of the verified code. */
export const resetPasswordRequestSchema = z
  .object({
    reset_token: z.string().min(1).max(200),
    password: z
      .string()
      .min(1)
      .max(PASSWORD_MAX_LENGTH * 4),
  })
  .strict();
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** SPEC §7: "true on completion". */
export const resetPasswordResponseSchema = z.literal(true);

export const FORGOT_USERNAME_IDENTIFIERS = ['card', 'national_register_number'] as const;

/** POST /api/user/forgot-username */
export const forgotUsernameRequestSchema = z
  .object({
    identifier_type: z.enum(FORGOT_USERNAME_IDENTIFIERS),
    identifier: z.string().trim().min(1).max(64),
    captcha: captchaSchema,
  })
  .strict();
export type ForgotUsernameRequest = z.input<typeof forgotUsernameRequestSchema>;

/** The usernames (e-mails and phones) of the matching accounts, masked; empty when none. */
export const forgotUsernameResponseSchema = z
  .object({ usernames: z.array(z.object({ kind: z.enum(['email', 'phone']), value: z.string() }).strict()) })
  .strict();
export type ForgotUsernameResponse = z.infer<typeof forgotUsernameResponseSchema>;
