import pino, { type Logger } from 'pino';

/**
 * JSON logs without secrets (DESIGN §8): requests are logged as method, path (no query string,
 * which may carry payloads) and status; headers and bodies never are.
 */
const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['password', '*.password', 'token', '*.token', 'code', '*.code'], censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        // Ids in paths may act as secrets (flow ids travel in bodies, but defence in depth): never logged.
        path: request.url.split('?')[0]?.replace(UUID_PATTERN, ':id'),
        ip: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  });
}
