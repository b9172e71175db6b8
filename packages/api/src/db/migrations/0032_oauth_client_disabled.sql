-- An operator may disable an OAuth client without removing it (its registration stays, to be
-- enabled again): NULL while it works. A disabled client is unknown to the provider, and its
-- grants and tokens are revoked when it is disabled.
ALTER TABLE oauth_clients ADD COLUMN disabled_at timestamptz;
