import { z } from 'zod';

// "Download my data" (GDPR Art. 15 and 20): everything the portal holds about an account, in one
// machine-readable document. Secrets never appear (password hash, TOTP secret, code hashes);
// cards, the IBAN, the national number and MFA targets appear masked.

const at = z.string().nullable();

export const DATA_EXPORT_FORMAT = 'vestibule-data-export/1';

export const dataExportSchema = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  generated_at: z.string(),
  edition: z.string(),
  profile: z.object({
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    gender: z.string().nullable(),
    birthdate: z.string().nullable(),
    language: z.string(),
    country: z.string().nullable(),
    iban: z.string().nullable(),
    national_register_number: z.string().nullable(),
    created_at: at,
    last_password_change: at,
  }),
  contacts: z.array(
    z.object({
      kind: z.enum(['email', 'phone']),
      value: z.string(),
      primary: z.boolean(),
      verified_at: at,
      added_at: at,
    }),
  ),
  cards: z.array(z.object({ number: z.string(), status: z.string(), activated_at: at })),
  consents: z.array(
    z.object({
      kind: z.string(),
      granted: z.boolean(),
      version: z.string().nullable(),
      language: z.string().nullable(),
      at,
    }),
  ),
  mfa_methods: z.array(
    z.object({ kind: z.string(), target: z.string().nullable(), primary: z.boolean(), added_at: at }),
  ),
  passkeys: z.array(z.object({ name: z.string(), added_at: at, last_used_at: at })),
  sessions: z.array(
    z.object({
      user_agent: z.string().nullable(),
      ip: z.string().nullable(),
      started_at: at,
      last_seen_at: at,
      expires_at: at,
    }),
  ),
  trusted_devices: z.array(
    z.object({ user_agent: z.string().nullable(), ip: z.string().nullable(), added_at: at, expires_at: at }),
  ),
  security_events: z.array(z.object({ kind: z.string(), ip: z.string().nullable(), at })),
  app_grants: z.array(z.object({ client_id: z.string(), app: z.string(), scopes: z.array(z.string()) })),
  notifications: z.array(
    z.object({ channel: z.string(), to: z.string(), subject: z.string().nullable(), status: z.string(), at }),
  ),
  merges: z.array(z.object({ step: z.string(), method: z.string(), started_at: at, completed_at: at })),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/user/consents: the latest entry of the consent ledger for each kind. */
export const consentsResponseSchema = z.object({
  consents: z.array(
    z.object({
      kind: z.enum(['terms', 'privacy', 'marketing_email', 'marketing_sms']),
      granted: z.boolean(),
      version: z.string().nullable(),
      language: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type ConsentsResponse = z.infer<typeof consentsResponseSchema>;
