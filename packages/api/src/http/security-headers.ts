import type { CaptchaProvider } from '@vestibule/contract/captcha';
import { CAPTCHA_PROVIDER_DATA } from '@vestibule/contract/captchaProviders';
import { DEFAULT_TAG_MANAGER_ORIGIN } from '@vestibule/contract/spaConfig';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Strict CSP naming only the third parties that are configured (DESIGN §7). */
export function contentSecurityPolicy(options: {
  tagManager: boolean;
  /** The tag manager's script origin (TAG_MANAGER_URL); Google's by default. */
  tagManagerOrigin?: string | undefined;
  captcha?: CaptchaProvider | undefined;
  /** The SPA's error-reporting DSN: its origin receives the reports. */
  errorReportsDsn?: string | undefined;
}): string {
  const tagManagerOrigin = options.tagManagerOrigin ?? DEFAULT_TAG_MANAGER_ORIGIN;
  const captcha = options.captcha ? CAPTCHA_PROVIDER_DATA[options.captcha].csp : undefined;
  const scripts = ["'self'", ...(options.tagManager ? [tagManagerOrigin] : []), ...(captcha?.script ?? [])];
  const connect = [
    "'self'",
    ...(options.tagManager ? [tagManagerOrigin, 'https://www.google-analytics.com'] : []),
    ...(captcha?.connect ?? []),
    ...(options.errorReportsDsn ? [new URL(options.errorReportsDsn).origin] : []),
  ];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    `style-src ${["'self'", ...(captcha?.style ?? [])].join(' ')}`,
    // No style attribute in markup: the SPA styles by class and writes styles through the CSSOM
    // only, which the CSP allows. A captcha widget writes style attributes into its container
    // (docs/decisions/0028), so only a configured captcha brings them back.
    `style-src-attr ${captcha ? "'unsafe-inline'" : "'none'"}`,
    "img-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    // The captcha widget draws in the provider's frame.
    ...(captcha ? [`frame-src ${captcha.frame.join(' ')}`] : []),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers of every answer; router errors (error-handler.ts) skip the hooks and set them too. */
export function securityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy({
      tagManager: Boolean(config.tagManagerId),
      tagManagerOrigin: config.tagManagerOrigin,
      captcha: config.captcha?.provider,
      errorReportsDsn: config.webErrorReporting?.dsn,
    }),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(config.production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders(app.ctx.config);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
}
