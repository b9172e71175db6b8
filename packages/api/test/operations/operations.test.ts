import type { AddressInfo } from 'node:net';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/app';
import type { DB } from '../../src/db/schema';
import { startDraining } from '../../src/operations/health';
import { routeLabel } from '../../src/operations/metrics';
import { startMetricsServer } from '../../src/operations/metrics-server';
import { DEMO_PASSWORD } from '../../src/seed';
import { closedPort } from '../delivery/helpers';
import { PRODUCTION_BASE_ENV } from '../support/production-env';
import { createTestApp, sharedTestApp } from '../support/test-app';

const test = sharedTestApp();
const registeredApiRoutes: { path: string; methods: string[] }[] = [];
beforeAll(async () => {
  for (const line of test.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/api\/\S+) \(([^)]+)\)/.exec(line);
    if (match) registeredApiRoutes.push({ path: match[1]!, methods: match[2]!.split(', ') });
  }
});

describe('operations endpoints', () => {
  it('GET /readyz answers ready with the state of each dependency', async () => {
    const response = await test.call({ method: 'GET', url: '/readyz', deviceId: null });
    expect(response.statusCode).toBe(200);
    // No REDIS_URL here: no redis entry. The test app's outbox worker runs from ready to close.
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: { status: 'up' }, outboxWorker: { status: 'running' } },
    });
  });

  it('GET /livez and /healthz answer while the process runs', async () => {
    for (const url of ['/livez', '/healthz']) {
      const response = await test.call({ method: 'GET', url, deviceId: null });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok' });
    }
  });

  it('GET /readyz answers 503 draining once a shutdown has started', async () => {
    const draining = await createTestApp();
    try {
      startDraining(draining.app);
      const response = await draining.call({ method: 'GET', url: '/readyz', deviceId: null });
      expect(response.statusCode).toBe(503);
      expect(response.json().status).toBe('draining');
    } finally {
      await draining.app.close();
    }
  });

  it('GET /readyz answers 503 not_ready, naming the database, while the database is unreachable', async () => {
    const cut = await createTestApp();
    const reachable = cut.app.ctx.db;
    // A real pool to a port nobody listens on stands for a database that went away.
    const unreachable = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ host: '127.0.0.1', port: await closedPort(), connectionTimeoutMillis: 1_000 }),
      }),
    });
    try {
      cut.app.ctx.db = unreachable;
      const response = await cut.call({ method: 'GET', url: '/readyz', deviceId: null });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'not_ready',
        checks: { database: { status: 'down' } },
      });
      // Liveness does not depend on the database: a restart would not bring it back.
      expect((await cut.call({ method: 'GET', url: '/livez', deviceId: null })).statusCode).toBe(200);
    } finally {
      cut.app.ctx.db = reachable;
      await unreachable.destroy();
      await cut.app.close();
    }
  });

  it('probes answer for any Host header while ALLOWED_HOSTS refuses other hosts elsewhere', async () => {
    const pinned = await createTestApp({ ALLOWED_HOSTS: 'portal.example' });
    try {
      for (const url of ['/livez', '/readyz', '/healthz']) {
        const response = await pinned.call({ method: 'GET', url, host: '10.1.2.3:3000', deviceId: null });
        expect(response.statusCode, url).toBe(200);
      }
      const page = await pinned.call({ method: 'GET', url: '/api/status', host: '10.1.2.3:3000' });
      expect(page.statusCode).toBe(421);
    } finally {
      await pinned.app.close();
    }
  });

  it('GET /metrics exposes latency by route pattern, process metrics, security events and the outbox', async () => {
    await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: 'employee@demo.test', password: DEMO_PASSWORD },
    });
    await test.call({
      method: 'POST',
      url: '/api/token',
      payload: { username: 'employee@demo.test', password: 'wrong-one' },
    });
    const response = await test.call({ method: 'GET', url: '/metrics', deviceId: null });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /vestibule_http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/api\/token",status="200"\} \d+/,
    );
    expect(text).toMatch(/vestibule_security_events_total\{kind="login.succeeded"\} [1-9]/);
    expect(text).toMatch(/vestibule_security_events_total\{kind="login.failed"\} [1-9]/);
    expect(text).toMatch(/vestibule_outbox_depth \d+/);
    expect(text).toMatch(/vestibule_outbox_oldest_age_seconds [\d.]+/);
    // prom-client's default metrics: CPU, heap, event-loop lag, GC.
    for (const name of [
      'vestibule_process_cpu_seconds_total',
      'vestibule_nodejs_heap_size_used_bytes',
      'vestibule_nodejs_eventloop_lag_seconds',
      'vestibule_nodejs_gc_duration_seconds',
    ])
      expect(text, name).toContain(`# TYPE ${name}`);
    expect(text).not.toContain(DEMO_PASSWORD);
  });

  it('labels every static file and SPA page with one route label each', () => {
    expect(routeLabel('/assets/index-3f2a1b.js', 200)).toBe('static');
    expect(routeLabel('/favicon.svg', 200)).toBe('static');
    expect(routeLabel('/assets/*', 200, true)).toBe('static');
    expect(routeLabel(undefined, 200)).toBe('spa');
    expect(routeLabel(undefined, 404)).toBe('unmatched');
    expect(routeLabel('/api/sessions/:id', 200)).toBe('/api/sessions/:id');
  });
});

