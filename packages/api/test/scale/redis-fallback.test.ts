import { randomUUID } from 'node:crypto';
import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { attachHealthSources } from '../../src/operations/health';
import { registry } from '../../src/operations/metrics';
import { databaseRateLimiter } from '../../src/security/rate-limit';
import { redisWithDatabaseFallback } from '../../src/security/redis-fallback-rate-limit';
import { DEMO_PASSWORD } from '../../src/seed';
import { createServer as createVestibule } from '../../src/server';
import { closedPort } from '../delivery/helpers';
import { ownSchema } from '../support/compiled-server';
import { createTestApp, type TestApp } from '../support/test-app';

const redisUrl = process.env.TEST_REDIS_URL;

/** A TCP relay in front of the real Redis that the test can take down and bring back. */
function redisRelay(target: URL) {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;
  return {
    get port() {
      return port;
    },
    async up() {
      server = createServer((client) => {
        const upstream = new NetSocket();
        upstream.connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    },
    async down() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server?.close(resolve));
    },
  };
}

async function fallbackCount(): Promise<number> {
  const metric = await registry.getSingleMetric('vestibule_rate_limit_fallback_total')?.get();
  return metric?.values[0]?.value ?? 0;
}

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(redisUrl)('Redis outage: rate limits fall back to the database', () => {
  const relay = redisRelay(new URL(redisUrl ?? 'redis://127.0.0.1:6379'));
  let redis: Redis;
  let test: TestApp;
  const log = { warn: vi.fn(), info: vi.fn() };
  let limiter: ReturnType<typeof redisWithDatabaseFallback>;

  beforeAll(async () => {
    await relay.up();
    // Through the relay, on the same database index as TEST_REDIS_URL (the direct client reads there).
    redis = new Redis(`redis://127.0.0.1:${relay.port}${new URL(redisUrl as string).pathname}`, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 1_000,
      retryStrategy: () => 100,
    });
    test = await createTestApp();
    limiter = redisWithDatabaseFallback(redis, databaseRateLimiter(test.database.db), log);
    attachHealthSources(test.app, { redisUp: limiter.redisUp });
    await until(() => limiter.redisUp());
  });
  afterAll(async () => {
    redis.disconnect();
    await relay.down();
    await test.app.close();
  });

  it('counts in Redis, keeps limiting through the database while Redis is down, and returns to Redis', async () => {
    const rule = { name: `fallback-${randomUUID()}`, limit: 2, windowSeconds: 60 };
    const direct = new Redis(redisUrl as string);
    try {
      expect((await limiter.consume(rule, 'ip')).allowed).toBe(true);
      expect(await direct.get(`vestibule:rate:${rule.name}:ip`)).toBe('1');

      await relay.down();
      await until(() => !limiter.redisUp());
      const before = await fallbackCount();
      // Nothing fails: the database holds the limit (its own window starts with the outage).
      expect((await limiter.consume(rule, 'ip')).allowed).toBe(true);
      expect((await limiter.consume(rule, 'ip')).allowed).toBe(true);
      expect((await limiter.consume(rule, 'ip')).allowed).toBe(false);
      expect(await fallbackCount()).toBe(before + 3);
      const stored = await test.database.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', `${rule.name}:ip`)
        .executeTakeFirstOrThrow();
      expect(stored.count).toBe(3);
      // Logged once for the whole outage, whatever the number of checks.
      expect(log.warn).toHaveBeenCalledTimes(1);

      // Redis down is reported, but the instance stays ready (the fall-back is in use).
      const ready = await test.call({ method: 'GET', url: '/readyz', deviceId: null });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().checks.redis).toEqual({ status: 'down', fallback: 'database' });

      await relay.up();
      await until(() => limiter.redisUp());
      expect(log.info).toHaveBeenCalledWith('Redis is back: rate limits use it again');
      expect((await limiter.consume(rule, 'ip')).allowed).toBe(true);
      expect(await direct.get(`vestibule:rate:${rule.name}:ip`)).toBe('2');
      const back = await test.call({ method: 'GET', url: '/readyz', deviceId: null });
      expect(back.json().checks.redis).toEqual({ status: 'up' });
    } finally {
      direct.disconnect();
    }
  }, 30_000);
});

describe.runIf(redisUrl && process.env.TEST_DATABASE_URL)('a server whose Redis is unreachable', () => {
  it('answers logins (no 500) through the database limiter and reports Redis down while ready', async () => {
    const schema = await ownSchema(process.env.TEST_DATABASE_URL as string, 'noredis');
    const server = await createVestibule(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: schema.url,
        REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
        SEED_DEMO_DATA: 'on',
        ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
      }),
    );
    try {
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/token',
        headers: { host: 'localhost:3000', 'x-device-id': randomUUID() },
        payload: { username: 'employee@demo.test', password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().checks.redis).toEqual({ status: 'down', fallback: 'database' });
    } finally {
      await server.close();
      await schema.drop();
    }
  }, 60_000);
});
