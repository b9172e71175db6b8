import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { DEMO_PASSWORD } from '../../src/seed';
import { createServer, type RunningServer } from '../../src/server';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const schema = `vestibule_test_scale_${process.pid}_${Date.now()}`;

/** Two instances on one PostgreSQL (a schema of this test's own) and one Redis, over real HTTP. */
let a: RunningServer;
let b: RunningServer;
let urlA: string;
let urlB: string;

async function start(): Promise<[RunningServer, string]> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: `${databaseUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    REDIS_URL: redisUrl,
    SEED_DEMO_DATA: 'on',
    DEV_INBOX: 'on',
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  });
  const server = await createServer(config);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as { port: number };
  return [server, `http://localhost:${port}`];
}

function call(base: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  return fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-device-id': randomUUID(),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
}

describe.runIf(databaseUrl)('several instances on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.end();
    // Started together: migrations and seeding run once, under their advisory locks.
    [[a, urlA], [b, urlB]] = await Promise.all([start(), start()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('seeded the demo data once although both started together', async () => {
    const rows = await a.database.db
      .selectFrom('user_emails')
      .select('id')
      .where('address', '=', 'employee@demo.test')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a login on one instance is valid on the other, and a logout on one is refused on the other at once', async () => {
    const login = await call(urlA, '/api/token', {
      method: 'POST',
      body: { username: 'employee@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const onB = await call(urlB, '/api/user', { token });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { data: { firstname: string } }).data.firstname).toBe('Emma');
    expect((await call(urlB, '/api/token', { method: 'DELETE', token })).status).toBe(204);
    expect((await call(urlA, '/api/user', { token })).status).toBe(401);
  });

  it('counts rate limits across instances (shared in Redis)', async () => {
    const username = `scale-${randomUUID()}@test.example`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const base = i % 2 === 0 ? urlA : urlB;
      statuses.push(
        (await call(base, '/api/token', { method: 'POST', body: { username, password: 'wrong' } })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('both instances answer ready', async () => {
    expect((await fetch(`${urlA}/readyz`)).status).toBe(200);
    expect((await fetch(`${urlB}/readyz`)).status).toBe(200);
  });
});
