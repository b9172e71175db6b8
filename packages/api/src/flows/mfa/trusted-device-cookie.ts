import type {} from '@fastify/cookie';
import { TRUSTED_DEVICE_COOKIE_BASE_NAME, TRUSTED_DEVICE_TTL_SECONDS } from '@vestibule/contract/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The secret a trusted device proves at login. HttpOnly: no script of the page (a tag manager
// included) can read it, unlike the X-Device-ID in localStorage. Host-only (no Domain) and on
// /api only: the sibling hosts that see the parent-domain login cookie never see this one.

export function trustedDeviceCookieName(request: FastifyRequest): string {
  return `${request.server.ctx.config.cookiePrefix}${TRUSTED_DEVICE_COOKIE_BASE_NAME}`;
}

function cookieOptions(request: FastifyRequest) {
  return {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.server.ctx.config.secureCookies,
  };
}

/** The device secret this browser sent, if any. */
export function trustedDeviceSecret(request: FastifyRequest): string | undefined {
  return request.cookies[trustedDeviceCookieName(request)] || undefined;
}

export function setTrustedDeviceCookie(request: FastifyRequest, reply: FastifyReply, secret: string) {
  reply.setCookie(trustedDeviceCookieName(request), secret, {
    ...cookieOptions(request),
    maxAge: TRUSTED_DEVICE_TTL_SECONDS,
  });
}

export function clearTrustedDeviceCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(trustedDeviceCookieName(request), cookieOptions(request));
}
