import pino, { type Logger, type LoggerOptions } from 'pino';
import { INSTANCE, VERSION } from './version';

/**
 * JSON logs without secrets (DESIGN §8): requests are logged as method, path (no query string,
 * which may carry payloads) and status; headers and bodies never are.
 */
const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** One JSON object a line, as log collectors read it: level names, ISO time, who wrote it. */
function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { service: 'vestibule', version: VERSION, instance: INSTANCE, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: ['password', '*.password', 'token', '*.token', 'code', '*.code'], censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        // Ids in paths may act as secrets (flow ids travel in bodies, but defence in depth): never logged.
        path: request.url.split('?')[0]?.replace(UUID_PATTERN, ':id'),
        ip: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: pino.stdSerializers.err,
    },
  };
}

/**
 * The server's logger. `pretty` (a developer's terminal only, never production) formats lines
 * for reading with pino-pretty, a development dependency, in pino's transport thread.
 */
export function createLogger(level: string, { pretty = false }: { pretty?: boolean } = {}): Logger {
  const options = loggerOptions(level);
  if (pretty) return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true } } });
  return pino(options);
}

/** Pretty lines only for `npm run dev` and the like in a terminal; production and pipes get JSON. */
export function wantsPrettyLogs(production: boolean): boolean {
  return !production && process.stdout.isTTY === true && prettyPrinterInstalled();
}

/** pino-pretty is a development dependency: a release run outside production has JSON lines. */
function prettyPrinterInstalled(): boolean {
  try {
    import.meta.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}
