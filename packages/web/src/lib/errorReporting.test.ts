import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startErrorReporting } from './errorReporting';

/** A local receiver of Sentry envelopes (POST /api/<project>/envelope/): every body it got. */
let bodies: string[] = [];
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    bodies.push(body);
    response
      .writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' })
      .end('{}');
  });
});
let dsn = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dsn = `http://publickey@127.0.0.1:${(server.address() as { port: number }).port}/7`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the SPA error reports (SENTRY_DSN_WEB)', () => {
  it('send an error to the envelope receiver scrubbed of personal data, traces and replays at 0', async () => {
    bodies = [];
    await startErrorReporting({
      dsn,
      environment: 'test',
      release: 'vestibule@0.0.0-test',
      tracesSampleRate: 0,
      replaysSampleRate: 0,
    });
    const Sentry = await import('@sentry/browser');
    const options = Sentry.getClient()?.getOptions();
    expect(options).toMatchObject({
      tracesSampleRate: 0,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 0,
    });
    expect(options?.integrations.map((integration) => integration.name)).not.toContain('Replay');

    Sentry.captureException(new Error('no account for ada.lovelace@example.com, code 12345678'));
    await Sentry.flush(5_000);
    const envelope = bodies.join('\n');
    expect(envelope).toContain('no account for [email], code [code]');
    expect(envelope).toContain('"release":"vestibule@0.0.0-test"');
    expect(envelope).not.toContain('ada.lovelace@example.com');
    expect(envelope).not.toContain('12345678');
  });
});
