import { CAPTCHA_PROVIDER_DATA, type CaptchaProvider } from '@vestibule/contract/captcha';
import type { FastifyInstance } from 'fastify';

/** Strict CSP naming only the third parties that are configured (DESIGN §7). */
export function contentSecurityPolicy(options: {
  tagManager: boolean;
  captcha?: CaptchaProvider | undefined;
}): string {
  const captcha = options.captcha ? CAPTCHA_PROVIDER_DATA[options.captcha].csp : undefined;
  const scripts = [
    "'self'",
    ...(options.tagManager ? ['https://www.googletagmanager.com'] : []),
    ...(captcha?.script ?? []),
  ];
  const connect = [
    "'self'",
    ...(options.tagManager ? ['https://www.google-analytics.com'] : []),
    ...(captcha?.connect ?? []),
  ];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    `style-src ${["'self'", ...(captcha?.style ?? [])].join(' ')}`,
    // React sets a few style attributes (e.g. progress widths); no <style> elements are allowed.
    "style-src-attr 'unsafe-inline'",
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

export function registerSecurityHeaders(app: FastifyInstance) {
  const csp = contentSecurityPolicy({
    tagManager: Boolean(app.ctx.config.tagManagerId),
    captcha: app.ctx.config.captcha?.provider,
  });
  const production = app.ctx.config.production;
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (production) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
