import { ERROR_LANGUAGES, errorMessage } from '@vestibule/contract/i18n/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ApiError } from './api-error';
import { negotiate } from './language';
import { REQUEST_ID_HEADER } from './request-id';
import { securityHeaders } from './security-headers';

/** Fastify's own 4xx errors, mapped to typed codes. */
function fromFastifyError(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('unsupported_media_type');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return new ApiError('bad_request');
  return undefined;
}

function send(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
  const language = request.language ?? 'en';
  return reply.code(error.status).send({
    code: error.code,
    message: errorMessage(error.code, language),
    ...(error.options.fields ? { fields: error.options.fields } : {}),
    ...error.options.extra,
    // The id support asks for: it finds the request's log lines and trace (docs/operations.md).
    requestId: request.id,
  });
}

/** Seconds a client is asked to wait while the database cannot be reached. */
const UNAVAILABLE_RETRY_AFTER = '5';

/**
 * 4xx answers say what is wrong; a database out of reach is a typed 503 (the request did nothing
 * and may be retried); anything else unexpected is a generic 500, its detail logged only (and
 * reported, with the request id, when error reporting is configured).
 */
export function registerErrorHandling(
  app: FastifyInstance,
  report?: (error: unknown, requestId: string) => void,
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof ApiError ? error : fromFastifyError(error);
    if (known) return send(request, reply, known);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: error.message, code: error.code }, 'database unavailable');
      return send(
        request,
        reply,
        new ApiError('unavailable', { headers: { 'retry-after': UNAVAILABLE_RETRY_AFTER } }),
      );
    }
    request.log.error({ err: error }, 'unexpected error');
    report?.(error, request.id);
    return send(request, reply, new ApiError('server_error'));
  });
}

/**
 * Errors the router raises before any hook runs (a malformed URL, an over-long path parameter):
 * the same typed `bad_request`, in the language the request asks for when we have it.
 */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.language = negotiate(request.headers['accept-language'], ERROR_LANGUAGES, 'en') ?? 'en';
  // These answers skip every hook, the onSend one with the security headers included.
  reply.headers(securityHeaders(request.server.ctx.config));
  reply.header(REQUEST_ID_HEADER, request.id);
  return send(request, reply, new ApiError('bad_request'));
}
