-- Issue 21 (docs/decisions/0042): the algorithm of a client's ID tokens (and logout tokens).
-- RS256 stays the default, for every client registered before and any that needs it; a client
-- that accepts ES256 is registered for it: a P-256 signature costs a fraction of a 2048-bit RSA
-- one, which bounds OAuth refreshes with rotation (each answers a new ID token).
ALTER TABLE oauth_clients ADD COLUMN id_token_signed_response_alg text NOT NULL DEFAULT 'RS256'
  CHECK (id_token_signed_response_alg IN ('RS256', 'ES256'));
