-- Third-party OAuth 2.0 / OpenID Connect (issue 8, docs/decisions/0007): registered clients, the
-- authorization server's artefacts (one table for every oidc-provider model), and signing keys.

-- A registered application. redirect_uris match exactly; scopes lists what it may request.
-- A confidential client keeps its secret encrypted with AES-256-GCM (security/secret-box.ts):
-- oidc-provider compares the presented secret with the stored one, so a hash would not do.
-- edition NULL: the client works on every edition's host.
CREATE TABLE oauth_clients (
  client_id     text PRIMARY KEY CHECK (client_id ~ '^[A-Za-z0-9._-]{1,64}$'),
  edition       text,
  name          text        NOT NULL,
  redirect_uris jsonb       NOT NULL,
  scopes        jsonb       NOT NULL,
  homepage      text,
  confidential  boolean     NOT NULL,
  secret_enc    text,
  auth_method   text        NOT NULL CHECK (auth_method IN ('none', 'client_secret_basic', 'client_secret_post')),
  first_party   boolean     NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (confidential = (secret_enc IS NOT NULL)),
  CHECK (confidential = (auth_method <> 'none'))
);

-- Every oidc-provider model (Grant, AuthorizationCode, AccessToken, RefreshToken, Interaction,
-- Session, ...) as one row: the payload plus the columns the adapter looks up by. account_id and
-- client_id are copied out of Grant payloads so that a user's grants can be listed and revoked.
CREATE TABLE oauth_payloads (
  model       text        NOT NULL,
  id          text        NOT NULL,
  payload     jsonb       NOT NULL,
  grant_id    text,
  uid         text,
  user_code   text,
  account_id  text,
  client_id   text,
  expires_at  timestamptz,
  consumed_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (model, id)
);
CREATE INDEX oauth_payloads_grant ON oauth_payloads (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_payloads_uid ON oauth_payloads (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_payloads_user_code ON oauth_payloads (model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oauth_payloads_account ON oauth_payloads (account_id, client_id) WHERE account_id IS NOT NULL;
CREATE INDEX oauth_payloads_expiry ON oauth_payloads (expires_at);

-- Signing keys (JWK, use 'sig') and cookie-signing keys ('cookie'), encrypted at rest. The newest
-- unretired key of a use signs; retired keys stay published for verification until pruned.
CREATE TABLE oauth_keys (
  kid        text PRIMARY KEY,
  use        text        NOT NULL CHECK (use IN ('sig', 'cookie')),
  key_enc    text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);
CREATE INDEX oauth_keys_use ON oauth_keys (use, created_at DESC);
