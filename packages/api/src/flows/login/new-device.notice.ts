import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { notifyAccount } from '../notices/notify-account';
import { describeUserAgent } from '../sessions/user-agent';

/**
 * Columns that tell whether a sign-in is from a device the account never signed in from: it is
 * when the account signed in before (the very first sign-in, right after the sign-up, is no news)
 * and never from this device. The same rule as the security timeline's "new device" mark
 * (security/events.queries.ts). Two EXISTS probes of the partial index
 * `audit_events_user_login_device` (user_id, device_id) — not an aggregate over every sign-in of
 * the account, which grew with it (issue 21). Selected by the login's one statement
 * (open-session.ts); a request without a device id counts as seen.
 */
export function newDeviceColumns(userId: number, deviceId: string | null) {
  return [
    sql<boolean>`EXISTS (SELECT 1 FROM audit_events
      WHERE user_id = ${userId} AND kind = 'login.succeeded')`.as('signedInBefore'),
    sql<boolean>`${!deviceId} OR EXISTS (SELECT 1 FROM audit_events
      WHERE user_id = ${userId} AND kind = 'login.succeeded' AND device_id = ${deviceId ?? ''})`.as(
      'deviceSeen',
    ),
  ];
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
