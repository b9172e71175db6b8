import { type RawBuilder, sql } from 'kysely';
import { executePrepared } from '../db/compiled-query';
import type { Db } from '../db/database';

export interface RateLimitRule {
  /** Counter name, e.g. `login:ip`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets, for Retry-After. */
  retryAfterSeconds: number;
}

/** One counter to count: a rule and whom it counts (an IP, an account). */
export interface RateLimitHit {
  rule: RateLimitRule;
  subject: string;
}

export interface RateLimiter {
  consume(rule: RateLimitRule, subject: string): Promise<RateLimitResult>;
  /**
   * Several counters in order, as `consume` one after the other stopping at the first refusal (a
   * counter after a refused one is not counted); answers the results of the counters counted.
   * The database limiter does it in one statement; others may leave it out.
   */
  consumeInOrder?(hits: readonly RateLimitHit[]): Promise<RateLimitResult[]>;
  reset(rule: RateLimitRule, subject: string): Promise<void>;
  /**
   * The row key of a counter when counters live in the database: a caller may then reset it
   * inside its own statement (the login's session statement) instead of calling reset.
   */
  databaseKey?(rule: RateLimitRule, subject: string): string;
}

/** Counts `hits` in order with one call when the limiter can, else one `consume` at a time. */
export async function consumeInOrder(
  limiter: RateLimiter,
  hits: readonly RateLimitHit[],
): Promise<RateLimitResult[]> {
  if (limiter.consumeInOrder) return limiter.consumeInOrder(hits);
  const results: RateLimitResult[] = [];
  for (const { rule, subject } of hits) {
    const result = await limiter.consume(rule, subject);
    results.push(result);
    if (!result.allowed) break;
  }
  return results;
}

const counterKey = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;

/**
 * The upsert of one counter: a window that has passed starts again at 1. `when` guards the insert
 * (the previous counter of a chain must have allowed the hit).
 */
function counterUpsert(hit: RateLimitHit, when: RawBuilder<unknown>) {
  return keyedCounterUpsert(counterKey(hit.rule, hit.subject), hit.rule.windowSeconds, when);
}

/**
 * The same upsert for a key that may be an SQL expression (the login's account counter, keyed by
 * the account its statement finds: flows/login/login.throttle.ts). For a statement of its own.
 */
export function keyedCounterUpsert(
  key: string | RawBuilder<string>,
  windowSeconds: number,
  when: RawBuilder<unknown>,
) {
  return sql<{ count: number; retry_after: number }>`
    INSERT INTO rate_limits (key, count, reset_at)
    SELECT ${key}, 1, now() + make_interval(secs => ${windowSeconds})
    WHERE ${when}
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING count, GREATEST(1, CEIL(EXTRACT(EPOCH FROM reset_at - now())))::integer AS retry_after`;
}

/**
 * Fixed-window counters in PostgreSQL/PGlite, shared by every instance (DESIGN §3). One upsert per
 * hit: a window that has passed starts again at 1.
 */
export function databaseRateLimiter(db: Db): RateLimiter {
  return {
    async consume(rule, subject) {
      const { rows } = await counterUpsert({ rule, subject }, sql`true`).execute(db);
      const row = rows[0]!;
      return { allowed: row.count <= rule.limit, retryAfterSeconds: row.retry_after };
    },
    /**
     * One statement for the chain: each upsert is a CTE whose insert runs only when the
     * counter before it is within its limit, so a refused hit counts nothing after it, as
     * sequential calls would. The CTEs touch different keys, so none updates a row twice.
     */
    async consumeInOrder(hits) {
      if (hits.length === 0) return [];
      const steps = hits.map((hit, index) =>
        index === 0
          ? counterUpsert(hit, sql`true`)
          : counterUpsert(
              hit,
              sql`(SELECT count FROM ${sql.ref(`c${index - 1}`)}) <= ${hits[index - 1]!.rule.limit}`,
            ),
      );
      // A prepared statement: its text depends only on the number of counters.
      const rows = await executePrepared(
        db,
        sql<{ step: number; count: number; retry_after: number }>`
        WITH ${sql.join(steps.map((step, index) => sql`${sql.ref(`c${index}`)} AS (${step})`))}
        ${sql.join(
          hits.map(
            (_, index) =>
              sql`SELECT ${index}::integer AS step, count, retry_after FROM ${sql.ref(`c${index}`)}`,
          ),
          sql` UNION ALL `,
        )}
        ORDER BY step`.compile(db),
      );
      return rows.map((row) => ({
        allowed: row.count <= hits[row.step]!.rule.limit,
        retryAfterSeconds: row.retry_after,
      }));
    },
    async reset(rule, subject) {
      await db.deleteFrom('rate_limits').where('key', '=', counterKey(rule, subject)).execute();
    },
    databaseKey: counterKey,
  };
}
