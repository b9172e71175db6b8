import { z } from 'zod';
import { staffReasonSchema } from './admin';
import { clientIdSchema } from './oauth';

// The operator's OAuth clients and maintenance switch through the admin API (decision 0076): the
// same registry as the `clients` and `maintenance` commands of the admin CLI.

const addressList = z.array(z.string().trim().min(1).max(2000)).max(20);

export const oauthClientSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  /** null: usable on both editions. */
  edition: z.enum(['general', 'lu']).nullable(),
  redirect_uris: z.array(z.string()),
  scopes: z.array(z.string()),
  homepage: z.string().nullable(),
  confidential: z.boolean(),
  auth_method: z.enum(['none', 'client_secret_basic', 'client_secret_post']),
  first_party: z.boolean(),
  /** A machine client of the admin API: admin scopes, client credentials, no redirect URI. */
  machine: z.boolean(),
  /** When an operator disabled it; null while it works. */
  disabled_at: z.string().nullable(),
});
export type OAuthClientView = z.infer<typeof oauthClientSchema>;

export const oauthClientListResponseSchema = z.object({
  data: z.array(oauthClientSchema),
  /** The scopes a client may be registered for: the editions' user scopes and the admin scopes. */
  scopes: z.array(z.string()),
});
export type OAuthClientListResponse = z.infer<typeof oauthClientListResponseSchema>;

/** One client; its version is the answer's ETag, sent back as If-Match on a change. */
export const oauthClientResponseSchema = z.object({ data: oauthClientSchema });

export const oauthClientParamsSchema = z.object({ id: clientIdSchema });

export const registerClientRequestSchema = staffReasonSchema.extend({
  /** Chosen by the portal when empty. */
  client_id: z.union([clientIdSchema, z.literal('')]).optional(),
  name: z.string().trim().max(200),
  redirect_uris: addressList.default([]),
  scopes: z.array(z.string().trim().max(64)).max(50).default([]),
  homepage: z.string().trim().max(2000).nullable().default(null),
  edition: z.enum(['general', 'lu']).nullable().default(null),
  /** A public client (a browser or mobile app): PKCE, no secret. */
  public: z.boolean().default(false),
});
export type RegisterClientRequest = z.input<typeof registerClientRequestSchema>;

/** A change to a client: only what is given changes. */
export const updateClientRequestSchema = staffReasonSchema.extend({
  name: z.string().trim().max(200).optional(),
  redirect_uris: addressList.optional(),
  scopes: z.array(z.string().trim().max(64)).max(50).optional(),
  homepage: z.string().trim().max(2000).nullable().optional(),
  edition: z.enum(['general', 'lu']).nullable().optional(),
});
export type UpdateClientRequest = z.input<typeof updateClientRequestSchema>;

/** A registered or rotated client and its secret, shown this once (null for a public client). */
export const clientSecretResponseSchema = z.object({
  data: oauthClientSchema,
  secret: z.string().nullable(),
});
export type ClientSecretResponse = z.infer<typeof clientSecretResponseSchema>;

export const clientDisabledRequestSchema = staffReasonSchema.extend({ disabled: z.boolean() });
export type ClientDisabledRequest = z.input<typeof clientDisabledRequestSchema>;

export const reasonOnlyRequestSchema = staffReasonSchema;

/** Whether the portal is in maintenance, and who switched it, when and why. */
export const maintenanceStateSchema = z.object({
  on: z.boolean(),
  since: z.string().nullable(),
  by: z.string().nullable(),
  reason: z.string().nullable(),
});
export type MaintenanceState = z.infer<typeof maintenanceStateSchema>;

export const maintenanceRequestSchema = staffReasonSchema.extend({ on: z.boolean() });
export type MaintenanceRequest = z.input<typeof maintenanceRequestSchema>;
