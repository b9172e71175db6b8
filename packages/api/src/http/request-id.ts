import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * What an incoming X-Request-Id may be to be kept: the characters proxies and tracers use (UUIDs,
 * ULIDs, `abc-123`, hex trace ids), short enough for a log field; anything else is replaced.
 */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The caller's X-Request-Id when well-formed (one id across services), else a random UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Every answer names its request, so support can find its log lines and trace from it. Set on
 * Node's response itself, where OpenTelemetry's HTTP span reads its response headers.
 */
export function registerRequestIdEcho(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
  });
}
