import type { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limit';

/** INCR and the window's expiry in one atomic step; answers the count and the ms left. */
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

const KEY_PREFIX = 'vestibule:rate:';

/**
 * The same fixed-window counters as the database limiter, in Redis (REDIS_URL), for several
 * instances under load: one round trip per hit, expiry handled by Redis.
 */
export function redisRateLimiter(redis: Redis): RateLimiter {
  return {
    async consume(rule, subject) {
      const key = `${KEY_PREFIX}${rule.name}:${subject}`;
      const [count, ttlMs] = (await redis.eval(
        CONSUME_SCRIPT,
        1,
        key,
        String(rule.windowSeconds * 1000),
      )) as [number, number];
      return { allowed: count <= rule.limit, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
    async reset(rule, subject) {
      await redis.del(`${KEY_PREFIX}${rule.name}:${subject}`);
    },
  };
}
