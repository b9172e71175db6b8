import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { LONG_RUNNING } from '../db/prepared';
import { sealPlainBodies } from '../delivery/sealed-body';
import type { SecretBox } from '../security/secret-box';
import { metrics } from './metrics';

/** Arbitrary constant naming the purge lock: one instance purges at a time, the others skip. */
const PURGE_LOCK_ID = 7_423_002;
/** Expired rows stay this long, so a request racing the expiry still finds what it reads. */
const GRACE = sql`interval '1 day'`;
/** How long one purge statement may run. */
const PURGE_STATEMENT_TIMEOUT = '5min';
/** After a failed purge (the database out of reach), the next try comes this soon at the latest. */
const RETRY_AFTER_FAILURE_MS = 60_000;
/**
 * The two tables that grow with the card holders (sessions, audit events) are purged a range of
 * ids at a time, each range its own short transaction: a backlog of millions of rows never holds
 * locks, WAL and a core for minutes while logins wait.
 */
const PURGE_RANGE_IDS = 10_000;
export interface PurgeOptions {
  auditRetentionDays: number;
  /** Days an ended session's row stays (SESSION_RETENTION_DAYS, 1 by default). */
  sessionRetentionDays?: number;
  /** Days finished outbox rows (bodies already dropped) and webhook deliveries stay (30). */
  messageRetentionDays?: number;
}

/** Each kind of expired row and the statement that removes it (or empties its secret part). */
function statements(options: PurgeOptions) {
  const OUTBOX_RETENTION = sql`make_interval(days => ${options.messageRetentionDays ?? 30})`;
  return {
    challenges: sql`DELETE FROM code_challenges WHERE expires_at < now() - ${GRACE}`,
    trusted_devices: sql`DELETE FROM trusted_devices WHERE expires_at < now() - ${GRACE}`,
    handover_codes: sql`DELETE FROM handover_codes WHERE expires_at < now() - ${GRACE}`,
    onboarding_flows: sql`DELETE FROM onboarding_flows
      WHERE completed_at IS NULL AND expires_at < now() - ${GRACE}`,
    fuzzion_flows: sql`DELETE FROM fuzzion_flows WHERE expires_at < now() - ${GRACE}`,
    oauth_payloads: sql`DELETE FROM oauth_payloads WHERE expires_at < now() - ${GRACE}`,
    rate_limits: sql`DELETE FROM rate_limits WHERE reset_at < now()`,
    // Real transports drop bodies on delivery; the dev inbox keeps them a day, failed rows too.
    outbox_bodies: sql`UPDATE outbox SET body_text = NULL, body_html = NULL
      WHERE status <> 'pending' AND body_text IS NOT NULL
        AND coalesce(sent_at, created_at) < now() - ${GRACE}`,
    outbox_rows: sql`DELETE FROM outbox WHERE status <> 'pending' AND created_at < now() - ${OUTBOX_RETENTION}`,
    // With their attempts (ON DELETE CASCADE): the delivery log answers for 30 days.
    webhook_deliveries: sql`DELETE FROM webhook_deliveries
      WHERE status <> 'pending' AND created_at < now() - ${OUTBOX_RETENTION}`,
  };
}

/** A large table purged by id ranges, and which of its rows expired. */
interface RangedPurge {
  table: 'sessions' | 'audit_events';
  expired: ReturnType<typeof sql>;
}

function rangedPurges(options: PurgeOptions): RangedPurge[] {
  const sessionRetention = sql`make_interval(days => ${options.sessionRetentionDays ?? 1})`;
  return [
    { table: 'sessions', expired: sql`expires_at < now() - ${sessionRetention}` },
    {
      table: 'audit_events',
      expired: sql`created_at < now() - make_interval(days => ${options.auditRetentionDays})`,
    },
  ];
}

/**
 * Deletes expired sessions, challenges, flows, rate-limit windows and OAuth artefacts, empties
 * the bodies of finished outbox rows and cuts the audit trail at AUDIT_RETENTION_DAYS. Each
 * transaction takes the purge's advisory lock first: with several instances, one purges and the
 * others skip. Answers the rows touched per kind, or undefined when another instance held the lock.
 */
export async function purgeExpiredRows(
  db: Db,
  options: PurgeOptions,
): Promise<Record<string, number> | undefined> {
  const counts = await purgeSmallTables(db, options);
  if (!counts) return undefined;
  for (const purge of rangedPurges(options)) {
    const removed = await purgeByIdRanges(db, purge);
    if (removed === undefined) return counts;
    counts[purge.table] = removed;
    if (removed) metrics.purgedRows.inc({ kind: purge.table }, removed);
  }
  return counts;
}

