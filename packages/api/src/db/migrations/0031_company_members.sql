-- Company administration (decision 0077): the company an account belongs to, read by the company
-- admin's people list and MFA-adoption chart through one index instead of a join over invitations
-- and cards; and invitations a company admin revoked.

-- NULL: an account of no customer company. Set when an invitation or a card of a company opens it.
ALTER TABLE users ADD COLUMN company_id integer REFERENCES companies (id);
-- migration-lint: allow index-without-concurrently because the column is new and NULL in every row: the partial index is empty and its build is one scan (migrations run in a transaction, where CONCURRENTLY cannot)
CREATE INDEX users_company ON users (company_id, id) WHERE company_id IS NOT NULL;

-- Accounts opened before this migration: the company of their invitation, else of their card.
UPDATE users SET company_id = invitations.company_id
  FROM invitations WHERE invitations.user_id = users.id AND users.company_id IS NULL;
UPDATE users SET company_id = cards.company_id
  FROM cards WHERE cards.user_id = users.id AND cards.company_id IS NOT NULL AND users.company_id IS NULL;

ALTER TABLE invitations ADD COLUMN revoked_at timestamptz;

-- The company's MFA policy, given to every member and to each new one: none, recommended
-- (mfa_customer: asked, may skip) or required (mfa_forced).
ALTER TABLE companies ADD COLUMN mfa_policy text NOT NULL DEFAULT 'none'
  CHECK (mfa_policy IN ('none', 'recommended', 'required'));
-- migration-lint: allow index-without-concurrently because invitations is a small table (one row per invited person, no history) and the build is one short scan (migrations run in a transaction, where CONCURRENTLY cannot)
CREATE INDEX invitations_company ON invitations (company_id, id);

-- A company admin's suspension and restore are announced as the lock and unlock they are.
CREATE OR REPLACE FUNCTION webhook_event_type(kind text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind
    WHEN 'onboarding.completed' THEN 'user.created'
    WHEN 'profile.updated' THEN 'user.updated'
    WHEN 'login.changed' THEN 'user.updated'
    WHEN 'account.locked' THEN 'user.locked'
    WHEN 'account.suspended' THEN 'user.locked'
    WHEN 'account.unlocked' THEN 'user.unlocked'
    WHEN 'account.restored' THEN 'user.unlocked'
    WHEN 'account.deleted' THEN 'user.deleted'
    WHEN 'password.changed' THEN 'password.changed'
    WHEN 'password.reset' THEN 'password.changed'
    WHEN 'mfa.added' THEN 'mfa.enabled'
    WHEN 'passkey.added' THEN 'mfa.enabled'
    WHEN 'mfa.removed' THEN 'mfa.disabled'
    WHEN 'passkey.removed' THEN 'mfa.disabled'
    WHEN 'mfa.reset' THEN 'mfa.reset'
    WHEN 'contact.added' THEN 'contact.added'
    WHEN 'contact.removed' THEN 'contact.removed'
    WHEN 'iban.changed' THEN 'iban.changed'
    WHEN 'session.revoked' THEN 'session.revoked'
    WHEN 'session.revoked_all' THEN 'session.revoked'
    WHEN 'fuzzion.merged' THEN 'account.merged'
    WHEN 'oauth.consent_granted' THEN 'consent.granted'
    WHEN 'oauth.grant_revoked' THEN 'consent.revoked'
    WHEN 'card.activated' THEN 'card.activated'
    WHEN 'invitation.accepted' THEN 'invitation.accepted'
  END
$$;
