-- Security review (docs/decisions/0068). A trusted device proves a secret kept in an HttpOnly
-- cookie: its SHA-256 lives here and rotates at each use. Rows trusted before have none and stop
-- skipping MFA: their browsers never held a secret.
ALTER TABLE trusted_devices ADD COLUMN secret_hash text;

-- The invitee's "this was not me" code, sent when their invitation opened an account on another
-- e-mail: its SHA-256 and the account it freezes; deleted when used. A table of its own: a
-- unique column on invitations would build its index under lock.
CREATE TABLE invitee_not_me_codes (
  code_hash     text        PRIMARY KEY,
  invitation_id integer     NOT NULL REFERENCES invitations (id) ON DELETE CASCADE,
  user_id       integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  edition       text        NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- Single-use, short-lived codes that hand a login over to the SPA in the URL hash (`#token=`):
-- the code, never a session token, travels in the link, and the SPA trades it for a session of
-- its own after the user confirmed the account.
CREATE TABLE handover_codes (
  code_hash  text        PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  edition    text        NOT NULL,
  client_id  text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX handover_codes_expires ON handover_codes (expires_at);
