-- Security tab (issue 7): devices and sessions, security timeline, notifications.
-- docs/decisions/0009-sessions-and-security-tab.md

-- Totals per device for the session list (count and first connection of the devices on a page).
CREATE INDEX sessions_user_device ON sessions (user_id, device_id, created_at);

-- The timeline and the notifications read a user's audit rows newest first by id (keyset).
CREATE INDEX audit_events_user_id ON audit_events (user_id, id DESC);

-- "New device": a sign-in is the device's first when no earlier sign-in of the user has its id.
CREATE INDEX audit_events_user_login_device ON audit_events (user_id, device_id, id)
  WHERE kind = 'login.succeeded';

-- How far a user has read the notification area: every event id up to this one is read.
CREATE TABLE security_notification_reads (
  user_id            integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_read_event_id integer     NOT NULL DEFAULT 0,
  updated_at         timestamptz NOT NULL DEFAULT now()
);
