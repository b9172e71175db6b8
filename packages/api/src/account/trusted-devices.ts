import type {} from '@fastify/cookie';
import { TRUSTED_DEVICE_COOKIE_BASE_NAME, TRUSTED_DEVICE_TTL_SECONDS } from '@vestibule/contract/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { hashToken, newOpaqueToken } from '../security/tokens';

/**
 * Whether this browser proves the trust of this device for this account: the device id (an
 * identifier only) with the secret of its trusted-device cookie, unexpired. On success the secret
 * is rotated in the same statement, so a copied cookie works once at most and two logins racing
 * with one secret cannot both pass. Answers the new secret, or undefined.
 */
export async function redeemTrustedDevice(
  db: Db,
  userId: number,
  deviceId: string,
  secret: string | undefined,
): Promise<string | undefined> {
  if (!secret) return undefined;
  const next = newOpaqueToken();
  const row = await db
    .updateTable('trusted_devices')
    .set({ secret_hash: hashToken(next), last_used_at: new Date() })
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .where('secret_hash', '=', hashToken(secret))
    .where('expires_at', '>', new Date())
    .returning('id')
    .executeTakeFirst();
  return row ? next : undefined;
}

/**
 * Trusts the request's device for TRUSTED_DEVICE_TTL_SECONDS from now and answers the secret its
 * cookie must carry. The period is fixed at trusting time: using the device does not extend it
 * (a new MFA login with the box ticked does).
 */
export async function trustDevice(db: Db, userId: number, request: FastifyRequest): Promise<string> {
  const expiresAt = new Date(Date.now() + TRUSTED_DEVICE_TTL_SECONDS * 1000);
  const secret = newOpaqueToken();
  const userAgent = request.headers['user-agent']?.slice(0, 512) ?? null;
  await db
    .insertInto('trusted_devices')
    .values({
      user_id: userId,
      device_id: request.deviceId,
      user_agent: userAgent,
      ip: request.ip,
      expires_at: expiresAt,
      secret_hash: hashToken(secret),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'device_id']).doUpdateSet({
        expires_at: expiresAt,
        last_used_at: new Date(),
        user_agent: userAgent,
        ip: request.ip,
        secret_hash: hashToken(secret),
      }),
    )
    .execute();
  return secret;
}

export async function listTrustedDevices(db: Db, userId: number) {
  return db
    .selectFrom('trusted_devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .orderBy('last_used_at', 'desc')
    .execute();
}

/** Revokes one of the user's trusted devices; answers whether it existed. */
export async function revokeTrustedDevice(db: Db, userId: number, id: number): Promise<string | undefined> {
  const row = await db
    .deleteFrom('trusted_devices')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('device_id')
    .executeTakeFirst();
  return row?.device_id;
}

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
