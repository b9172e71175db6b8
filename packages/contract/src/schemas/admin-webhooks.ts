import { z } from 'zod';

// The operator's webhooks (decision 0075) through the admin API: subscriptions, their secrets
// (shown once), enabling, the delivery log and replays.

export const webhookSubscriptionSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  /** null: the events of both editions. */
  edition: z.enum(['general', 'lu']).nullable(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

export const webhookListResponseSchema = z.object({
  data: z.array(webhookSubscriptionSchema),
  /** Every event type a subscription can take, with what it means. */
  event_types: z.array(z.object({ type: z.string(), description: z.string() })),
});
export type WebhookListResponse = z.infer<typeof webhookListResponseSchema>;

export const createWebhookRequestSchema = z.object({
  url: z.string().trim().min(1).max(2000),
  events: z.array(z.string().max(64)).min(1).max(50),
  edition: z.enum(['general', 'lu']).nullable().default(null),
  description: z.string().trim().max(200).default(''),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

/** The secret, shown this once: it is stored sealed and never answered again. */
export const webhookSecretResponseSchema = z.object({
  id: z.number().int(),
  secret: z.string(),
  /** After a rotation: until when the previous secret also signs. */
  previous_valid_until: z.string().nullable(),
});
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

export const webhookParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const webhookEnabledRequestSchema = z.object({
  enabled: z.boolean(),
  reason: z.string().trim().max(200).optional(),
});

export const webhookAttemptSchema = z.object({
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  message_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponseSchema = z.object({ data: z.array(webhookDeliverySchema) });

export const replayParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  delivery: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const replayRequestSchema = z.object({ force: z.boolean().default(false) });
export const replayResponseSchema = z.object({ delivery_id: z.number().int() });
