import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/app';
import { DEMO_PASSWORD } from '../../src/db/seed';
import { createTestApp, type TestApp } from '../support/test-app';

let test: TestApp;
const registeredApiRoutes: { path: string; methods: string[] }[] = [];
beforeAll(async () => {
  test = await createTestApp();
  for (const line of test.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/api\/\S+) \(([^)]+)\)/.exec(line);
    if (match) registeredApiRoutes.push({ path: match[1]!, methods: match[2]!.split(', ') });
  }
});
afterAll(() => test.app.close());

describe('operations endpoints', () => {
  it('GET /readyz answers ready once the database answers and migrations are applied', async () => {
    const response = await test.call({ method: 'GET', url: '/readyz', deviceId: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('GET /metrics exposes request latency by route, security events, rate-limit hits and the outbox', async () => {
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
      /vestibule_http_request_duration_seconds_bucket\{method="POST",route="\/api\/token",status="200",le="0.005"\} \d+/,
    );
    expect(text).toMatch(/vestibule_security_events_total\{kind="login.succeeded"\} [1-9]/);
    expect(text).toMatch(/vestibule_security_events_total\{kind="login.failed"\} [1-9]/);
    expect(text).toMatch(/vestibule_outbox_depth \d+/);
    expect(text).not.toContain(DEMO_PASSWORD);
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
      if (path === '/api/openapi.json') continue;
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      for (const method of methods.filter((m) => m !== 'HEAD')) {
        expect(document.paths[openApiPath]?.[method.toLowerCase()], `${method} ${openApiPath}`).toBeDefined();
      }
    }
  });
});
