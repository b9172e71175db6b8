-- SCIM 2.0 for the customer companies' HR systems (docs/decisions/0078-scim.md): bearer tokens per
-- company, and the company's record of each person it provisioned (an invitation, then the account
-- the invitation opened).

-- A token is shown once; only its SHA-256 is kept. Revoked tokens stay listed (who, when).
CREATE TABLE scim_tokens (
  id           integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id   integer     NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  token_hash   text        NOT NULL UNIQUE,
  label        text        NOT NULL DEFAULT '',
  created_by   text        NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at   timestamptz
);
CREATE INDEX scim_tokens_company ON scim_tokens (company_id, id);

-- One row per person a company provisioned. The account is the one its invitation opened
-- (invitations.user_id): a SCIM request never links an existing account by its e-mail.
CREATE TABLE scim_users (
  id             uuid        PRIMARY KEY,
  company_id     integer     NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  edition        text        NOT NULL,
  user_name      text        NOT NULL,
  external_id    text,
  email          text        NOT NULL,
  given_name     text,
  family_name    text,
  language       text,
  active         boolean     NOT NULL DEFAULT true,
  invitation_id  integer     REFERENCES invitations (id) ON DELETE SET NULL,
  -- Whether SCIM locked the account (a deactivation); reactivation lifts only its own lock.
  locked_account boolean     NOT NULL DEFAULT false,
  version        integer     NOT NULL DEFAULT 1,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
-- userName is unique per company and compared without case (RFC 7643 §4.1.1, caseExact false);
-- text_pattern_ops lets the same index answer `eq` and `sw` (a LIKE 'prefix%').
CREATE UNIQUE INDEX scim_users_user_name ON scim_users (company_id, lower(user_name) text_pattern_ops);
CREATE UNIQUE INDEX scim_users_external_id ON scim_users (company_id, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX scim_users_email ON scim_users (company_id, lower(email) text_pattern_ops);
CREATE INDEX scim_users_invitation ON scim_users (invitation_id);
