import pino, { type Logger } from 'pino';

/**
 * JSON logs without secrets (DESIGN §8): requests are logged as method, path (no query string,
 * which may carry payloads) and status; headers and bodies never are.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['password', '*.password', 'token', '*.token', 'code', '*.code'], censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        path: request.url.split('?')[0],
        ip: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  });
}
