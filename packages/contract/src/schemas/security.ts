import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';

// Security tab: sessions and devices, global logout, password change, security
// timeline and notifications. docs/decisions/0009-sessions-and-security-tab.md.

/** Page sizes of the session list and the timeline. */
export const SESSIONS_PAGE_DEFAULT = 20;
export const SESSIONS_PAGE_MAX = 100;
export const EVENTS_PAGE_DEFAULT = 20;
export const EVENTS_PAGE_MAX = 50;
/** Notifications listed at most in the notification area; the unread count stops at this. */
export const NOTIFICATIONS_MAX = 50;

/** An opaque keyset cursor (base64url), as answered in `next_cursor`. */
const cursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

export const pageQuerySchema = (fallback: number, max: number) =>
  z.object({
    cursor: cursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(max).default(fallback),
  });

export const sessionsQuerySchema = pageQuerySchema(SESSIONS_PAGE_DEFAULT, SESSIONS_PAGE_MAX);
export const eventsQuerySchema = pageQuerySchema(EVENTS_PAGE_DEFAULT, EVENTS_PAGE_MAX);

export const sessionIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * What a session was opened for: `portal` (this account portal), `platform` (a login for one of
 * the first-party platforms, client_id 2 or 51), or `partner` (a partner login; `name` is the
 * registered client's name, else its client_id).
 */
export const sessionServiceSchema = z.object({
  kind: z.enum(['portal', 'platform', 'partner']),
  name: z.string().nullable(),
});
export type SessionService = z.infer<typeof sessionServiceSchema>;

/** The Session or device entity of SPEC §3, one row per session with its device's totals. */
export const sessionSchema = z.object({
  id: z.number().int(),
  device_id: z.string(),
  /** A model name when the user agent tells one ("iPhone", "Pixel 8"), else null (unknown). */
  device_name: z.string().nullable(),
  device_type: z.enum(['desktop', 'mobile', 'tablet', 'tv', 'unknown']),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** City and country (ISO 3166 alpha-2) when a GeoIP database is configured and knows the address. */
  location: z.object({ city: z.string().nullable(), country: z.string().nullable() }).nullable(),
  /** This session's start, its last use, and the first connection of its device. */
  created_at: z.string(),
  last_seen_at: z.string(),
  /** When it ends unless used before: the earlier of its idle timeout and its absolute lifetime. */
  expires_at: z.string(),
  first_connection_at: z.string(),
  status: z.enum(['current', 'active']),
  services: z.array(sessionServiceSchema),
  /** Live sessions of this device. */
  device_session_count: z.number().int(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const sessionsResponseSchema = z.object({
  data: z.array(sessionSchema),
  next_cursor: z.string().nullable(),
  /** Live sessions of the user, all devices. */
  session_count: z.number().int(),
  device_count: z.number().int(),
});
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

export const logoutAllResponseSchema = z.object({ sessions_ended: z.number().int() });

/** Kinds of the timeline: the audit kinds a user can read about themselves. */
export const SECURITY_EVENT_KINDS = [
  'login.succeeded',
  'logout',
  'session.revoked',
  'session.revoked_all',
  'security.not_me',
  'mfa.added',
  'mfa.edited',
  'mfa.removed',
  'mfa.primary_changed',
  'recovery.regenerated',
  'recovery.used',
  'trusted_device.added',
  'trusted_device.revoked',
  'password.changed',
  'password.reset',
  'oauth.consent_granted',
  'oauth.grant_revoked',
  'contact.added',
  'contact.edited',
  'contact.removed',
  'contact.primary_changed',
  'iban.changed',
  'profile.changed',
  'fuzzion.merged',
  'fuzzion.refused',
  'passkey.added',
  'passkey.used',
  'passkey.removed',
  'account.suspended',
  'account.restored',
  // What the support desk did to the account (decision 0076), with the reason it gave.
  'staff.account_locked',
  'staff.account_unlocked',
  'staff.sessions_ended',
  'staff.password_reset_sent',
  'staff.mfa_reset_approved',
  'staff.closure_started',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const securityEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  created_at: z.string(),
  /** A sign-in from a device that had never signed in to this account before. */
  new_device: z.boolean(),
  /** The event came from the device making this request. */
  this_device: z.boolean(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  location: z.object({ city: z.string().nullable(), country: z.string().nullable() }).nullable(),
  /** Safe details: MFA method, client name, reason, counts. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventsResponseSchema = z.object({
  data: z.array(securityEventSchema),
  next_cursor: z.string().nullable(),
});

export const notMeRequestSchema = z.object({ event_id: z.number().int().positive().optional() }).strict();
export const notMeResponseSchema = z.object({ sessions_ended: z.number().int() });

/** POST /api/user/password: a password change from the Security tab (step-up first). */
export const changePasswordRequestSchema = z
  .object({
    current_password: z
      .string()
      .min(1)
      .max(PASSWORD_MAX_LENGTH * 4),
    password: z
      .string()
      .min(1)
      .max(PASSWORD_MAX_LENGTH * 4),
    /** ASVS 7.4.3: other sessions end unless the user unticks "Log out my other devices". */
    end_other_sessions: z.boolean().default(true),
  })
  .strict();
export const changePasswordResponseSchema = z.object({
  last_password_change: z.string(),
  sessions_ended: z.number().int(),
  notified: z.number().int(),
});

export const notificationsResponseSchema = z.object({
  /** Unread notifications, capped at NOTIFICATIONS_MAX. */
  unread: z.number().int(),
  data: z.array(securityEventSchema.extend({ read: z.boolean() })),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** Marks everything up to `up_to` (an event id; default: all) as read. */
export const notificationsReadRequestSchema = z
  .object({ up_to: z.number().int().positive().optional() })
  .strict();

/**
 * GET /api/session: the session is alive (else 401), and how long it lasts without use: the idle
 * lifetime from its last use, capped by its absolute end. The SPA's light session check.
 */
export const sessionCheckResponseSchema = z.object({ seconds_left: z.number().int().nonnegative() });
export type SessionCheckResponse = z.infer<typeof sessionCheckResponseSchema>;

/** POST /api/password/check: a new password as typed, before the form is sent. */
export const passwordCheckRequestSchema = z
  .object({
    password: z
      .string()
      .min(1)
      .max(PASSWORD_MAX_LENGTH * 4),
  })
  .strict();
/** Whether the password is on the blocklist of common passwords (DESIGN §4), as a save would find. */
export const passwordCheckResponseSchema = z.object({ common: z.boolean() });
