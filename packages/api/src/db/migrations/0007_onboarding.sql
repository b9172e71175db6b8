-- Onboarding (issue 5, docs/decisions/0011-onboarding.md): the card registry (extending 0003's
-- cards), customer companies, e-mail invitations, onboarding flows and stored consents.

-- Customer companies that order cards for their employees and invite them.
CREATE TABLE companies (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  edition    text        NOT NULL,
  name       text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (edition, name)
);

-- Issued cards: issuing company, holder, activation code (Luxembourg edition; stored as its SHA-256,
-- it is a bearer secret of ~55 bits). Status `held`: the card processor refuses to activate the card
-- for now (e.g. identity check pending); it can be linked to an account and activated later.
ALTER TABLE cards
  ADD COLUMN company_id           integer REFERENCES companies (id),
  ADD COLUMN activation_code_hash text,
  ADD COLUMN holder_firstname     text,
  ADD COLUMN holder_lastname      text,
  ADD COLUMN holder_birthdate     date,
  ADD COLUMN activated_at         timestamptz;
ALTER TABLE cards DROP CONSTRAINT cards_status_check;
ALTER TABLE cards ADD CONSTRAINT cards_status_check
  CHECK (status IN ('inactive', 'active', 'blocked', 'expired', 'held'));
CREATE UNIQUE INDEX cards_activation_code ON cards (activation_code_hash) WHERE activation_code_hash IS NOT NULL;

-- E-mail invitations: the code is sent once and stored as its SHA-256.
CREATE TABLE invitations (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  edition    text        NOT NULL,
  code_hash  text        NOT NULL UNIQUE,
  email      text        NOT NULL,
  company_id integer     NOT NULL REFERENCES companies (id),
  firstname  text,
  lastname   text,
  language   text        NOT NULL DEFAULT 'en',
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  user_id    integer     REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invitations_email ON invitations (edition, email);

-- A sign-up in progress. The account (users row) is created only by the last step, in one
-- transaction; until then everything lives here and expires with the row.
CREATE TABLE onboarding_flows (
  id                uuid        PRIMARY KEY,
  edition           text        NOT NULL,
  kind              text        NOT NULL CHECK (kind IN ('card', 'activation_code', 'invitation')),
  step              text        NOT NULL CHECK (step IN ('terms', 'create', 'email', 'phone', 'password', 'done')),
  device_id         uuid        NOT NULL,
  language          text        NOT NULL,
  card_id           integer     REFERENCES cards (id) ON DELETE CASCADE,
  invitation_id     integer     REFERENCES invitations (id) ON DELETE CASCADE,
  firstname         text,
  lastname          text,
  email             text,
  email_verified_at timestamptz,
  phone             text,
  phone_verified_at timestamptz,
  terms_version     text,
  privacy_version   text,
  terms_language    text,
  terms_accepted_at timestamptz,
  marketing_email   boolean     NOT NULL DEFAULT false,
  marketing_sms     boolean     NOT NULL DEFAULT false,
  user_id           integer     REFERENCES users (id) ON DELETE SET NULL,
  outcome           text        CHECK (outcome IN ('card_activated', 'card_failed', 'code_only')),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  completed_at      timestamptz,
  CHECK ((kind = 'invitation') = (invitation_id IS NOT NULL)),
  CHECK ((kind = 'invitation') = (card_id IS NULL))
);
-- A card or an invitation opens one account, ever: a second completed flow cannot exist.
CREATE UNIQUE INDEX onboarding_flows_card_once ON onboarding_flows (card_id)
  WHERE completed_at IS NOT NULL;
CREATE UNIQUE INDEX onboarding_flows_invitation_once ON onboarding_flows (invitation_id)
  WHERE completed_at IS NOT NULL;
CREATE INDEX onboarding_flows_expiry ON onboarding_flows (expires_at);

-- Consents given (terms, privacy: required; marketing by e-mail and SMS: optional), with the
-- version and language of the text and the time.
CREATE TABLE user_consents (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind       text        NOT NULL CHECK (kind IN ('terms', 'privacy', 'marketing_email', 'marketing_sms')),
  granted    boolean     NOT NULL,
  version    text,
  language   text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_consents_user ON user_consents (user_id, kind, created_at DESC);
