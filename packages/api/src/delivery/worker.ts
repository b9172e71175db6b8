import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { metrics } from '../operations/metrics';
import type { SecretBox } from '../security/secret-box';
import { describeDeliveryError } from './delivery-error';
import { maskRecipient } from './mask';
import type { OutboxMessage, OutboxRow } from './message';
import { onMessageEnqueued } from './outbox';
import { openBody } from './sealed-body';
import type { Transports } from './transports/select';
import { PermanentDeliveryError } from './transports/transport';

export interface OutboxWorkerOptions {
  db: Db;
  transports: Transports;
  /** Opens the sealed bodies (the key they were written with). */
  secrets: SecretBox;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** How often to look for due messages besides in-process kicks. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Messages of a batch in flight at once (each still gets its own attempt and row update). */
  concurrency?: number;
  /** How long a claim holds a row; longer than any transport timeout, so a live worker keeps it. */
  leaseMs?: number;
  /** After this many failed attempts the row is marked failed. */
  maxAttempts?: number;
  /**
   * Keep bodies (sealed) after delivery: only while the dev inbox is on, which shows every message
   * the portal sends and never runs in production. Otherwise a delivered body is dropped.
   */
  keepDeliveredBodies?: boolean;
}

export interface BatchResult {
  sent: number;
  retried: number;
  failed: number;
  released: number;
}

/** The longest pause between two looks at an unreachable database. */
const MAX_PAUSE_MS = 30_000;
const BASE_BACKOFF_SECONDS = 5;
const MAX_BACKOFF_SECONDS = 3600;

/** Seconds to wait after a failure, given the attempts that failed before it: 5 s, 10 s, 20 s … 1 h. */
export function backoffSeconds(previousAttempts: number): number {
  return Math.min(BASE_BACKOFF_SECONDS * 2 ** previousAttempts, MAX_BACKOFF_SECONDS);
}

/**
 * Delivers the transactional outbox (DESIGN §5). Rows are claimed with FOR UPDATE SKIP LOCKED and a
 * lease (locked_until), so any number of workers in any number of instances never send a row twice;
 * a failure is retried with exponential backoff and nothing is lost while a transport is down.
 */
export class OutboxWorker {
  private readonly db: Db;
  private readonly transports: Transports;
  private readonly secrets: SecretBox;
  private readonly log: OutboxWorkerOptions['log'];
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly leaseSeconds: number;
  private readonly maxAttempts: number;
  private readonly keepDeliveredBodies: boolean;

  private isRunning = false;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private current: Promise<unknown> | undefined;
  private kicked = false;
  /** Polls in a row that could not reach the database (0: delivering). */
  private failedPolls = 0;
  /** While stopping: messages not started by this time are released to other workers. */
  private releaseAfter = Number.POSITIVE_INFINITY;

  constructor(options: OutboxWorkerOptions) {
    this.db = options.db;
    this.transports = options.transports;
    this.secrets = options.secrets;
    this.log = options.log;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.concurrency = Math.max(1, options.concurrency ?? 8);
    // A few messages a lane: the batch's last sends end within the lease even on a slow relay.
    this.batchSize = options.batchSize ?? 4 * this.concurrency;
    this.leaseSeconds = Math.ceil((options.leaseMs ?? 120_000) / 1000);
    this.maxAttempts = options.maxAttempts ?? 8;
    this.keepDeliveredBodies = options.keepDeliveredBodies ?? false;
  }

  /** Whether the worker polls (from ready until a shutdown stops it), for /readyz. */
  get running(): boolean {
    return this.isRunning;
  }

