import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import { MAX_JSON_BODY_BYTES } from '@vestibule/contract/constants';
import Fastify, { type FastifyInstance } from 'fastify';
import { ADMIN_ROUTES } from './admin/routes';
import { migrationsComplete } from './db/migrate';
import { configureMessageBrands } from './delivery/messages/brand';
import { registerDelivery } from './delivery/register';
import { closureRoutes } from './flows/closure/index';
import { contactRoutes } from './flows/contacts/index';
import { fuzzionRoutes, mergeRoutes } from './flows/fuzzion/index';
import { handoverRoutes, tokenRoutes } from './flows/login/index';
import {
  mfaActivateRoutes,
  mfaChallengeRoutes,
  mfaMethodRoutes,
  trustedDeviceRoutes,
} from './flows/mfa/index';
import { authorizeRoutes, grantRoutes, partnerRoutes, registerOAuth } from './flows/oauth/index';
import { onboardingRoutes } from './flows/onboarding/index';
import { passkeyManageRoutes, passkeyRegistrationRoutes, passkeyUseRoutes } from './flows/passkeys/index';
import { passwordCheckRoutes, weakPasswordRoutes } from './flows/password/index';
import { preferencesRoutes } from './flows/preferences/index';
import { consentRoutes, dataExportRoutes } from './flows/privacy/index';
import { ibanRoutes, loginChangeRoutes, userRoutes } from './flows/profile/index';
import { forgotPasswordRoutes, forgotUsernameRoutes, resetPasswordRoutes } from './flows/recovery/index';
import { registerScim } from './flows/scim/index';
import { securityEventRoutes, securityPasswordRoutes } from './flows/security-tab/index';
import { sessionRoutes } from './flows/sessions/index';
import { registerApiDocs } from './http/api-docs';
import { ApiError } from './http/api-error';
import { registerCompression } from './http/compression';
import type { AppContext } from './http/context';
import { registerRequestContext } from './http/edition-and-headers';
import { frameworkErrors, registerErrorHandling } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { registerRequestIdEcho, requestIdFor } from './http/request-id';
import { QuietProbesLogController } from './http/request-logging';
import { registerRoutes } from './http/route';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { statusRoutes } from './operations/maintenance-status.routes';
import { registerOperations } from './operations/operations.routes';
import { registerBreachedPasswords } from './security/breached-passwords';

export const API_ROUTES = [
  ...statusRoutes,
  ...tokenRoutes,
  ...handoverRoutes,
  ...userRoutes,
  ...dataExportRoutes,
  ...consentRoutes,
  ...closureRoutes,
  ...preferencesRoutes,
  ...contactRoutes,
  ...loginChangeRoutes,
  ...ibanRoutes,
  ...mfaChallengeRoutes,
  ...mfaMethodRoutes,
  ...mfaActivateRoutes,
  ...fuzzionRoutes,
  ...mergeRoutes,
  ...trustedDeviceRoutes,
  ...passkeyRegistrationRoutes,
  ...passkeyUseRoutes,
  ...passkeyManageRoutes,
  ...weakPasswordRoutes,
  ...passwordCheckRoutes,
  ...forgotPasswordRoutes,
  ...resetPasswordRoutes,
  ...forgotUsernameRoutes,
  ...authorizeRoutes,
  ...grantRoutes,
  ...partnerRoutes,
  ...sessionRoutes,
  ...securityEventRoutes,
  ...securityPasswordRoutes,
  ...onboardingRoutes,
  ...ADMIN_ROUTES,
];

/**
 * TRUST_PROXY for Fastify: a hop count trusts that many proxies nearest the server, so the client
 * is the entry the farthest of them added (Fastify 5 takes a bare number as "trust none").
 */
function trustProxyOption(trust: boolean | number | string[]) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Sentry only when SENTRY_DSN is set: the package is not even loaded otherwise. */
async function errorReporterFor(config: AppContext['config']) {
  if (!config.errorReporting) return undefined;
  const { startErrorReporting } = await import('./operations/error-reporting');
  return startErrorReporting(config.errorReporting);
}

/** The whole server: API, dev inbox and SPA on one origin (DESIGN §1). */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  configureMessageBrands(ctx.config.messageOperator);
  // Typed as the default instance: our pino Logger is a FastifyBaseLogger in every way we use.
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // Never log headers (Authorization, cookies) or bodies: only method, path and status. The id
    // is the caller's X-Request-Id when well-formed (genReqId checks it), else a random UUID.
    requestIdHeader: false,
    genReqId: requestIdFor,
    logController: new QuietProbesLogController(),
    frameworkErrors,
  }) as unknown as FastifyInstance;
  app.decorate('ctx', ctx);
  registerRequestIdEcho(app);

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
  await registerCompression(app);

  registerErrorHandling(app, await errorReporterFor(ctx.config));
  registerBreachedPasswords(app);
  registerRequestContext(app);
  registerSecurityHeaders(app);
  let migrated = false;
  registerOperations(app, async () => (migrated ||= await migrationsComplete(ctx.db)));
  await registerOAuth(app);
  registerRoutes(app, API_ROUTES);
  registerOpenApi(app, API_ROUTES);
  registerApiDocs(app);
  await registerScim(app);
  await registerDelivery(app);
  await registerSpa(app);
  return app;
}
