import { sql } from 'kysely';
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

export interface RateLimiter {
  consume(rule: RateLimitRule, subject: string): Promise<RateLimitResult>;
  reset(rule: RateLimitRule, subject: string): Promise<void>;
}

/**
 * Fixed-window counters in PostgreSQL/PGlite, shared by every instance (DESIGN §3). One upsert per
 * hit: a window that has passed starts again at 1.
 */
export function databaseRateLimiter(db: Db): RateLimiter {
  return {
    async consume(rule, subject) {
      const key = `${rule.name}:${subject}`;
      const { rows } = await sql<{ count: number; retry_after: number }>`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING count, GREATEST(1, CEIL(EXTRACT(EPOCH FROM reset_at - now())))::integer AS retry_after`.execute(
        db,
      );
      const row = rows[0]!;
      return { allowed: row.count <= rule.limit, retryAfterSeconds: row.retry_after };
    },
    async reset(rule, subject) {
      await db.deleteFrom('rate_limits').where('key', '=', `${rule.name}:${subject}`).execute();
    },
  };
}
