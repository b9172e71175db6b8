import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  type ServerProcess,
  startServerProcess,
  waitUntilReady,
} from '../support/compiled-server';
import { canRunOwnPostgres, createOwnPostgres, type OwnPostgres } from '../support/own-postgres';
import { PRODUCTION_OPERATOR_ENV } from '../support/production-env';

const METRICS_TOKEN = 'outage-test-metrics-token';

/**
 * The compiled server in production mode on a PostgreSQL server of the test's own, which the test
 * starts late, whose connections it kills, which it stops and starts (fast) and freezes: the
 * process never exits, /livez stays 200, /readyz and the API answer 503 (typed, translated) within
 * seconds during the outage and 200 after, the outbox worker pauses and resumes.
 */
describe.runIf(process.env.TEST_DATABASE_URL && canRunOwnPostgres())('the database comes and goes', () => {
  let dist: string;
  let database: OwnPostgres;
  let server: ServerProcess;
  let exited = false;

  beforeAll(async () => {
    dist = buildServer('outage');
    database = await createOwnPostgres('outage');
  }, 120_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    database?.destroy();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  const call = (path: string, init: RequestInit = {}) => {
    const started = Date.now();
    return fetch(`${server.base}${path}`, { signal: AbortSignal.timeout(20_000), ...init }).then(
      async (response) => ({
        status: response.status,
        body: await response.text(),
        ms: Date.now() - started,
      }),
    );
  };
  /** A failed login: it reads the database, so 400 while it answers and 503 while it does not. */
  const login = (language = 'en') =>
    call('/api/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': language,
        'x-device-id': crypto.randomUUID(),
      },
      body: JSON.stringify({
        username: `nobody-${crypto.randomUUID()}@example.com`,
        password: 'Wrong-password-1',
      }),
    });
  const user = () =>
    call('/api/user', {
      headers: {
        authorization: 'Bearer not-a-session-but-well-formed-0123',
        'x-device-id': crypto.randomUUID(),
      },
    });

  async function until(check: () => Promise<boolean>, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await check().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`not reached within ${timeoutMs} ms:\n${server.output().slice(-3000)}`);
  }

  async function expectOutageAnswers() {
    expect((await call('/livez')).status).toBe(200);
    const ready = await call('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(3_000);
    expect(JSON.parse(ready.body).checks.database.status).toBe('down');
    const english = await login();
    expect(english.status).toBe(503);
    expect(JSON.parse(english.body)).toEqual({
      code: 'unavailable',
      message: 'The service is briefly unavailable. Please try again in a moment.',
      requestId: expect.any(String),
    });
    const french = await login('fr');
    expect(JSON.parse(french.body).message).toBe(
      'Le service est momentanément indisponible. Veuillez réessayer dans un instant.',
    );
    expect((await user()).status).toBe(503);
    // oidc-provider's JSON endpoints answer OAuth's own 503.
    const userinfo = await call('/oauth/me', { headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
    expect(userinfo.status).toBe(503);
    expect(JSON.parse(userinfo.body).error).toBe('temporarily_unavailable');
    const metrics = await call('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('vestibule_process_resident_memory_bytes');
    expect(exited).toBe(false);
  }

  async function expectServing() {
    await until(async () => (await call('/readyz')).status === 200, 30_000);
    expect((await login()).status).toBe(400);
    expect((await user()).status).toBe(401);
    expect((await call('/oauth/me', { headers: { authorization: `Bearer ${'x'.repeat(43)}` } })).status).toBe(
      401,
    );
    expect(exited).toBe(false);
  }

  it('started while the database is down, waits for it with logged tries and comes up with it', async () => {
    server = await startServerProcess(
      join(dist, 'main.js'),
      {
        NODE_ENV: 'production',
        ...PRODUCTION_OPERATOR_ENV,
        LOG_LEVEL: 'info',
        DATABASE_URL: database.url,
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
        DATABASE_STATEMENT_TIMEOUT_MS: '2000',
        ENCRYPTION_KEY: Buffer.alloc(32, 4).toString('base64'),
        SMTP_URL: 'smtp://127.0.0.1:1',
        BREACHED_PASSWORDS: 'off',
        RATE_LIMIT_LOGIN_PER_IP: '100000',
        PUBLIC_URL: 'http://localhost',
        PUBLIC_URL_LU: 'http://lu.localhost',
        ALLOWED_HOSTS: '127.0.0.1',
        METRICS_TOKEN,
        DATA_DIR: join(dist, 'data'),
      },
      dist,
    );
    void server.exited.then(() => {
      exited = true;
    });
    await until(
      async () => (server.output().match(/database: not reachable yet, waiting/g) ?? []).length >= 2,
      20_000,
    );
    expect(exited).toBe(false);
    database.start();
    await waitUntilReady(server, 60_000);
    expect(server.output()).toContain('database: reachable, starting');
    await expectServing();
  }, 120_000);

  it('keeps serving when every connection is killed (pg_terminate_backend)', async () => {
    // Several requests at once, so the pool holds several connections to lose.
    await Promise.all(Array.from({ length: 4 }, () => login()));
    expect(await database.terminateConnections()).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.output()).toContain('a connection was lost; the pool replaces it');
    for (let i = 0; i < 4; i += 1) expect((await login()).status).toBe(400);
    await expectServing();
  }, 60_000);

  it('answers 503 while the database is stopped and 200 once it is back, the outbox worker paused meanwhile', async () => {
    database.stop();
    await expectOutageAnswers();
    await until(
      async () => JSON.parse((await call('/readyz')).body).checks.outboxWorker.status === 'paused',
      10_000,
    );
    database.start();
    await expectServing();
    await until(async () => server.output().includes('outbox: database back, delivery resumed'), 40_000);
    await until(async () => server.output().includes('webhooks: database back, delivery resumed'), 40_000);
  }, 120_000);

  it('answers within seconds while the database is frozen (a stall), and serves again once it thaws', async () => {
    database.freeze();
    try {
      const [ready, failed] = await Promise.all([call('/readyz'), login()]);
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(3_000);
      expect(failed.status).toBe(503);
      // The connect (1 s) or statement (2 s + the client's grace) limit, never a hang.
      expect(failed.ms).toBeLessThan(6_000);
      expect((await call('/livez')).status).toBe(200);
    } finally {
      database.thaw();
    }
    await expectServing();
  }, 60_000);
});
