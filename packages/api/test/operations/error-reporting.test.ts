import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushErrorReports } from '../../src/operations/error-reporting';
import { startEnvelopeReceiver } from '../support/envelope-receiver';
import { createTestApp, type TestApp } from '../support/test-app';

const PERSONAL = ['ada.lovelace@example.com', '+32470123456', 'BE68539007547034', '12345678'];

/**
 * Error reports (SENTRY_DSN) against a local receiver speaking the envelope protocol: a forced
 * server error arrives with its request id and the release, scrubbed of personal data.
 */
describe('error reporting', () => {
  let receiver: Awaited<ReturnType<typeof startEnvelopeReceiver>>;
  let test: TestApp;
  beforeAll(async () => {
    receiver = await startEnvelopeReceiver();
    test = await createTestApp({ SENTRY_DSN: receiver.dsn, SENTRY_ENVIRONMENT: 'test-reports' });
  });
  afterAll(async () => {
    await test?.app.close();
    await receiver?.close();
  });

  it('a forced server error reaches the receiver with its request id, scrubbed of personal data', async () => {
    const reachable = test.app.ctx.db;
    // A database failure whose message quotes personal data, as a driver error may.
    test.app.ctx.db = new Proxy(reachable, {
      get() {
        throw new Error(
          `duplicate row for ${PERSONAL[0]} (phone ${PERSONAL[1]}, iban ${PERSONAL[2]}, code ${PERSONAL[3]})`,
        );
      },
    });
    try {
      const response = await test.call({
        method: 'GET',
        url: '/api/user',
        headers: { 'x-request-id': 'abc-123' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'server_error', requestId: 'abc-123' });
    } finally {
      test.app.ctx.db = reachable;
    }
    await flushErrorReports(5_000);
    const [event, ...others] = receiver.events();
    expect(others).toEqual([]);
    expect(receiver.envelopes[0]?.path).toMatch(/^\/api\/42\/envelope\//);
    expect(event).toMatchObject({
      tags: { request_id: 'abc-123' },
      environment: 'test-reports',
      release: expect.stringMatching(/^vestibule@\d+\.\d+\.\d+/),
    });
    const exception = (event as { exception: { values: { type: string; value: string }[] } }).exception
      .values[0];
    expect(exception).toMatchObject({
      type: 'Error',
      value: 'duplicate row for [email] (phone [number], iban [iban], code [code])',
    });
    const everything = JSON.stringify(receiver.envelopes);
    for (const value of PERSONAL) expect(everything).not.toContain(value);
    // Nothing of the request or the person is sent.
    expect(event).not.toHaveProperty('request');
    expect(event).not.toHaveProperty('user');
  });

  it('reports no 4xx: those are answers, not errors', async () => {
    const before = receiver.envelopes.length;
    expect((await test.call({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    await flushErrorReports(2_000);
    expect(receiver.envelopes.length).toBe(before);
  });

  it('hands the SPA its own DSN (SENTRY_DSN_WEB), rates 0 by default, and lets it reach that origin', async () => {
    // A page of its own, so the test does not depend on a build of the web app.
    const dir = mkdtempSync(join(tmpdir(), 'vestibule-web-'));
    writeFileSync(join(dir, 'index.html'), '<html><head><!--vestibule-config--></head><body></body></html>');
    const web = await createTestApp({ SENTRY_DSN_WEB: 'https://webkey@errors.example/9', WEB_DIST_DIR: dir });
    const withoutDsn = await createTestApp({ WEB_DIST_DIR: dir });
    try {
      const page = await web.call({ method: 'GET', url: '/login', deviceId: null });
      expect(page.statusCode).toBe(200);
      const config = JSON.parse(
        /<script id="vestibule-config" type="application\/json">(.*?)<\/script>/s.exec(page.body)?.[1] ??
          '{}',
      );
      expect(config.errorReporting).toEqual({
        dsn: 'https://webkey@errors.example/9',
        environment: 'test',
        release: expect.stringMatching(/^vestibule@/),
        tracesSampleRate: 0,
        replaysSampleRate: 0,
      });
      expect(page.headers['content-security-policy']).toMatch(
        /connect-src 'self' https:\/\/errors\.example(;|$)/,
      );
      // Without it, the SPA gets null and never loads the reporter.
      const plain = await withoutDsn.call({ method: 'GET', url: '/login', deviceId: null });
      expect(plain.body).toContain('"errorReporting":null');
    } finally {
      await web.app.close();
      await withoutDsn.app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