  /** Whether the last poll could not reach the database (delivery waits for it), for /readyz. */
  get paused(): boolean {
    return this.failedPolls > 0;
  }

  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.releaseAfter = Number.POSITIVE_INFINITY;
    this.unsubscribe = onMessageEnqueued(() => this.notify());
    this.schedule(0);
  }

  /** Look now rather than at the next poll (a code was just written). */
  notify(): void {
    if (!this.isRunning) return;
    if (this.current) this.kicked = true;
    else this.schedule(0);
  }

  /**
   * Stops polling and waits for the batch in flight. Messages of that batch not started within
   * `timeoutMs` are released (claim cleared) for another instance; none is left half-claimed.
   */
  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    this.isRunning = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearTimeout(this.timer);
    this.releaseAfter = Date.now() + (options.timeoutMs ?? 10_000);
    await this.current?.catch(() => {});
    for (const transport of new Set(Object.values(this.transports))) transport?.close?.();
  }

  /** Claims and delivers one batch of due messages. */
  async runOnce(): Promise<BatchResult> {
    const batch = this.deliverBatch();
    this.current = batch;
    try {
      return await batch;
    } finally {
      if (this.current === batch) this.current = undefined;
    }
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    // The poll alone never keeps the process alive (CLI, tests).
    this.timer.unref();
  }

  private async tick() {
    if (!this.isRunning) return;
    if (this.current) {
      // A batch started by runOnce() is in flight: look again once it has had time to finish.
      this.kicked = true;
      this.schedule(this.pollIntervalMs);
      return;
    }
    this.kicked = false;
    let next = this.pollIntervalMs;
    try {
      const result = await this.runOnce();
      this.resumeAfterOutage();
      const full = result.sent + result.retried + result.failed + result.released >= this.batchSize;
      if (full || this.kicked) next = 0;
    } catch (error) {
      next = this.pauseForOutage(error);
    }
    if (this.isRunning) this.schedule(next);
  }

  /**
   * The database could not be read or written (down, restarting, out of reach): the worker pauses,
   * says so once, and looks again with a growing pause (never longer than MAX_PAUSE_MS). Messages
   * stay in the outbox meanwhile; a claim that could not be cleared ends with its lease.
   */
  private pauseForOutage(error: unknown): number {
    this.failedPolls += 1;
    if (this.failedPolls === 1)
      this.log.warn({ err: error }, 'outbox: database unavailable, delivery paused');
    return Math.min(this.pollIntervalMs * 2 ** this.failedPolls, MAX_PAUSE_MS);
  }

  private resumeAfterOutage() {
    if (this.failedPolls === 0) return;
    this.log.info({ failedPolls: this.failedPolls }, 'outbox: database back, delivery resumed');
    this.failedPolls = 0;
  }

  private async deliverBatch(): Promise<BatchResult> {
    const result: BatchResult = { sent: 0, retried: 0, failed: 0, released: 0 };
    const queue = await this.claim();
    const unstarted: number[] = [];
    const sent: OutboxRow[] = [];
    // A few lanes take the next message in id order until none is left; a stop past its timeout
    // leaves the rest unstarted, released below.
    const lane = async () => {
      for (let message = queue.shift(); message; message = queue.shift()) {
        if (Date.now() > this.releaseAfter) {
          unstarted.push(message.id, ...queue.splice(0).map((row) => row.id));
          return;
        }
        const outcome = await this.deliver(message);
        if (outcome === 'sent') sent.push(message);
        result[outcome] += 1;
      }
    };
    const lanes = Math.min(this.concurrency, queue.length);
    // Every lane settles before the batch ends (a stop waits for all sends in flight); a database
    // error in one still reaches tick(), which pauses.
    const settled = await Promise.allSettled(Array.from({ length: lanes }, lane));
    await this.markSent(sent);
    result.released = await this.release(unstarted);
    const failure = settled.find((lane) => lane.status === 'rejected');
    if (failure) throw failure.reason;
    return result;
  }

  /** Due rows not claimed by a live worker; rows another transaction holds are skipped. */
  private async claim(): Promise<OutboxRow[]> {
    const { rows } = await sql<OutboxRow>`
      WITH due AS (
        SELECT id FROM outbox
        WHERE status = 'pending' AND next_attempt_at <= now()
          AND (locked_until IS NULL OR locked_until <= now())
        ORDER BY next_attempt_at, id
        LIMIT ${this.batchSize}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE outbox SET locked_until = now() + make_interval(secs => ${this.leaseSeconds})
      FROM due WHERE outbox.id = due.id
      RETURNING outbox.*`.execute(this.db);
    return rows.sort((a, b) => a.id - b.id);
  }

  /**
   * The batch's delivered rows in one statement: an UPDATE per message cost as much database time
   * as the send. A crash before it leaves them claimed; their lease ends and they go out again
   * (delivery is at least once, as with a crash between a send and its own update).
   */
  private async markSent(rows: OutboxRow[]): Promise<void> {
    if (rows.length === 0) return;
    // Delivered: the body (maybe a one-time code) is dropped, unless the dev inbox shows it.
    const drop = this.keepDeliveredBodies ? {} : { body_text: null, body_html: null };
    await this.db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: sql<Date>`now()`, locked_until: null, last_error: null, ...drop })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    for (const row of rows) metrics.deliveries.inc({ channel: row.channel, result: 'sent' });
  }

  private async release(ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    await this.db
      .updateTable('outbox')
      .set({ locked_until: null })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .execute();
    return ids.length;
  }

  /** The row with its body opened for the transport; a body that cannot be opened fails the row. */
  private open(row: OutboxRow): OutboxMessage {
    let opened: ReturnType<typeof openBody>;
    try {
      opened = openBody(this.secrets, row);
    } catch {
      throw new PermanentDeliveryError('the body cannot be opened with the configured ENCRYPTION_KEY');
    }
    if (opened.bodyText === null) throw new PermanentDeliveryError('the message body is gone');
    const { body_sealed: _sealed, ...fields } = row;
    return { ...fields, body_text: opened.bodyText, body_html: opened.bodyHtml };
  }

  private async deliver(row: OutboxRow): Promise<'sent' | 'retried' | 'failed'> {
    const transport = this.transports[row.channel];
    const where = { outboxId: row.id, channel: row.channel, to: maskRecipient(row.recipient) };
    // last_error cuts the message's content out of an error text: it must see the opened body.
    let message: OutboxMessage | OutboxRow = row;
    try {
      if (!transport) {
        throw new PermanentDeliveryError(
          `no ${message.channel} transport configured (${message.channel === 'email' ? 'set SMTP_URL' : 'no SMS provider'}; DEV_INBOX=on shows messages outside production)`,
        );
      }
      const opened = this.open(row);
      message = opened;
      await transport.send(opened);
    } catch (error) {
      return this.recordFailure(message, error, transport?.name ?? 'none', where);
    }
    this.log.info({ ...where, transport: transport.name }, 'outbox: message delivered');
    return 'sent';
  }

  private async recordFailure(
    message: OutboxMessage | OutboxRow,
    error: unknown,
    transportName: string,
    where: Record<string, unknown>,
  ): Promise<'retried' | 'failed'> {
    const attempts = message.attempts + 1;
    const lastError = describeDeliveryError(error, message, transportName);
    const final = error instanceof PermanentDeliveryError || attempts >= this.maxAttempts;
    const delay = backoffSeconds(message.attempts);
    await this.db
      .updateTable('outbox')
      .set({
        attempts,
        last_error: lastError,
        locked_until: null,
        ...(final
          ? { status: 'failed' as const }
          : { next_attempt_at: sql<Date>`now() + make_interval(secs => ${delay})` }),
      })
      .where('id', '=', message.id)
      .execute();
    metrics.deliveries.inc({ channel: message.channel, result: final ? 'failed' : 'retried' });
    if (final) {
      this.log.error({ ...where, attempts, error: lastError }, 'outbox: message failed, giving up');
      return 'failed';
    }
    this.log.warn(
      { ...where, attempts, retryInSeconds: delay, error: lastError },
      'outbox: delivery failed, will retry',
    );
    return 'retried';
  }
}
