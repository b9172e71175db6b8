import type {} from '@fastify/cookie';
import { LOGIN_COOKIE_BASE_NAME, LOGIN_COOKIE_MAX_AGE_SECONDS } from '@vestibule/contract/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function loginCookieName(request: FastifyRequest): string {
  return `${request.server.ctx.config.cookiePrefix}${LOGIN_COOKIE_BASE_NAME}`;
}

/**
 * The parent domain of the portal's host: `account.example.com` → `example.com`, so the sibling
 * areas (client, my, fridom) see the login. Hosts without an `account.` label (localhost, an IP)
 * get a host-only cookie.
 */
export function cookieDomain(hostname: string): string | undefined {
  return hostname.startsWith('account.') ? hostname.slice('account.'.length) : undefined;
}

function cookieOptions(request: FastifyRequest) {
  const domain = cookieDomain(request.hostname.replace(/:\d+$/, ''));
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.server.ctx.config.secureCookies,
    ...(domain ? { domain } : {}),
  };
}

export function setLoginCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(loginCookieName(request), token, {
    ...cookieOptions(request),
    maxAge: LOGIN_COOKIE_MAX_AGE_SECONDS,
  });
}

export function clearLoginCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(loginCookieName(request), cookieOptions(request));
}
