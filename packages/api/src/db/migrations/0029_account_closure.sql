-- Closing an account (GDPR Art. 17, decision 0079): a closure starts a grace period during which
-- the account cannot sign in but can be kept; after it the personal data is erased and the users
-- row stays as a pseudonymous tombstone that the audit trail still points to. Also the optional
-- messages the account chose (the new-device alert).

-- While an account is closing: the moment its data is erased (NULL when not closing).
ALTER TABLE users ADD COLUMN closes_at timestamptz;
-- Once the data is erased: the row holds no personal value, nobody can sign in to it.
ALTER TABLE users ADD COLUMN erased_at timestamptz;
-- The "new sign-in from a new device" e-mail, which the user may turn off.
ALTER TABLE users ADD COLUMN notify_new_device boolean NOT NULL DEFAULT true;

CREATE TABLE account_closures (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id           integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  requested_at      timestamptz NOT NULL DEFAULT now(),
  erase_after       timestamptz NOT NULL,
  -- SHA-256 of the cancel link's token (the link is in the closing e-mail only).
  cancel_token_hash text        NOT NULL UNIQUE,
  requested_by      text        NOT NULL CHECK (requested_by IN ('user', 'staff')),
  -- Support's closure: who, in which role, why, under which ticket.
  staff_actor       text,
  staff_role        text,
  reason            text,
  ticket            text,
  cancelled_at      timestamptz,
  erased_at         timestamptz,
  CHECK (requested_by = 'user' OR (staff_actor IS NOT NULL AND reason IS NOT NULL))
);
-- One closure under way per account.
CREATE UNIQUE INDEX account_closures_open ON account_closures (user_id)
  WHERE cancelled_at IS NULL AND erased_at IS NULL;
-- The erasure job's queue.
CREATE INDEX account_closures_due ON account_closures (erase_after)
  WHERE cancelled_at IS NULL AND erased_at IS NULL;

-- The erasure's audit kind, account.deleted, is announced as user.deleted by webhook_event_type
-- since 0025: the trigger function needs no change.
