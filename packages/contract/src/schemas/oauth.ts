import { z } from 'zod';

// Third-party applications: the consent interaction of /approve, the granted apps of
// /user/access and the partner landing. SPEC §7 GET /authorize, approval, GET /tokens,
// DELETE /token/{client_id}.

export const clientIdSchema = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/);
/** An oidc-provider interaction id (nanoid). */
export const interactionUidSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** GET /api/authorize: the interaction uid, and the request as the SPA received it. */
export const authorizeQuerySchema = z.object({
  uid: interactionUidSchema,
  client_id: clientIdSchema.optional(),
  redirect_uri: z.string().max(2000).optional(),
  response_type: z.literal('code').optional(),
  scope: z.string().max(2000).optional(),
});
export type AuthorizeQuery = z.infer<typeof authorizeQuerySchema>;

export const oauthClientSummarySchema = z.object({
  client_id: z.string(),
  name: z.string(),
  homepage: z.string().nullable(),
});
export type OAuthClientSummary = z.infer<typeof oauthClientSummarySchema>;

/**
 * SPEC §3 "Authorize response": approvalType `scopes` means the user must approve `scopes`;
 * otherwise `target` is where the browser goes next (the authorization server's resume address).
 */
export const authorizeResponseSchema = z.object({
  approvalType: z.enum(['scopes']).nullable(),
  target: z.string().nullable(),
  client: oauthClientSummarySchema,
  /** Scopes asked for and not granted yet: what the consent screen lists. */
  scopes: z.array(z.string()),
  /** Scopes the user granted this application before. */
  granted: z.array(z.string()),
});
export type AuthorizeResponse = z.infer<typeof authorizeResponseSchema>;

/** POST /api/authorize: the user's decision on the consent screen. */
export const approvalRequestSchema = z
  .object({ uid: interactionUidSchema, decision: z.enum(['accept', 'refuse']) })
  .strict();
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

export const approvalResponseSchema = z.object({ target: z.string() });

/** SPEC §3 "Third-party grant". */
export const grantSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
});
export type Grant = z.infer<typeof grantSchema>;

/** GET /api/tokens: the user's third-party grants, keyed by client_id. */
export const tokensResponseSchema = z.record(z.string(), grantSchema);
export type TokensResponse = z.infer<typeof tokensResponseSchema>;

export const revokeGrantParamsSchema = z.object({ client_id: clientIdSchema });

/** GET /api/partner: the partner a user comes from (/partner landing). */
export const partnerQuerySchema = z.object({
  client_id: clientIdSchema,
  redirect_uri: z.string().max(2000).optional(),
});

export const partnerResponseSchema = oauthClientSummarySchema.extend({
  /** The partner's address the user may go back to: its homepage or the registered redirect_uri given. */
  destination: z.string().nullable(),
});
export type PartnerResponse = z.infer<typeof partnerResponseSchema>;
