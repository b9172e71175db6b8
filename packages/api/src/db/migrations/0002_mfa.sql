-- MFA (issue 3): methods, authenticator recovery keys, one-time-code challenges, trusted devices,
-- and the step-up (sudo) state of a session.

-- A set-up MFA method. sms and email carry their target; totp carries its secret, encrypted with
-- AES-256-GCM (DESIGN §4), and the last accepted time step so that a code is accepted once.
CREATE TABLE mfa_methods (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  method         text        NOT NULL CHECK (method IN ('sms', 'email', 'totp')),
  target         text,
  secret_enc     text,
  last_totp_step bigint,
  is_primary     boolean     NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((method = 'totp') = (secret_enc IS NOT NULL)),
  CHECK ((method = 'totp') = (target IS NULL))
);
CREATE INDEX mfa_methods_user ON mfa_methods (user_id);
CREATE UNIQUE INDEX mfa_methods_one_primary ON mfa_methods (user_id) WHERE is_primary;
CREATE UNIQUE INDEX mfa_methods_one_totp ON mfa_methods (user_id) WHERE method = 'totp';
CREATE UNIQUE INDEX mfa_methods_target ON mfa_methods (user_id, method, target) WHERE target IS NOT NULL;

-- Authenticator recovery keys: stored hashed, single use; they die with their authenticator.
CREATE TABLE totp_recovery_keys (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  method_id  integer     NOT NULL REFERENCES mfa_methods (id) ON DELETE CASCADE,
  key_hash   text        NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX totp_recovery_keys_user ON totp_recovery_keys (user_id);

-- One-time-code challenges (docs/decisions/0005): the uuid is the opaque payload the SPA holds.
CREATE TABLE code_challenges (
  id           uuid        PRIMARY KEY,
  purpose      text        NOT NULL,
  user_id      integer     REFERENCES users (id) ON DELETE CASCADE,
  edition      text        NOT NULL,
  channel      text        CHECK (channel IN ('sms', 'email', 'totp', 'totpRecovery')),
  target       text,
  method_id    integer     REFERENCES mfa_methods (id) ON DELETE CASCADE,
  parent_id    uuid        REFERENCES code_challenges (id) ON DELETE CASCADE,
  code_hash    text,
  attempts     integer     NOT NULL DEFAULT 0,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz,
  last_sent_at timestamptz,
  resend_count integer     NOT NULL DEFAULT 0,
  session_id   integer     REFERENCES sessions (id) ON DELETE CASCADE,
  device_id    uuid,
  data         jsonb       NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX code_challenges_user ON code_challenges (user_id, created_at DESC);
CREATE INDEX code_challenges_expiry ON code_challenges (expires_at);

-- A device the user trusted at login: it skips MFA until expires_at (docs/decisions/0006).
CREATE TABLE trusted_devices (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_id    uuid        NOT NULL,
  user_agent   text,
  ip           text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  UNIQUE (user_id, device_id)
);

-- Step-up: the elevated state of a session and whether it serves one sensitive change only;
-- client_id of the login, for the forced-MFA rule (SPEC §6: absent, 2 or 51).
ALTER TABLE sessions
  ADD COLUMN sudo_until  timestamptz,
  ADD COLUMN sudo_single boolean NOT NULL DEFAULT false,
  ADD COLUMN client_id   text;
