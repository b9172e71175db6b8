import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';

const tokenUsername = z.string().trim().min(1).max(254);
const tokenPassword = z
  .string()
  .min(1)
  .max(PASSWORD_MAX_LENGTH * 4);

/** POST /api/token: form body (SPEC §7), password grant of the portal's own login. */
export const tokenRequestSchema = z
  .object({
    username: tokenUsername,
    password: tokenPassword,
    /** Optional client_id of the stored target URL, for the platform and forced-MFA rules. */
    client_id: z.string().max(64).optional(),
  })
  .strict();
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** `weak_password: true` when password_status is 1 or 2: the SPA goes to /weak-password. */
export const tokenResponseSchema = z
  .object({ access_token: z.string(), weak_password: z.boolean().optional() })
  .strict();
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** DELETE /api/token: revoke the session of the bearer token (or the token given). */
export const logoutRequestSchema = z.object({ token: z.string().max(128).optional() }).strict();

/**
 * The login form (SPEC §2 "Login"): the fields POST /api/token takes, by the same rules; the
 * e-mail form's username must also be an e-mail address. The phone form's number is checked and
 * put in E.164 by `toE164` (phone.ts) on submit.
 */
export const loginFormSchemas = {
  email: z.object({ username: tokenUsername.pipe(z.email()), password: tokenPassword }),
  phone: z.object({ username: tokenUsername, password: tokenPassword }),
};

/**
 * The hand-over of a login in the URL hash (`#token=<code>`, SPEC §4 rule 1): a single-use code of
 * one minute, never a session token; the SPA asks "Continue as …?" before trading it.
 */
export const handoverResponseSchema = z.object({ code: z.string(), expires_in: z.number().int() }).strict();
export const handoverCodeRequestSchema = z.object({ code: z.string().min(1).max(128) }).strict();
/** Whose login the code hands over (first name only), and whether the caller is already that account. */
export const handoverPreviewResponseSchema = z
  .object({ firstname: z.string().nullable(), current: z.boolean() })
  .strict();
export type HandoverPreview = z.infer<typeof handoverPreviewResponseSchema>;
