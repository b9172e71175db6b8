import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { notifyAccount } from './notices';
import { describeUserAgent } from './user-agent';

/**
 * Columns that tell whether a sign-in is from a device the account never signed in from: it is
 * when the account signed in before (the very first sign-in, right after the sign-up, is no news)
 * and never from this device. The same rule as the security timeline's "new device" mark
 * (security/events.queries.ts). Two probes of the partial index
 * `audit_events_user_login_device` (user_id, device_id) — not an aggregate over every sign-in of
 * the account, which grew with it. Selected by the login's one statement
 * (session-opening.ts); a request without a device id counts as seen.
 */
export function newDeviceColumns(userId: number, deviceId: string | null) {
  return [
    // Not `EXISTS (… WHERE user_id = $1 AND kind = 'login.succeeded')`: prepared, that statement
    // gets a generic plan after five runs, and for it the planner picked a sequential scan that
    // reads every other account's sign-ins before this one's (1 ms of the login's 1.1 ms in
    // PostgreSQL with the bench's 10,000-sign-in account, decision 0057 round 2). Asking for the
    // first row in the partial index's own order makes the index the only cheap plan, generic or not.
    sql<boolean>`(SELECT true FROM audit_events
      WHERE user_id = ${userId} AND kind = 'login.succeeded'
      ORDER BY device_id, id LIMIT 1) IS NOT NULL`.as('signedInBefore'),
    sql<boolean>`${!deviceId} OR EXISTS (SELECT 1 FROM audit_events
      WHERE user_id = ${userId} AND kind = 'login.succeeded' AND device_id = ${deviceId ?? ''})`.as(
      'deviceSeen',
    ),
  ];
}

/**
 * "New sign-in from a new device", by e-mail, naming the browser and system the agent tells;
 * unless the user turned this optional alert off (preferences, decision 0079).
 */
export async function notifyNewDevice(trx: Db, request: FastifyRequest, userId: number): Promise<void> {
  const wanted = await trx
    .selectFrom('users')
    .select('notify_new_device')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!wanted?.notify_new_device) return;
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
