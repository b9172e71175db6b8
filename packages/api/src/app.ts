import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import { MAX_JSON_BODY_BYTES } from '@vestibule/contract/constants';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerDelivery } from './delivery/register';
import { tokenRoutes } from './flows/login/token.routes';
import { statusRoutes } from './flows/maintenance/status.routes';
import { userRoutes } from './flows/profile/user.routes';
import { ApiError } from './http/api-error';
import type { AppContext } from './http/context';
import { registerRequestContext } from './http/edition-and-headers';
import { registerErrorHandling } from './http/error-handler';
import { registerRoutes } from './http/route';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';

export const API_ROUTES = [...statusRoutes, ...tokenRoutes, ...userRoutes];

/** The whole server: API, dev inbox and SPA on one origin (DESIGN §1). */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  // Typed as the default instance: our pino Logger is a FastifyBaseLogger in every way we use.
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: ctx.config.trustProxy,
    // Never log headers (Authorization, cookies) or bodies: only method, path and status.
    requestIdHeader: false,
  }) as unknown as FastifyInstance;
  app.decorate('ctx', ctx);

  // JSON bodies may be empty (GET and DELETE calls carry the JSON content type too).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new ApiError('bad_request'), undefined);
    }
  });
  await app.register(fastifyFormbody, { bodyLimit: MAX_JSON_BODY_BYTES });
  await app.register(fastifyCookie);

  registerErrorHandling(app);
  registerRequestContext(app);
  registerSecurityHeaders(app);
  app.get('/healthz', async () => ({ status: 'ok' }));
  registerRoutes(app, API_ROUTES);
  await registerDelivery(app);
  await registerSpa(app);
  return app;
}
