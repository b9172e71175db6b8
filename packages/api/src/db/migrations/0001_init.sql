-- Accounts, their contacts, first-party sessions, audit trail, outbox, rate limits, settings.

CREATE TABLE users (
  id                   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  edition              text        NOT NULL,
  firstname            text,
  lastname             text,
  gender               text CHECK (gender IN ('female', 'male', 'other')),
  birthdate            date,
  language             text        NOT NULL DEFAULT 'en',
  password_hash        text,
  password_status      integer     NOT NULL DEFAULT 0,
  last_password_change timestamptz,
  mfa_forced           boolean     NOT NULL DEFAULT false,
  mfa_customer         boolean     NOT NULL DEFAULT false,
  user_id              text,
  customer_user_id     text,
  fridom_user_id       text,
  iban                 text,
  country              text,
  locked_at            timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now()
);

-- An e-mail or phone belongs to one account per edition (DESIGN §2); one primary each per user.
CREATE TABLE user_emails (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  edition     text        NOT NULL,
  address     text        NOT NULL,
  is_default  boolean     NOT NULL DEFAULT false,
  verified_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (edition, address)
);
CREATE INDEX user_emails_user ON user_emails (user_id);
CREATE UNIQUE INDEX user_emails_one_default ON user_emails (user_id) WHERE is_default;

CREATE TABLE user_phones (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  edition     text        NOT NULL,
  number      text        NOT NULL,
  is_default  boolean     NOT NULL DEFAULT false,
  verified_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (edition, number)
);
CREATE INDEX user_phones_user ON user_phones (user_id);
CREATE UNIQUE INDEX user_phones_one_default ON user_phones (user_id) WHERE is_default;

-- Opaque bearer tokens are stored only as their SHA-256 (DESIGN §4).
CREATE TABLE sessions (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash   text        NOT NULL UNIQUE,
  device_id    uuid        NOT NULL,
  user_agent   text,
  ip           text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_user_recent ON sessions (user_id, last_seen_at DESC);

CREATE TABLE audit_events (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer REFERENCES users (id) ON DELETE SET NULL,
  edition    text        NOT NULL,
  kind       text        NOT NULL,
  detail     jsonb       NOT NULL DEFAULT '{}'::jsonb,
  ip         text,
  device_id  text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_user_recent ON audit_events (user_id, created_at DESC);

-- Transactional outbox (DESIGN §5): written with the change that needs the message.
CREATE TABLE outbox (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel         text        NOT NULL CHECK (channel IN ('email', 'sms')),
  edition         text        NOT NULL,
  recipient       text        NOT NULL,
  subject         text,
  body_text       text        NOT NULL,
  body_html       text,
  status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        integer     NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';

-- Fixed-window counters shared by every instance when no Redis is configured.
CREATE TABLE rate_limits (
  key      text PRIMARY KEY,
  count    integer     NOT NULL,
  reset_at timestamptz NOT NULL
);

CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      jsonb       NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
