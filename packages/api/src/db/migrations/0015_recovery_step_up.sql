-- A login with a recovery key is a fresh proof for the authenticator itself (issue 20,
-- docs/decisions/0038): its session starts with a step-up grant limited to re-setting up the
-- authenticator and regenerating its keys. NULL: a grant (if any) that serves every change.
ALTER TABLE sessions ADD COLUMN sudo_scope text;
