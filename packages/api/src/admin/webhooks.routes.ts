import {
  createWebhookRequestSchema,
  replayParamsSchema,
  replayRequestSchema,
  replayResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookEnabledRequestSchema,
  webhookListResponseSchema,
  webhookParamsSchema,
  webhookSecretResponseSchema,
} from '@vestibule/contract/schemas/admin-webhooks';
import { WebhookDestinationError } from '../delivery/webhooks/destination';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } from '../delivery/webhooks/events';
import {
  createSubscription,
  deliveryLog,
  listSubscriptions,
  replayDelivery,
  rotateSubscriptionSecret,
  SECRET_OVERLAP_HOURS,
  setSubscriptionEnabled,
  WebhookSubscriptionError,
} from '../delivery/webhooks/subscriptions';
import { ApiError } from '../http/api-error';
import { defineAdminRoute } from './admin-route';
import { operatorAudit, staffChange } from './staff-change';

// The operator's webhooks through the admin API (decision 0075's `admin webhooks` commands, for
// the console and for machine clients with admin:operations). Secrets are answered once.

/** The domain's refusals as typed 4xx answers naming the field. */
function asApiError(error: unknown): never {
  if (error instanceof WebhookDestinationError)
    throw new ApiError('webhook_destination_refused', { fields: { url: error.reason } });
  if (error instanceof WebhookSubscriptionError) {
    if (error.reason === 'not_found') throw new ApiError('not_found');
    if (error.reason === 'already_delivered') throw new ApiError('webhook_already_delivered');
    throw new ApiError('validation_failed', { fields: { events: error.reason } });
  }
  throw error;
}

/** Edition-scoped operators see and touch the subscriptions of their editions (and of both only with both). */
function visibleTo(editions: readonly string[], edition: string | null) {
  return edition === null ? editions.length > 1 : editions.includes(edition);
}

async function requireVisible(
  request: import('fastify').FastifyRequest,
  editions: readonly string[],
  id: number,
) {
  const row = await request.server.ctx.db
    .selectFrom('webhook_subscriptions')
    .select(['id', 'edition', 'url'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !visibleTo(editions, row.edition)) throw new ApiError('not_found');
  return row;
}

const list = defineAdminRoute({
  method: 'GET',
  url: '/webhooks',
  summary: 'Webhook subscriptions, and the event types they can take',
  capability: 'operations',
  response: webhookListResponseSchema,
  handler: async function list({ actor, db }) {
    const rows = await listSubscriptions(db);
    return {
      data: rows
        .filter((row) => visibleTo(actor.editions, row.edition))
        .map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
      event_types: WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: WEBHOOK_EVENTS[type] })),
    };
  },
});

const create = defineAdminRoute({
  method: 'POST',
  url: '/webhooks',
  summary: 'Subscribe an HTTPS endpoint to event types; answers its signing secret, once',
  capability: 'operations',
  body: createWebhookRequestSchema,
  response: webhookSecretResponseSchema,
  status: 201,
  handler: async function create({ body, actor, request, secrets, config }) {
    if (!visibleTo(actor.editions, body.edition)) throw new ApiError('forbidden');
    const created = await staffChange(request, actor, {
      apply: (trx) =>
        createSubscription(trx, secrets, config.webhookPolicy, {
          url: body.url,
          events: body.events,
          edition: body.edition,
          description: body.description,
        }),
      audit: ({ id }) =>
        operatorAudit('webhook.created', body.edition, { subscription_id: id, events: body.events }),
    }).catch(asApiError);
    return { id: created.id, secret: created.secret, previous_valid_until: null };
  },
});

const rotate = defineAdminRoute({
  method: 'POST',
  url: '/webhooks/:id/rotate-secret',
  summary: 'A new signing secret, answered once; the previous one signs too for 24 hours',
  capability: 'operations',
  params: webhookParamsSchema,
  response: webhookSecretResponseSchema,
  handler: async function rotate({ params, actor, request, secrets }) {
    const row = await requireVisible(request, actor.editions, params.id);
    const secret = await staffChange(request, actor, {
      apply: (trx) => rotateSubscriptionSecret(trx, secrets, params.id),
      audit: () => operatorAudit('webhook.secret_rotated', row.edition, { subscription_id: params.id }),
    }).catch(asApiError);
    const until = new Date(Date.now() + SECRET_OVERLAP_HOURS * 3600 * 1000).toISOString();
    return { id: params.id, secret, previous_valid_until: until };
  },
});

const enabled = defineAdminRoute({
  method: 'PUT',
  url: '/webhooks/:id/enabled',
  summary: 'Enable or disable a webhook subscription',
  capability: 'operations',
  params: webhookParamsSchema,
  body: webhookEnabledRequestSchema,
  status: 204,
  handler: async function enabled({ params, body, actor, request }) {
    const row = await requireVisible(request, actor.editions, params.id);
    const kind = body.enabled ? 'webhook.enabled' : 'webhook.disabled_by_staff';
    await staffChange(request, actor, {
      apply: (trx) =>
        setSubscriptionEnabled(trx, params.id, body.enabled, body.reason || `disabled by ${actor.name}`),
      audit: () => operatorAudit(kind, row.edition, { subscription_id: params.id }),
    }).catch(asApiError);
  },
});

const deliveries = defineAdminRoute({
  method: 'GET',
  url: '/webhooks/:id/deliveries',
  summary: "A webhook subscription's delivery log, newest first, each delivery with its attempts",
  capability: 'operations',
  params: webhookParamsSchema,
  response: webhookDeliveriesResponseSchema,
  handler: async function deliveries({ params, actor, request, db }) {
    await requireVisible(request, actor.editions, params.id);
    const rows = await deliveryLog(db, params.id);
    const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
    return {
      data: rows.map((row) => ({
        id: Number(row.id),
        message_id: row.message_id,
        event_type: row.event_type,
        status: row.status,
        attempts: row.attempts,
        last_status: row.last_status,
        created_at: new Date(row.created_at).toISOString(),
        delivered_at: iso(row.delivered_at),
        log: row.log.map((attempt) => ({
          attempted_at: new Date(attempt.attempted_at).toISOString(),
          status_code: attempt.status_code,
          duration_ms: attempt.duration_ms,
          error: attempt.error,
        })),
      })),
    };
  },
});

const replay = defineAdminRoute({
  method: 'POST',
  url: '/webhooks/:id/deliveries/:delivery/replay',
  summary: 'Send a failed (or, with force, a delivered) event again, with the same webhook-id',
  capability: 'operations',
  params: replayParamsSchema,
  body: replayRequestSchema,
  response: replayResponseSchema,
  status: 201,
  handler: async function replay({ params, body, actor, request }) {
    const row = await requireVisible(request, actor.editions, params.id);
    const id = await staffChange(request, actor, {
      apply: async (trx) => {
        const belongs = await trx
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('id', '=', params.delivery)
          .where('subscription_id', '=', params.id)
          .executeTakeFirst();
        if (!belongs) throw new ApiError('not_found');
        return replayDelivery(trx, params.delivery, { force: body.force });
      },
      audit: () =>
        operatorAudit('webhook.replayed', row.edition, {
          subscription_id: params.id,
          delivery_id: params.delivery,
          force: body.force,
        }),
    }).catch(asApiError);
    return { delivery_id: id };
  },
});

export const webhookAdminRoutes = [list, create, rotate, enabled, deliveries, replay];
