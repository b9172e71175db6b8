import { z } from 'zod';

// The messages a user may choose (docs/decisions/0079-account-closure.md): the new-device sign-in
// alert and marketing by e-mail or SMS. Security notices cannot be turned off.

export const preferencesSchema = z
  .object({
    new_device_alert: z.boolean(),
    marketing_email: z.boolean(),
    marketing_sms: z.boolean(),
  })
  .strict();
export type Preferences = z.infer<typeof preferencesSchema>;

/** GET and PUT /api/user/preferences: the version in the ETag header (If-Match on PUT). */
export const preferencesResponseSchema = z.object({ data: preferencesSchema });

/** The security notices that always go out, in the order the preferences screen lists them. */
export const MANDATORY_NOTICES = [
  'password_changed',
  'mfa_removed',
  'iban_changed',
  'contact_changed',
  'account_closing',
] as const;
