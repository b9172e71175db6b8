-- Issue 21, docs/decisions/0058: every refresh writes two token rows (the new refresh and access
-- tokens). The account index serves only the grant listings and revocations by user, which all
-- ask for model = 'Grant'; token rows no longer maintain it.
DROP INDEX oauth_payloads_account;
CREATE INDEX oauth_payloads_account ON oauth_payloads (account_id, client_id) WHERE model = 'Grant';
