import {
  eventsQuerySchema,
  NOTIFICATIONS_MAX,
  notificationsReadRequestSchema,
  notificationsResponseSchema,
  notMeRequestSchema,
  notMeResponseSchema,
  type SecurityEvent,
  securityEventsResponseSchema,
} from '@vestibule/contract/schemas/security';
import type { FastifyRequest } from 'fastify';
import { clientNames, endEverythingOfUser } from '../../account/sessions';
import { describeUserAgent } from '../../account/user-agent';
import { audit } from '../../db/audit';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { decodeCursor, encodeCursor, endOwnSessions, locate } from '../sessions/index';
import {
  type EventRow,
  eventPage,
  lastReadEventId,
  markRead,
  notificationEvents,
  userAgentsOf,
} from './events.queries';

/** Details a user may read back: never an IP, a token, a code or a target address. */
const SAFE_DETAIL_KEYS = [
  'method',
  'mfa',
  'reason',
  'sessions_ended',
  'client_id',
  'trusted_device',
  'current',
  // A company admin's suspension: the company's name and the reason it gave the person.
  'company',
  'why',
];

/** Audit rows as the timeline shows them: device, location and safe details. */
async function present(request: FastifyRequest, userId: number, rows: EventRow[]): Promise<SecurityEvent[]> {
  const { db, config, log } = request.server.ctx;
  const deviceIds = rows.flatMap((row) => (row.device_id ? [row.device_id] : []));
  const clientIds = rows.flatMap((row) =>
    typeof row.detail.client_id === 'string' ? [row.detail.client_id] : [],
  );
  const [agents, names] = await Promise.all([
    userAgentsOf(db, userId, deviceIds),
    clientNames(db, clientIds),
  ]);
  const events: SecurityEvent[] = [];
  for (const row of rows) {
    // A sign-in keeps its own user agent; other events borrow the device's newest one.
    const ownAgent = typeof row.detail.user_agent === 'string' ? row.detail.user_agent : undefined;
    const device = describeUserAgent(ownAgent ?? (row.device_id ? agents.get(row.device_id) : null));
    const detail: SecurityEvent['detail'] = {};
    for (const key of SAFE_DETAIL_KEYS) {
      const value = row.detail[key];
      if (['string', 'number', 'boolean'].includes(typeof value))
        detail[key] = value as string | number | boolean;
    }
    if (typeof detail.client_id === 'string')
      detail.client_name = names.get(detail.client_id) ?? detail.client_id;
    events.push({
      id: row.id,
      kind: row.kind,
      created_at: new Date(row.created_at).toISOString(),
      new_device: Boolean(row.new_device),
      this_device: row.device_id !== null && row.device_id === request.deviceId,
      browser: device.browser,
      os: device.os,
      // A staff action happened at the desk: its address is the staff member's, not the user's.
      location: row.kind.startsWith('staff.') ? null : await locate(config.geoipDbPath, log, row.ip),
      detail,
    });
  }
  return events;
}

/**
 * GET /api/security/events?cursor=&limit=: the security timeline from the audit log, newest first:
 * sign-ins (new devices marked), MFA, contact, password and IBAN changes, merges, revoked apps.
 */
const events = defineRoute({
  method: 'GET',
  url: '/security/events',
  summary: 'The security timeline',
  auth: 'user',
  query: eventsQuerySchema,
  response: securityEventsResponseSchema,
  handler: async function events({ query, auth, request, db }) {
    const before = decodeCursor(query.cursor, 1);
    if (query.cursor && !before) throw new ApiError('validation_failed', { fields: { cursor: 'invalid' } });
    const rows = await eventPage(db, auth.userId, query.limit + 1, before ? Number(before[0]) : undefined);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: await present(request, auth.userId, page),
      next_cursor: rows.length > query.limit && last ? encodeCursor([last.id]) : null,
    };
  },
});

/**
 * POST /api/security/not-me {event_id?}: "this was not me". Every session (this one too) and
 * trusted device ends, open challenges die; the SPA then sends the user to /forgot-password to
 * take the account back with a code sent to their own contact (docs/decisions/0009).
 */
const notMe = defineRoute({
  method: 'POST',
  url: '/security/not-me',
  summary: "Report a sign-in as not the user's",
  auth: 'user',
  body: notMeRequestSchema,
  response: notMeResponseSchema,
  handler: async function notMe({ body, auth, request, reply }) {
    return endOwnSessions(request, reply, async (trx) => {
      if (body.event_id !== undefined) {
        const event = await trx
          .selectFrom('audit_events')
          .select('id')
          .where('id', '=', body.event_id)
          .where('user_id', '=', auth.userId)
          .executeTakeFirst();
        if (!event) throw new ApiError('not_found');
      }
      const result = await endEverythingOfUser(trx, auth.userId);
      await audit(
        trx,
        {
          kind: 'security.not_me',
          userId: auth.userId,
          edition: request.edition.id,
          detail: {
            event_id: body.event_id ?? null,
            sessions_ended: result.sessions,
            trusted_devices_revoked: result.trustedDevices,
          },
        },
        request,
      );
      return result.sessions;
    });
  },
});

/** GET /api/notifications: the notification area, newest first, with the unread count. */
const notifications = defineRoute({
  method: 'GET',
  url: '/notifications',
  summary: "The user's notifications",
  auth: 'user',
  response: notificationsResponseSchema,
  handler: async function notifications({ auth, request, db }) {
    const [rows, readUpTo] = await Promise.all([
      notificationEvents(db, auth.userId, request.deviceId, NOTIFICATIONS_MAX),
      lastReadEventId(db, auth.userId),
    ]);
    const data = (await present(request, auth.userId, rows)).map((event) => ({
      ...event,
      read: event.id <= readUpTo,
    }));
    return { unread: data.filter((event) => !event.read).length, data };
  },
});

/** POST /api/notifications/read {up_to?}: marks the notifications up to that event as read. */
const read = defineRoute({
  method: 'POST',
  url: '/notifications/read',
  summary: 'Mark notifications as read',
  auth: 'user',
  body: notificationsReadRequestSchema.optional(),
  status: 204,
  handler: async function read({ body, auth, db }) {
    await markRead(db, auth.userId, body?.up_to);
  },
});

export const securityEventRoutes = [events, notMe, notifications, read];
