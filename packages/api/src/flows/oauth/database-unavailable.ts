import { EN_ERROR_MESSAGES } from '@vestibule/contract/i18n/errors';
import type Provider from 'oidc-provider';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../../db/unavailable';

type Middleware = Parameters<Provider['use']>[0];

/** Marks the requests whose server error was the database being out of reach. */
const UNAVAILABLE = Symbol('database unavailable');

/**
 * While the database is out of reach, oidc-provider's JSON endpoints (token, userinfo, revocation,
 * introspection) answer RFC 6749's 503 `temporarily_unavailable` with Retry-After, as the portal's
 * API answers its typed 503, instead of a 500 `server_error`. Other server errors are logged as such.
 */
export function answerDatabaseUnavailable(provider: Provider, log: Pick<Logger, 'warn' | 'error'>) {
  provider.on('server_error', (ctx, error) => {
    if (!isDatabaseUnavailable(error)) return log.error({ err: error }, 'oauth server error');
    (ctx.state as Record<symbol, boolean>)[UNAVAILABLE] = true;
    log.warn({ reason: (error as Error).message }, 'oauth: database unavailable');
  });
  const middleware: Middleware = async (ctx, next) => {
    await next();
    const body = ctx.body as { error?: unknown } | undefined;
    if (!(ctx.state as Record<symbol, boolean>)[UNAVAILABLE] || body?.error !== 'server_error') return;
    ctx.status = 503;
    ctx.set('retry-after', '5');
    ctx.body = { error: 'temporarily_unavailable', error_description: EN_ERROR_MESSAGES.unavailable };
  };
  provider.use(middleware);
}
