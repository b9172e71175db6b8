import { sql } from 'kysely';
import type { Db } from '../db/database';

// The portal sessions of an account as its owner sees and ends them (the bearer lookup itself is
// security/session.queries, below the model; opening one is session-opening.ts).

export interface SessionRow {
  id: number;
  device_id: string;
  user_agent: string | null;
  ip: string | null;
  client_id: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  /** last_seen_at in microseconds since the epoch, exact, for the cursor. */
  last_seen_us: string;
}

/**
 * One page of a user's live sessions, most recently used first, by keyset on (last_seen_at, id)
 * over the sessions_user_recent index: the cost of a page does not grow with the number of
 * sessions. `after` is the (microseconds, id) of the previous page's last row.
 */
export async function sessionPage(
  db: Db,
  userId: number,
  limit: number,
  after: readonly [bigint, bigint] | undefined,
): Promise<SessionRow[]> {
  let query = db
    .selectFrom('sessions')
    .select([
      'id',
      'device_id',
      'user_agent',
      'ip',
      'client_id',
      'created_at',
      'last_seen_at',
      'expires_at',
      sql<string>`(extract(epoch from last_seen_at) * 1000000)::bigint::text`.as('last_seen_us'),
    ])
    .where('user_id', '=', userId)
    .where('expires_at', '>', sql<Date>`now()`);
  if (after) {
    const [micros, id] = after;
    const at = sql<Date>`timestamptz 'epoch' + ${micros.toString()}::bigint * interval '1 microsecond'`;
    query = query.where(sql<boolean>`(last_seen_at, id) < (${at}, ${Number(id)})`);
  }
  return query.orderBy('last_seen_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * How many live sessions and devices a user has, in one row whatever the counts: a user with
 * thousands of sessions on hundreds of devices must not send the server a row per device for every
 * page (their objects made the sessions page the server's main source of garbage).
 */
export async function liveTotals(db: Db, userId: number): Promise<{ sessions: number; devices: number }> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('sessions')
        .select(sql<string>`count(*)`.as('count'))
        .where('user_id', '=', userId)
        .where('expires_at', '>', sql<Date>`now()`)
        .groupBy('device_id')
        .as('devices'),
    )
    .select([sql<string>`count(*)`.as('devices'), sql<string>`coalesce(sum(count), 0)`.as('sessions')])
    .executeTakeFirstOrThrow();
  return { sessions: Number(row.sessions), devices: Number(row.devices) };
}

/** These devices' live sessions of the user: how many, and the first one's creation. */
export async function liveDevices(db: Db, userId: number, deviceIds: readonly string[]) {
  if (deviceIds.length === 0) return new Map<string, { count: number; firstAt: Date }>();
  const rows = await db
    .selectFrom('sessions')
    .select(['device_id', sql<string>`count(*)`.as('count'), sql<Date>`min(created_at)`.as('first_at')])
    .where('user_id', '=', userId)
    .where('device_id', 'in', [...new Set(deviceIds)])
    .where('expires_at', '>', sql<Date>`now()`)
    .groupBy('device_id')
    .execute();
  return new Map(rows.map((row) => [row.device_id, { count: Number(row.count), firstAt: row.first_at }]));
}

/** The first sign-in of each device (audit), earlier than its oldest live session when known. */
export async function firstSignIns(db: Db, userId: number, deviceIds: readonly string[]) {
  if (deviceIds.length === 0) return new Map<string, Date>();
  const rows = await db
    .selectFrom('audit_events')
    .select(['device_id', sql<Date>`min(created_at)`.as('first_at')])
    .where('user_id', '=', userId)
    .where('kind', '=', 'login.succeeded')
    .where('device_id', 'in', [...new Set(deviceIds)])
    .groupBy('device_id')
    .execute();
  return new Map(rows.map((row) => [row.device_id as string, row.first_at]));
}

/** Names of registered OAuth clients, for the services of partner sessions. */
export async function clientNames(db: Db, clientIds: readonly string[]) {
  if (clientIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('oauth_clients')
    .select(['client_id', 'name'])
    .where('client_id', 'in', [...new Set(clientIds)])
    .execute();
  return new Map(rows.map((row) => [row.client_id, row.name]));
}

/** Deletes one session of the user; answers its device id, or undefined when it is not theirs. */
export async function deleteUserSession(db: Db, userId: number, sessionId: number) {
  const row = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .returning('device_id')
    .executeTakeFirst();
  return row?.device_id;
}

/** Ends every session of the user, this one included; answers how many. */
export async function deleteAllUserSessions(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends the user's sessions other than `keep`; answers how many. */
export async function deleteOtherSessions(db: Db, userId: number, keep: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '<>', keep)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Ends everything the old password opened: every session, every trusted device (so the next login
 * asks for MFA again), and every open challenge (login flows, step-ups, other resets).
 */
export async function endEverythingOfUser(db: Db, userId: number) {
  const sessions = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  const devices = await db.deleteFrom('trusted_devices').where('user_id', '=', userId).executeTakeFirst();
  await db
    .updateTable('code_challenges')
    .set({ consumed_at: new Date() })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
  return { sessions: Number(sessions.numDeletedRows), trustedDevices: Number(devices.numDeletedRows) };
}
