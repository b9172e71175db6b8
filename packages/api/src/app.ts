import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import { MAX_JSON_BODY_BYTES } from '@vestibule/contract/constants';
import Fastify, { type FastifyInstance } from 'fastify';
import { ADMIN_ROUTES } from './admin/routes';
import { migrationsComplete } from './db/migrate';
import { configureMessageBrands } from './delivery/messages/brand';
import { registerDelivery } from './delivery/register';
import { closureRoutes } from './flows/closure/closure.routes';
import { contactRoutes } from './flows/contacts/contacts.routes';
import { fuzzionRoutes } from './flows/fuzzion/fuzzion.routes';
import { mergeRoutes } from './flows/fuzzion/merge.routes';
import { handoverRoutes } from './flows/login/handover.routes';
import { tokenRoutes } from './flows/login/token.routes';
import { statusRoutes } from './flows/maintenance/status.routes';
import { mfaActivateRoutes } from './flows/mfa/activate.routes';
import { mfaChallengeRoutes } from './flows/mfa/challenge.routes';
import { mfaMethodRoutes } from './flows/mfa/methods.routes';
import { trustedDeviceRoutes } from './flows/mfa/trusted-devices.routes';
import { authorizeRoutes } from './flows/oauth/authorize.routes';
import { grantRoutes } from './flows/oauth/grants.routes';
import { partnerRoutes } from './flows/oauth/partner.routes';
import { registerOAuth } from './flows/oauth/server';
import { onboardingRoutes } from './flows/onboarding/onboarding.routes';
import { passkeyManageRoutes } from './flows/passkeys/manage.routes';
import { passkeyRegistrationRoutes } from './flows/passkeys/registration.routes';
import { passkeyUseRoutes } from './flows/passkeys/use.routes';
import { passwordCheckRoutes } from './flows/password/password-check.routes';
import { weakPasswordRoutes } from './flows/password/weak-password.routes';
import { preferencesRoutes } from './flows/preferences/preferences.routes';
import { consentRoutes } from './flows/privacy/consents.routes';
import { dataExportRoutes } from './flows/privacy/export.routes';
import { ibanRoutes } from './flows/profile/iban.routes';
import { loginChangeRoutes } from './flows/profile/login-change.routes';
import { userRoutes } from './flows/profile/user.routes';
import { forgotPasswordRoutes } from './flows/recovery/forgot-password.routes';
import { forgotUsernameRoutes } from './flows/recovery/forgot-username.routes';
import { resetPasswordRoutes } from './flows/recovery/reset-password.routes';
import { registerScim } from './flows/scim/scim.routes';
import { securityEventRoutes } from './flows/security/events.routes';
import { securityPasswordRoutes } from './flows/security/password.routes';
import { sessionRoutes } from './flows/sessions/sessions.routes';
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
