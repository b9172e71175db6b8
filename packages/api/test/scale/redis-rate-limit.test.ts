import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisRateLimiter } from '../../src/security/redis-rate-limit';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('Redis rate limiter', () => {
  const redis = new Redis(redisUrl ?? '');
  const limiter = redisRateLimiter(redis);
  afterAll(() => redis.disconnect());

  it('allows up to the limit in a window, then refuses with the seconds left', async () => {
    const rule = { name: `test-${randomUUID()}`, limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.consume(rule, 'subject'));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThan(55);
    expect(results[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('starts a new window after reset, and keeps subjects apart', async () => {
    const rule = { name: `test-${randomUUID()}`, limit: 1, windowSeconds: 60 };
    expect((await limiter.consume(rule, 'a')).allowed).toBe(true);
    expect((await limiter.consume(rule, 'a')).allowed).toBe(false);
    expect((await limiter.consume(rule, 'b')).allowed).toBe(true);
    await limiter.reset(rule, 'a');
    expect((await limiter.consume(rule, 'a')).allowed).toBe(true);
  });

  it('lets a window expire on its own', async () => {
    const rule = { name: `test-${randomUUID()}`, limit: 1, windowSeconds: 1 };
    expect((await limiter.consume(rule, 'x')).allowed).toBe(true);
    expect((await limiter.consume(rule, 'x')).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await limiter.consume(rule, 'x')).allowed).toBe(true);
  });
});
