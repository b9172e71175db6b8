import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { SecretBox } from '../../security/secret-box';
import { checkDestination, type DestinationPolicy } from './destination';
import { isWebhookEventType, type WebhookEventType } from './events';

/** How long the previous secret still signs after a rotation, so receivers can switch over. */
export const SECRET_OVERLAP_HOURS = 24;

export class WebhookSubscriptionError extends Error {
  constructor(
    readonly reason:
      | 'unknown_event'
      | 'no_event'
      | 'secret_reused'
      | 'invalid_secret'
      | 'not_found'
      | 'already_delivered',
    message: string,
  ) {
    super(message);
  }
}

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

const secretHash = (secrets: SecretBox, secret: string) => secrets.hash('webhook-secret', secret);

function checkedEvents(events: readonly string[]): WebhookEventType[] {
  if (events.length === 0) throw new WebhookSubscriptionError('no_event', 'name at least one event type');
  const unknown = events.filter((event) => !isWebhookEventType(event));
  if (unknown.length > 0) {
    throw new WebhookSubscriptionError('unknown_event', `unknown event types: ${unknown.join(', ')}`);
  }
  return [...new Set(events)] as WebhookEventType[];
}

async function refuseReusedSecret(db: Db, secrets: SecretBox, secret: string) {
  if (!/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/.test(secret)) {
    throw new WebhookSubscriptionError(
      'invalid_secret',
      'a secret is whsec_ followed by at least 24 bytes in base64',
    );
  }
  const hash = secretHash(secrets, secret);
  const taken = await db
    .selectFrom('webhook_subscriptions')
    .select('id')
    .where('secret_hash', '=', hash)
    .executeTakeFirst();
  if (taken)
    throw new WebhookSubscriptionError(
      'secret_reused',
      'this secret is already used by another subscription',
    );
  return hash;
}

export interface NewSubscription {
  url: string;
  events: readonly string[];
  edition?: 'general' | 'lu' | null;
  description?: string;
  /** An operator's own secret; otherwise one is made. */
  secret?: string;
}

/** Registers a subscription; answers its id and its secret, shown once. */
export async function createSubscription(
  db: Db,
  secrets: SecretBox,
  policy: DestinationPolicy,
  input: NewSubscription,
): Promise<{ id: number; secret: string }> {
  const url = await checkDestination(input.url, policy);
  const events = checkedEvents(input.events);
  const secret = input.secret ?? newWebhookSecret();
  const hash = await refuseReusedSecret(db, secrets, secret);
  const row = await db
    .insertInto('webhook_subscriptions')
    .values({
      url: url.href,
      description: input.description ?? '',
      edition: input.edition ?? null,
      event_types: events,
      secret_sealed: secrets.encrypt(secret),
      secret_hash: hash,
      previous_secret_sealed: null,
      previous_secret_until: null,
      disabled_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, secret };
}

/** A new secret; the previous one keeps signing beside it for SECRET_OVERLAP_HOURS. */
export async function rotateSubscriptionSecret(db: Db, secrets: SecretBox, id: number): Promise<string> {
  const secret = newWebhookSecret();
  const hash = await refuseReusedSecret(db, secrets, secret);
  const updated = await db
    .updateTable('webhook_subscriptions')
    .set({
      previous_secret_sealed: sql<string>`secret_sealed`,
      previous_secret_until: sql<Date>`now() + make_interval(hours => ${SECRET_OVERLAP_HOURS})`,
      secret_sealed: secrets.encrypt(secret),
      secret_hash: hash,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    throw new WebhookSubscriptionError('not_found', `no subscription ${id}`);
  return secret;
}

export async function setSubscriptionEnabled(db: Db, id: number, enabled: boolean, reason?: string) {
  const updated = await db
    .updateTable('webhook_subscriptions')
    .set({
      enabled,
      disabled_reason: enabled ? null : (reason ?? 'disabled by an operator'),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    throw new WebhookSubscriptionError('not_found', `no subscription ${id}`);
}

export async function removeSubscription(db: Db, id: number) {
  const removed = await db.deleteFrom('webhook_subscriptions').where('id', '=', id).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0)
    throw new WebhookSubscriptionError('not_found', `no subscription ${id}`);
}

export function listSubscriptions(db: Db) {
  return db
    .selectFrom('webhook_subscriptions')
    .select([
      'id',
      'url',
      'description',
      'edition',
      'event_types',
      'enabled',
      'disabled_reason',
      'created_at',
    ])
    .orderBy('id')
    .execute();
}

/** The delivery log of a subscription, newest first: each delivery with its attempts. */
export async function deliveryLog(db: Db, subscriptionId: number, limit = 50) {
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'message_id',
      'event_type',
      'status',
      'attempts',
      'last_status',
      'last_error',
      'created_at',
      'delivered_at',
    ])
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const ids = deliveries.map((delivery) => delivery.id);
  const attempts = ids.length
    ? await db
        .selectFrom('webhook_attempts')
        .select(['delivery_id', 'attempted_at', 'status_code', 'duration_ms', 'error'])
        .where('delivery_id', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  return deliveries.map((delivery) => ({
    ...delivery,
    log: attempts.filter((attempt) => attempt.delivery_id === delivery.id),
  }));
}

/**
 * Sends a delivery again as a new one with the same webhook-id (receivers deduplicate on it). A
 * delivery that was delivered is sent again only when asked with `force`: it reached its receiver.
 */
export async function replayDelivery(db: Db, deliveryId: number, { force = false } = {}): Promise<number> {
  const delivery = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  if (!delivery) throw new WebhookSubscriptionError('not_found', `no delivery ${deliveryId}`);
  if (delivery.status === 'delivered' && !force) {
    throw new WebhookSubscriptionError(
      'already_delivered',
      `delivery ${deliveryId} was delivered ${delivery.delivered_at?.toISOString()}: replay it with --force`,
    );
  }
  if (delivery.status === 'pending') {
    throw new WebhookSubscriptionError(
      'already_delivered',
      `delivery ${deliveryId} is still being delivered`,
    );
  }
  const row = await db
    .insertInto('webhook_deliveries')
    .values({
      message_id: delivery.message_id,
      subscription_id: delivery.subscription_id,
      account_id: delivery.account_id,
      event_type: delivery.event_type,
      payload: JSON.stringify(delivery.payload),
      last_status: null,
      last_error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
