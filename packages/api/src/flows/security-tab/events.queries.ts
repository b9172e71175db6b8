import { SECURITY_EVENT_KINDS, type SecurityEventKind } from '@vestibule/contract/schemas/security';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Kinds that reach the notification area (docs/decisions/0009): changes to the account's
 * security, and sign-ins — only those from a device new to the account.
 */
export const NOTIFYING_KINDS: readonly SecurityEventKind[] = [
  'login.succeeded',
  'mfa.added',
  'mfa.edited',
  'mfa.removed',
  'mfa.primary_changed',
  'recovery.regenerated',
  'recovery.used',
  'password.changed',
  'password.reset',
  'session.revoked_all',
  'security.not_me',
  'oauth.consent_granted',
  'oauth.grant_revoked',
  'contact.added',
  'contact.edited',
  'contact.removed',
  'contact.primary_changed',
  'iban.changed',
  'fuzzion.merged',
  'passkey.added',
  'passkey.removed',
  'staff.account_unlocked',
  'staff.sessions_ended',
  'staff.password_reset_sent',
  'staff.mfa_reset_approved',
  'staff.closure_started',
];

export interface EventRow {
  id: number;
  kind: SecurityEventKind;
  detail: Record<string, unknown>;
  ip: string | null;
  device_id: string | null;
  created_at: Date;
  new_device: boolean;
}

/** A sign-in is the device's first when no earlier sign-in of this user carries its device id. */
const newDevice = sql<boolean>`(audit_events.kind = 'login.succeeded' AND audit_events.device_id IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM audit_events AS earlier
  WHERE earlier.user_id = audit_events.user_id
    AND earlier.kind = 'login.succeeded'
    AND earlier.device_id = audit_events.device_id
    AND earlier.id < audit_events.id))`;

function eventsOf(db: Db, userId: number, kinds: readonly string[]) {
  return db
    .selectFrom('audit_events')
    .select(['id', 'kind', 'detail', 'ip', 'device_id', 'created_at', newDevice.as('new_device')])
    .where('user_id', '=', userId)
    .where('kind', 'in', [...kinds]);
}

/** One page of the timeline, newest first, by keyset on id (audit_events_user_id index). */
export async function eventPage(db: Db, userId: number, limit: number, beforeId: number | undefined) {
  let query = eventsOf(db, userId, SECURITY_EVENT_KINDS);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return (await query.orderBy('id', 'desc').limit(limit).execute()) as EventRow[];
}

/**
 * The newest notifications of a user: notifying events made from another device than `deviceId`
 * (what the user did here, the screen already confirmed), sign-ins only from new devices.
 */
export async function notificationEvents(db: Db, userId: number, deviceId: string, limit: number) {
  const rows = await eventsOf(db, userId, NOTIFYING_KINDS)
    .where((eb) => eb('device_id', 'is', null).or('device_id', '<>', deviceId))
    .where((eb) => eb.or([eb('kind', '<>', 'login.succeeded'), newDevice as Expression<SqlBool>]))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows as EventRow[];
}

export async function lastReadEventId(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('security_notification_reads')
    .select('last_read_event_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.last_read_event_id ?? 0;
}

/** Moves the read mark forward (never back) to `upTo`, or to the user's newest event. */
export async function markRead(db: Db, userId: number, upTo: number | undefined): Promise<number> {
  const newest = await db
    .selectFrom('audit_events')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const mark = Math.min(upTo ?? Number.MAX_SAFE_INTEGER, newest?.id ?? 0);
  await db
    .insertInto('security_notification_reads')
    .values({ user_id: userId, last_read_event_id: mark })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        last_read_event_id: sql<number>`GREATEST(security_notification_reads.last_read_event_id, excluded.last_read_event_id)`,
        updated_at: new Date(),
      }),
    )
    .execute();
  return mark;
}

/** The newest user agent seen for some devices of a user (sessions, then trusted devices). */
export async function userAgentsOf(db: Db, userId: number, deviceIds: readonly string[]) {
  const ids = [...new Set(deviceIds)];
  const agents = new Map<string, string>();
  if (ids.length === 0) return agents;
  const fromSessions = await db
    .selectFrom('sessions')
    .select(['device_id', 'user_agent'])
    .distinctOn('device_id')
    .where('user_id', '=', userId)
    .where(sql<string>`device_id::text`, 'in', ids)
    .where('user_agent', 'is not', null)
    .orderBy('device_id')
    .orderBy('last_seen_at', 'desc')
    .execute();
  for (const row of fromSessions) agents.set(row.device_id, row.user_agent as string);
  const missing = ids.filter((id) => !agents.has(id));
  if (missing.length > 0) {
    const fromTrusted = await db
      .selectFrom('trusted_devices')
      .select(['device_id', 'user_agent'])
      .where('user_id', '=', userId)
      .where('device_id', 'in', missing)
      .where('user_agent', 'is not', null)
      .execute();
    for (const row of fromTrusted) agents.set(row.device_id, row.user_agent as string);
  }
  return agents;
}
