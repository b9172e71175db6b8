import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { notifyAccount } from '../notices/notify-account';
import { describeUserAgent } from '../sessions/user-agent';

/**
 * Whether this sign-in is from a device the account never signed in from, among accounts that
 * signed in before (the very first sign-in, right after the sign-up, is no news). The same rule as
 * the security timeline's "new device" mark (security/events.queries.ts).
 */
export async function isNewDevice(trx: Db, userId: number, deviceId: string | null): Promise<boolean> {
  if (!deviceId) return false;
  const row = await trx
    .selectFrom('audit_events')
    .select([
      sql<boolean>`count(*) > 0`.as('signed_in_before'),
      sql<boolean>`coalesce(bool_or(device_id = ${deviceId}), false)`.as('seen'),
    ])
    .where('user_id', '=', userId)
    .where('kind', '=', 'login.succeeded')
    .executeTakeFirst();
  return Boolean(row?.signed_in_before) && !row?.seen;
}

/** "New sign-in from a new device", by e-mail, naming the browser and system the agent tells. */
export async function notifyNewDevice(trx: Db, request: FastifyRequest, userId: number): Promise<void> {
  const described = describeUserAgent(request.headers['user-agent']);
  const device = [described.deviceName, described.browser, described.os].filter(Boolean).join(' · ');
  await notifyAccount(
    trx,
    request,
    userId,
    'new_sign_in',
    { device: device || '?', at: new Date() },
    { channels: 'email' },
  );
}
