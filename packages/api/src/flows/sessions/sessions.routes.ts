import { FIRST_PARTY_CLIENT_IDS } from '@vestibule/contract/constants';
import { emptySchema } from '@vestibule/contract/schemas/common';
import {
  logoutAllResponseSchema,
  type SessionInfo,
  type SessionService,
  sessionCheckResponseSchema,
  sessionIdParamsSchema,
  sessionsQuerySchema,
  sessionsResponseSchema,
} from '@vestibule/contract/schemas/security';
import { clearLoginCookie } from '../../account/login-cookie';
import {
  clientNames,
  deleteAllUserSessions,
  deleteUserSession,
  firstSignIns,
  liveDevices,
  liveTotals,
  sessionPage,
} from '../../account/sessions';
import { describeUserAgent } from '../../account/user-agent';
import { audit } from '../../db/audit';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { afterPortalSessionsEnded } from '../oauth/index';
import { decodeCursor, encodeCursor } from './cursor';
import { endOwnSessions } from './end-own';
import { locate } from './geoip';

/** What a session was opened for, from the client_id of its login (docs/decisions/0009). */
function servicesOf(clientId: string | null, names: Map<string, string>): SessionService[] {
  if (clientId === null) return [{ kind: 'portal', name: null }];
  if ((FIRST_PARTY_CLIENT_IDS as readonly string[]).includes(clientId))
    return [{ kind: 'platform', name: names.get(clientId) ?? null }];
  return [{ kind: 'partner', name: names.get(clientId) ?? clientId }];
}

/**
 * GET /api/sessions?cursor=&limit=: the user's live sessions, most recently used first, one page
 * at a time (keyset), each with its device (name, browser, system, location, first connection,
 * live sessions) and whether it is the current one; plus the user's session and device counts.
 */
const list = defineRoute({
  method: 'GET',
  url: '/sessions',
  summary: "The user's sessions and devices",
  auth: 'user',
  query: sessionsQuerySchema,
  response: sessionsResponseSchema,
  handler: async function list({ query, auth, db, config, log }) {
    const after = decodeCursor(query.cursor, 2);
    // A cursor that is not ours is a bad request, not an empty page.
    if (query.cursor && !after) throw new ApiError('validation_failed', { fields: { cursor: 'invalid' } });
    const rows = await sessionPage(db, auth.userId, query.limit + 1, after as [bigint, bigint] | undefined);
    const page = rows.slice(0, query.limit);
    const deviceIds = page.map((row) => row.device_id);
    const [counts, devices, signIns, names] = await Promise.all([
      liveTotals(db, auth.userId),
      liveDevices(db, auth.userId, deviceIds),
      firstSignIns(db, auth.userId, deviceIds),
      clientNames(
        db,
        page.flatMap((row) => (row.client_id ? [row.client_id] : [])),
      ),
    ]);
    const data: SessionInfo[] = [];
    for (const row of page) {
      const device = describeUserAgent(row.user_agent);
      const total = devices.get(row.device_id);
      const firstSeen = [total?.firstAt, signIns.get(row.device_id), row.created_at]
        .filter((date): date is Date => date instanceof Date)
        .reduce((a, b) => (a.getTime() <= b.getTime() ? a : b));
      data.push({
        id: row.id,
        device_id: row.device_id,
        device_name: device.deviceName,
        device_type: device.deviceType,
        browser: device.browser,
        os: device.os,
        location: await locate(config.geoipDbPath, log, row.ip),
        created_at: row.created_at.toISOString(),
        last_seen_at: row.last_seen_at.toISOString(),
        expires_at: row.expires_at.toISOString(),
        first_connection_at: firstSeen.toISOString(),
        status: row.id === auth.sessionId ? 'current' : 'active',
        services: servicesOf(row.client_id, names),
        device_session_count: total?.count ?? 1,
      });
    }
    const last = page.at(-1);
    return {
      data,
      next_cursor: rows.length > query.limit && last ? encodeCursor([last.last_seen_us, last.id]) : null,
      session_count: counts.sessions,
      device_count: counts.devices,
    };
  },
});

/**
 * DELETE /api/sessions/{id}: ends one of the user's sessions; that device's next call answers 401.
 * Another user's session, or one already ended, is 404: nobody learns which ids exist.
 */
const revoke = defineRoute({
  method: 'DELETE',
  url: '/sessions/:id',
  summary: 'End one session',
  auth: 'user',
  params: sessionIdParamsSchema,
  body: emptySchema.optional(),
  status: 204,
  handler: async function revoke({ params, auth, request, reply, db }) {
    await db.transaction().execute(async (trx) => {
      const deviceId = await deleteUserSession(trx, auth.userId, params.id);
      if (!deviceId) throw new ApiError('not_found');
      await audit(
        trx,
        {
          kind: 'session.revoked',
          userId: auth.userId,
          edition: request.edition.id,
          detail: { session_id: params.id, current: params.id === auth.sessionId },
        },
        request,
      );
    });
    if (params.id === auth.sessionId) clearLoginCookie(request, reply);
    await afterPortalSessionsEnded(request);
  },
});

/** POST /api/sessions/logout-all: global logout, every session of the user ends, this one too. */
const logoutAll = defineRoute({
  method: 'POST',
  url: '/sessions/logout-all',
  summary: 'End every session',
  auth: 'user',
  body: emptySchema.optional(),
  response: logoutAllResponseSchema,
  handler: async function logoutAll({ auth, request, reply }) {
    return endOwnSessions(request, reply, async (trx) => {
      const count = await deleteAllUserSessions(trx, auth.userId);
      await audit(
        trx,
        {
          kind: 'session.revoked_all',
          userId: auth.userId,
          edition: request.edition.id,
          detail: { sessions_ended: count },
        },
        request,
      );
      return count;
    });
  },
});

/**
 * GET /api/session: the light check the SPA makes on navigation, on focus and while visible, to
 * learn within seconds that its session ended elsewhere (401); answers how long the session lasts
 * without use, for the idle warning. Not a sign of activity: the idle clock keeps running.
 */
const check = defineRoute({
  method: 'GET',
  url: '/session',
  summary: 'Check the session is alive, and how long it lasts unused',
  auth: 'user',
  whileRestricted: true,
  notActivity: true,
  response: sessionCheckResponseSchema,
  handler: async function check({ found, config }) {
    if (!found) throw new ApiError('unauthorized');
    const { sessionIdleSeconds, sessionMaxAgeSeconds } = config;
    const end = Math.min(
      found.lastSeenAt.getTime() + sessionIdleSeconds * 1000,
      found.createdAt.getTime() + sessionMaxAgeSeconds * 1000,
    );
    return { seconds_left: Math.max(0, Math.floor((end - Date.now()) / 1000)) };
  },
});

export const sessionRoutes = [list, revoke, logoutAll, check];