/** Answers whether this transaction holds the purge lock (another instance may be purging). */
async function holdsPurgeLock(trx: Db): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_xact_lock(${PURGE_LOCK_ID}) AS locked`.execute(trx);
  return rows[0]?.locked === true;
}

/** The tables that stay small, one statement each, in one transaction. */
async function purgeSmallTables(db: Db, options: PurgeOptions): Promise<Record<string, number> | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await holdsPurgeLock(trx))) return undefined;
    // A large backlog may take longer than a request's statement limit, never without bound.
    await sql.raw(`${LONG_RUNNING} SET LOCAL statement_timeout = '${PURGE_STATEMENT_TIMEOUT}'`).execute(trx);
    const counts: Record<string, number> = {};
    for (const [kind, statement] of Object.entries(statements(options))) {
      const result = await sql`${sql.raw(LONG_RUNNING)} ${statement}`.execute(trx);
      counts[kind] = Number(result.numAffectedRows ?? 0);
      if (counts[kind]) metrics.purgedRows.inc({ kind }, counts[kind]);
    }
    return counts;
  });
}

/**
 * Deletes a large table's expired rows a range of ids at a time, each range in its own
 * transaction, and rests as long as each range took: the purge never takes more than half a core
 * from the requests. Answers the rows removed, or undefined when another instance took the lock.
 */
async function purgeByIdRanges(db: Db, purge: RangedPurge): Promise<number | undefined> {
  const table = sql.table(purge.table);
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    SELECT min(id) AS first, max(id) AS last FROM ${table}`.execute(db);
  if (rows[0]?.first == null || rows[0].last == null) return 0;
  const first = Number(rows[0].first);
  const end = Number(rows[0].last) + 1;
  let removed = 0;
  for (let from = first; from < end; from += PURGE_RANGE_IDS) {
    const to = Math.min(from + PURGE_RANGE_IDS, end);
    const started = performance.now();
    const deleted = await db.transaction().execute(async (trx) => {
      if (!(await holdsPurgeLock(trx))) return undefined;
      const result = await sql`DELETE FROM ${table}
        WHERE id >= ${from} AND id < ${to} AND ${purge.expired}`.execute(trx);
      return Number(result.numAffectedRows ?? 0);
    });
    if (deleted === undefined) return undefined;
    removed += deleted;
    await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
  }
  return removed;
}

/** Runs the purge every `intervalMs` (first run one minute after start), and seals plain bodies. */
export class PurgeJob {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<unknown> | undefined;

  constructor(
    private readonly options: PurgeOptions & {
      db: Db;
      secrets: SecretBox;
      log: Pick<Logger, 'info' | 'warn'>;
      intervalMs: number;
      firstRunMs?: number;
      /** After a failure, the next try comes this soon at the latest (default a minute). */
      retryAfterFailureMs?: number;
    },
  ) {}

  start(): void {
    this.schedule(this.options.firstRunMs ?? 60_000);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => {});
  }

  /** One purge now (also what the schedule runs). */
  async runOnce(): Promise<Record<string, number> | undefined> {
    const { db, secrets, log } = this.options;
    const sealed = await sealPlainBodies(db, secrets);
    const counts = await purgeExpiredRows(db, this.options);
    const touched = Object.entries(counts ?? {}).filter(([, n]) => n > 0);
    if (sealed || touched.length)
      log.info({ sealed, ...Object.fromEntries(touched) }, 'purge: expired rows removed');
    return counts;
  }

  /** Runs at the interval; while the database is out of reach it tries again within a minute. */
  private schedule(delayMs: number) {
    this.timer = setTimeout(() => {
      const retryMs = Math.min(
        this.options.intervalMs,
        this.options.retryAfterFailureMs ?? RETRY_AFTER_FAILURE_MS,
      );
      const run = this.runOnce().then(
        () => this.options.intervalMs,
        (error: unknown) => {
          this.options.log.warn({ err: error, retryInMs: retryMs }, 'purge failed; trying again');
          return retryMs;
        },
      );
      this.current = run;
      void run.then((nextMs) => {
        if (this.current === run) this.current = undefined;
        if (this.timer) this.schedule(nextMs);
      });
    }, delayMs);
    this.timer.unref();
  }
}
