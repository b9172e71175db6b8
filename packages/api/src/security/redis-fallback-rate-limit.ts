import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { metrics } from '../operations/metrics';
import type { RateLimiter } from './rate-limit';
import { redisRateLimiter } from './redis-rate-limit';

export interface FallbackRateLimiter extends RateLimiter {
  /** Whether Redis answers now; while it does not, the database limiter holds the limits. */
  redisUp(): boolean;
}

/**
 * Redis counters with the database limiter behind them (DESIGN §3): while Redis is unreachable
 * every check goes to the database at once (the client's offline queue is off, so nothing waits
 * on a dead connection) and no request fails; ioredis keeps reconnecting and the first `ready`
 * puts Redis back in use without a restart. The switch is logged once each way and counted.
 * Counters do not move between the two: a window that spans the switch starts again there.
 */
export function redisWithDatabaseFallback(
  redis: Redis,
  database: RateLimiter,
  log: Pick<Logger, 'warn' | 'info'>,
): FallbackRateLimiter {
  const primary = redisRateLimiter(redis);
  let fallingBack = false;
  const markDown = (reason: string) => {
    metrics.redisUp.set(0);
    if (fallingBack) return;
    fallingBack = true;
    log.warn({ reason }, 'Redis unreachable: rate limits fall back to the database until it is back');
  };
  const fallBack = (reason: string) => {
    metrics.rateLimitFallbacks.inc();
    markDown(reason);
  };
  redis.on('ready', () => {
    metrics.redisUp.set(1);
    if (!fallingBack) return;
    fallingBack = false;
    log.info('Redis is back: rate limits use it again');
  });
  // Connection errors are expected while Redis is down: the switch above logs them once.
  redis.on('error', (error: Error) => {
    if (redis.status !== 'ready') markDown(error.message);
  });
  const usable = () => redis.status === 'ready';
  return {
    redisUp: usable,
    async consume(rule, subject) {
      if (!usable()) {
        fallBack(`connection ${redis.status}`);
        return database.consume(rule, subject);
      }
      try {
        return await primary.consume(rule, subject);
      } catch (error) {
        fallBack(error instanceof Error ? error.message : String(error));
        return database.consume(rule, subject);
      }
    },
    async reset(rule, subject) {
      // Both stores: a counter may have been written to either during an outage.
      await Promise.all([
        usable() ? primary.reset(rule, subject).catch(() => undefined) : undefined,
        database.reset(rule, subject),
      ]);
    },
  };
}
