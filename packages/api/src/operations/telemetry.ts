/**
 * OpenTelemetry traces, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set: dist/main.js imports
 * this entry (dist/telemetry.js) before the server, so the instrumented packages are patched when
 * the server imports them. The exporter, its protocol (OTEL_EXPORTER_OTLP_PROTOCOL, http/protobuf
 * by default), the sampler and the batch delays follow the standard OTEL_* variables.
 */
import { registerHooks } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { register as registerImportHooks, supportsSyncHooks } from 'import-in-the-middle/register-hooks.mjs';
import { INSTANCE, VERSION } from '../version';

/** The packages whose ES imports are patched (the others load untouched). */
const INSTRUMENTED = ['fastify', 'pg', 'ioredis', 'node:http', 'node:https', 'http', 'https'];

/** The request id the server echoes: a trace is found from the id a user quotes. */
const REQUEST_ID_ATTRIBUTES = { requestHeaders: ['x-request-id'], responseHeaders: ['x-request-id'] };

function instrumentations() {
  return [
    // Requests in and out with W3C traceparent (the SDK's default propagator), and their ids.
    new HttpInstrumentation({ headersToSpanAttributes: { server: REQUEST_ID_ATTRIBUTES } }),
    // Routes and hooks of each request.
    new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    // Statements without their parameter values (enhancedDatabaseReporting stays off).
    new PgInstrumentation({ enhancedDatabaseReporting: false }),
    // Commands without their arguments (keys may name accounts).
    new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
    // fetch: SMS, breached-password checks, webhooks and back-channel logouts.
    new UndiciInstrumentation(),
  ];
}

/** The service's name, version and instance on every span, through the SDK's own variables. */
function describeService() {
  process.env.OTEL_SERVICE_NAME ??= 'vestibule';
  const ours = `service.version=${VERSION},service.instance.id=${encodeURIComponent(INSTANCE)}`;
  const given = process.env.OTEL_RESOURCE_ATTRIBUTES;
  // The operator's attributes come last and win.
  process.env.OTEL_RESOURCE_ATTRIBUTES = given ? `${ours},${given}` : ours;
}

function startTracing() {
  if (!supportsSyncHooks() || typeof registerHooks !== 'function') {
    throw new Error(`OpenTelemetry needs Node.js 22.22.3 / 24.11.1 or newer (this is ${process.version})`);
  }
  registerImportHooks({ include: INSTRUMENTED });
  describeService();
  const sdk = new NodeSDK({ instrumentations: instrumentations() });
  sdk.start();
  // The spans still in the batch leave before the process does (the server drains meanwhile).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void sdk.shutdown());
}

startTracing();
