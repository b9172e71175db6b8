import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/seed';
import {
  buildServer,
  ownSchema,
  ROOT,
  type ServerProcess,
  startServerProcess,
  waitUntilReady,
} from '../support/compiled-server';

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string; arrayValue?: { values: { stringValue?: string }[] } };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
}

/** An OTLP/HTTP receiver (JSON encoding) that keeps every span, and a Pwned Passwords stand-in. */
async function startReceiver() {
  const spans: OtlpSpan[] = [];
  const resources: OtlpAttribute[][] = [];
  const outbound: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const payload = JSON.parse(body) as {
          resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resourceSpan of payload.resourceSpans) {
          resources.push(resourceSpan.resource.attributes);
          for (const scope of resourceSpan.scopeSpans) spans.push(...scope.spans);
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      // The breached-password range API the login calls: no match.
      outbound.push({ url: request.url ?? '', headers: request.headers });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, spans, resources, outbound, close: () => server.close() };
}

const text = (attribute: OtlpAttribute | undefined) =>
  attribute?.value.stringValue ?? attribute?.value.arrayValue?.values.map((v) => v.stringValue).join(',');
const attribute = (span: OtlpSpan, key: string) => text(span.attributes.find((a) => a.key === key));

async function until<T>(find: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * OpenTelemetry against a local OTLP/HTTP receiver, on the compiled server (dist/main.js loads the
 * SDK before the server when OTEL_EXPORTER_OTLP_ENDPOINT is set): a login's spans carry its
 * X-Request-Id, continue the caller's traceparent, include the database statements (on
 * PostgreSQL, without parameter values) and the outbound breached-password call, which sends the
 * trace on.
 */
describe('OpenTelemetry traces', () => {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: ServerProcess;
  let schema: Awaited<ReturnType<typeof ownSchema>> | undefined;
  let dataDir: string;
  let dist: string;

  beforeAll(async () => {
    dist = buildServer('telemetry');
    receiver = await startReceiver();
    dataDir = mkdtempSync(join(tmpdir(), 'vestibule-otel-'));
    schema = databaseUrl ? await ownSchema(databaseUrl, 'otel') : undefined;
    server = await startServerProcess(
      join(dist, 'main.js'),
      {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        ...(schema ? { DATABASE_URL: schema.url } : {}),
        BREACHED_PASSWORDS: 'api',
        BREACHED_PASSWORDS_API_URL: receiver.url,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      ROOT,
    );
    await waitUntilReady(server);
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    receiver?.close();
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  });

  it("a login's spans carry its X-Request-Id and continue the caller's traceparent", async () => {
    const traceId = randomBytes(16).toString('hex');
    const response = await fetch(`${server.base}/api/token`, {
      method: 'POST',
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        'x-device-id': randomUUID(),
        'x-request-id': 'abc-123',
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      },
      body: JSON.stringify({ username: 'employee@demo.test', password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('abc-123');

    const request = await until(() =>
      receiver.spans.find((span) => attribute(span, 'http.response.header.x-request-id') === 'abc-123'),
    );
    expect(request.traceId.toLowerCase()).toBe(traceId);
    expect(request.kind).toBe(2); // SERVER
    expect(attribute(request, 'http.request.header.x-request-id')).toBe('abc-123');

    // Fastify's own spans (routes, hooks) sit in the same trace.
    await until(() =>
      receiver.spans.find((s) => s.traceId === request.traceId && s.name.startsWith('handler')),
    );

    // The outbound call is a client span of the trace and sends the trace on (W3C traceparent).
    const call = await until(() => receiver.outbound.find((c) => c.url.startsWith('/range/')));
    expect(call.headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    await until(() => receiver.spans.find((s) => s.traceId === request.traceId && s.kind === 3)); // CLIENT

    if (schema) {
      // Database statements, as SQL with placeholders: the e-mail address is not in any span.
      const statements = await until(() => {
        const found = receiver.spans.filter(
          (s) => s.traceId === request.traceId && attribute(s, 'db.system.name') === 'postgresql',
        );
        return found.length ? found : undefined;
      });
      expect(
        statements.some((s) =>
          /\$1/.test(attribute(s, 'db.statement') ?? attribute(s, 'db.query.text') ?? ''),
        ),
      ).toBe(true);
    }
    const everything = JSON.stringify(receiver.spans);
    expect(everything).not.toContain('employee@demo.test');
    expect(everything).not.toContain(DEMO_PASSWORD);

    // The spans name the service, its version and instance.
    const resource = Object.fromEntries(receiver.resources[0]!.map((a) => [a.key, text(a)]));
    expect(resource).toMatchObject({ 'service.name': 'vestibule', 'service.version': expect.any(String) });
    expect(resource['service.instance.id']).toBeTruthy();
  }, 60_000);
});