describe('/metrics in production', () => {
  const production = {
    ...PRODUCTION_BASE_ENV,
    EMBEDDED_DATABASE: 'on',
    // The hosts the test app calls with (required in production, where only they are served).
    PUBLIC_URL: 'http://localhost',
    PUBLIC_URL_LU: 'http://lu.localhost',
  };

  it('is not served on the public port without METRICS_TOKEN', async () => {
    const closed = await createTestApp(production);
    try {
      const response = await closed.call({ method: 'GET', url: '/metrics', deviceId: null });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('vestibule_');
    } finally {
      await closed.app.close();
    }
  });

  it('answers only the METRICS_TOKEN bearer', async () => {
    const token = 'scrape-token-0123456789';
    const guarded = await createTestApp({ ...production, METRICS_TOKEN: token });
    try {
      const anonymous = await guarded.call({ method: 'GET', url: '/metrics', deviceId: null });
      expect(anonymous.statusCode).toBe(401);
      const wrong = await guarded.call({
        method: 'GET',
        url: '/metrics',
        deviceId: null,
        token: `${token}x`,
      });
      expect(wrong.statusCode).toBe(401);
      const right = await guarded.call({ method: 'GET', url: '/metrics', deviceId: null, token });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('vestibule_outbox_depth');
    } finally {
      await guarded.app.close();
    }
  });

  it('is served without a token on METRICS_PORT, bound to 127.0.0.1 only', async () => {
    const closed = await createTestApp(production);
    const server = await startMetricsServer(closed.app, 0);
    try {
      const address = server.address() as AddressInfo;
      expect(address.address).toBe('127.0.0.1');
      const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('vestibule_process_cpu_seconds_total');
      expect((await fetch(`http://127.0.0.1:${address.port}/`)).status).toBe(404);
    } finally {
      server.close();
      await closed.app.close();
    }
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with every declared API route', async () => {
    const response = await test.call({ method: 'GET', url: '/api/openapi.json', deviceId: null });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const route of API_ROUTES) {
      const path = `/api${route.url.replace(/:(\w+)/g, '{$1}')}`;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods)
        expect(document.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
  });

  it('documents every /api route the server answers', async () => {
    const document = (await test.call({ method: 'GET', url: '/api/openapi.json', deviceId: null })).json();
    expect(registeredApiRoutes.length).toBeGreaterThan(5);
    for (const { path, methods } of registeredApiRoutes) {
      if (path === '/api/openapi.json' || path === '/api/docs') continue; // the document and its reader
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      for (const method of methods.filter((m) => m !== 'HEAD')) {
        expect(document.paths[openApiPath]?.[method.toLowerCase()], `${method} ${openApiPath}`).toBeDefined();
      }
    }
  });
});
