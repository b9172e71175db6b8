import { sql } from 'kysely';
import type { Logger } from 'pino';
import { Webhook } from 'standardwebhooks';
import { audit } from '../../db/audit';
import type { Db } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { SecretBox } from '../../security/secret-box';
import { checkDestination, type DestinationPolicy } from './destination';

/** The longest pause between two looks at an unreachable database. */
const MAX_PAUSE_MS = 30_000;

/**
 * Seconds before each retry: about three days in all (Standard Webhooks' advice, stretched), then
 * the delivery has failed and its subscription is disabled.
 */
export const RETRY_SCHEDULE_SECONDS = [5, 60, 300, 1800, 7200, 21_600, 43_200, 86_400, 86_400] as const;

export interface WebhookWorkerOptions {
  db: Db;
  secrets: SecretBox;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  policy: DestinationPolicy;
  pollIntervalMs?: number;
  batchSize?: number;
  /** The most a receiver may take to answer; a slow one never holds the others. */
  timeoutMs?: number;
  /** How long a claim holds a row: longer than the timeout, so a live worker keeps it. */
  leaseSeconds?: number;
}

interface ClaimedDelivery {
  id: number;
  message_id: string;
  subscription_id: number;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: Date | null;
}

interface Outcome {
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** `webhook-signature`: v1 with the current secret, and with the previous one during its overlap. */
function signature(delivery: ClaimedDelivery, secrets: SecretBox, body: string, at: Date): string {
  const keys = [delivery.secret_sealed];
  if (
    delivery.previous_secret_sealed &&
    delivery.previous_secret_until &&
    delivery.previous_secret_until > at
  ) {
    keys.push(delivery.previous_secret_sealed);
  }
  return keys
    .map((sealed) => new Webhook(secrets.decrypt(sealed)).sign(delivery.message_id, at, body))
    .join(' ');
}

/**
 * Delivers webhook events (Standard Webhooks) from `webhook_deliveries`: at least once, in order per
 * account and subscription (only the oldest pending delivery of each is claimed), with retries
 * on RETRY_SCHEDULE_SECONDS. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so any
 * number of instances share the work; every attempt is logged in `webhook_attempts`.
 */
export class WebhookWorker {
  private readonly options: Required<Omit<WebhookWorkerOptions, 'policy'>> & { policy: DestinationPolicy };
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<unknown> | undefined;
  private running = false;
  /** Batches in a row that could not reach the database (0: delivering). */
  private failedPolls = 0;

  constructor(options: WebhookWorkerOptions) {
    this.options = {
      pollIntervalMs: 1000,
      batchSize: 20,
      timeoutMs: 10_000,
      leaseSeconds: 60,
      ...options,
    };
  }

  start() {
    if (this.running) return;
    this.running = true;
    const tick = () => {
      if (!this.running) return;
      // A full batch means more may be due: the next one is claimed at once, not after a poll.
      let full = false;
      this.current = this.runOnce()
        .then(
          ({ delivered, failed }) => {
            this.resumeAfterOutage();
            full = delivered + failed >= this.options.batchSize;
          },
          (error: unknown) => this.noteFailure(error),
        )
        .finally(() => {
          if (this.running) this.timer = setTimeout(tick, full ? 0 : this.nextPollMs());
        });
    };
    tick();
  }

  /** While the database is out of reach: one warning, then polls at a doubling pause up to 30 s. */
  private noteFailure(error: unknown) {
    if (!isDatabaseUnavailable(error)) return this.options.log.error({ err: error }, 'webhook batch failed');
    this.failedPolls += 1;
    if (this.failedPolls === 1)
      this.options.log.warn({ err: error }, 'webhooks: database unavailable, delivery paused');
  }

  private resumeAfterOutage() {
    if (this.failedPolls === 0) return;
    this.options.log.info({ failedPolls: this.failedPolls }, 'webhooks: database back, delivery resumed');
    this.failedPolls = 0;
  }

  private nextPollMs() {
    if (this.failedPolls === 0) return this.options.pollIntervalMs;
    return Math.min(this.options.pollIntervalMs * 2 ** this.failedPolls, MAX_PAUSE_MS);
  }

  async stop() {
    this.running = false;
    clearTimeout(this.timer);
    await this.current;
  }

