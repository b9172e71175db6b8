-- OpenID Connect conformance (issue 19, docs/decisions/0030-0033): truthful auth_time and amr,
-- registered response modes and logout addresses, and the link that lets a portal session's end
-- reach the relying parties (Back-Channel Logout 1.0).

-- When and how the session's user last really authenticated (the login that opened it): the ID
-- token's auth_time and amr (RFC 8176 values: pwd, otp, sms, mfa).
ALTER TABLE sessions ADD COLUMN authenticated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE sessions ADD COLUMN amr jsonb NOT NULL DEFAULT '["pwd"]'::jsonb;
UPDATE sessions SET authenticated_at = created_at;

-- Response modes a client may use (query, fragment, form_post); logout addresses it registered.
ALTER TABLE oauth_clients ADD COLUMN response_modes jsonb NOT NULL DEFAULT '["query"]'::jsonb;
ALTER TABLE oauth_clients ADD COLUMN post_logout_redirect_uris jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE oauth_clients ADD COLUMN backchannel_logout_uri text;

-- The authorization server's browser session (oidc-provider Session uid) and the portal session
-- it rode on. When the portal session ends, its linked sessions end and their clients are told.
CREATE TABLE oauth_session_links (
  session_uid       text PRIMARY KEY,
  portal_session_id integer     NOT NULL,
  issuer            text        NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_session_links_portal ON oauth_session_links (portal_session_id);