  /** Claims and delivers one batch; answers how many were delivered and how many failed. */
  async runOnce(): Promise<{ delivered: number; failed: number }> {
    const claimed = await this.claim();
    const outcomes = await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    return {
      delivered: outcomes.filter((outcome) => outcome.ok).length,
      failed: outcomes.filter((outcome) => !outcome.ok).length,
    };
  }

  private async claim(): Promise<ClaimedDelivery[]> {
    const { db, batchSize, leaseSeconds } = this.options;
    const { rows } = await sql<ClaimedDelivery>`
      WITH due AS (
        SELECT d.id FROM webhook_deliveries d
        JOIN webhook_subscriptions s ON s.id = d.subscription_id AND s.enabled
        WHERE d.status = 'pending' AND d.next_attempt_at <= now()
          AND (d.locked_until IS NULL OR d.locked_until < now())
          AND NOT EXISTS (
            SELECT 1 FROM webhook_deliveries e
            WHERE e.subscription_id = d.subscription_id AND e.account_id = d.account_id
              AND e.status = 'pending' AND e.id < d.id)
        ORDER BY d.id
        LIMIT ${batchSize}
        FOR UPDATE OF d SKIP LOCKED
      ), claimed AS (
        UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => ${leaseSeconds}),
          attempts = d.attempts + 1
        FROM due WHERE d.id = due.id
        RETURNING d.id, d.message_id, d.subscription_id, d.payload, d.attempts
      )
      SELECT c.*, s.url, s.secret_sealed, s.previous_secret_sealed, s.previous_secret_until
      FROM claimed c JOIN webhook_subscriptions s ON s.id = c.subscription_id
      ORDER BY c.id`.execute(db);
    return rows;
  }

  private async send(delivery: ClaimedDelivery): Promise<Outcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      await checkDestination(delivery.url, this.options.policy);
      const body = JSON.stringify(delivery.payload);
      const at = new Date();
      const response = await fetch(delivery.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Vestibule-Webhooks/1',
          'webhook-id': delivery.message_id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature(delivery, this.options.secrets, body, at),
        },
        body,
      });
      await response.body?.cancel();
      const ok = response.status >= 200 && response.status < 300;
      return {
        ok,
        status: response.status,
        error: ok ? null : `HTTP ${response.status}`,
        durationMs: elapsed(),
      };
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { ok: false, status: null, error: message.slice(0, 300), durationMs: elapsed() };
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<Outcome> {
    const outcome = await this.send(delivery);
    const { db } = this.options;
    const retryIn = RETRY_SCHEDULE_SECONDS[delivery.attempts - 1];
    const failedForGood = !outcome.ok && retryIn === undefined;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_attempts')
        .values({
          delivery_id: delivery.id,
          status_code: outcome.status,
          duration_ms: outcome.durationMs,
          error: outcome.error,
        })
        .execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({
          status: outcome.ok ? 'delivered' : failedForGood ? 'failed' : 'pending',
          delivered_at: outcome.ok ? new Date() : null,
          next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryIn ?? 0})`,
          locked_until: null,
          last_status: outcome.status,
          last_error: outcome.error,
        })
        .where('id', '=', delivery.id)
        .execute();
      if (failedForGood) await this.disable(trx, delivery);
    });
    return outcome;
  }

  /** After three days of failures the subscription stops; the operator is told and can replay. */
  private async disable(trx: Db, delivery: ClaimedDelivery) {
    const reason = `delivery ${delivery.id} failed for ${RETRY_SCHEDULE_SECONDS.length + 1} attempts over three days`;
    await trx
      .updateTable('webhook_subscriptions')
      .set({ enabled: false, disabled_reason: reason, updated_at: new Date() })
      .where('id', '=', delivery.subscription_id)
      .execute();
    await audit(trx, {
      kind: 'webhook.disabled',
      userId: null,
      edition: 'general',
      detail: { subscription_id: delivery.subscription_id, delivery_id: delivery.id },
    });
    this.options.log.error(
      { subscription: delivery.subscription_id, delivery: delivery.id },
      'webhook subscription disabled after three days of failed deliveries: fix the receiver, enable it and replay',
    );
  }
}
