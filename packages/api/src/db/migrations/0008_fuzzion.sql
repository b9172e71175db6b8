-- Account merge ("fuzzion", issue 9, docs/decisions/0012-fuzzion.md): the server-owned state of
-- one merge offer. Its uuid is the payload the SPA holds (sessionStorage fuzzion_payload).
CREATE TABLE fuzzion_flows (
  id                uuid        PRIMARY KEY,
  edition           text        NOT NULL,
  -- The signed-in account that verified the contact: it survives a merge.
  user_id           integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The account that already owned the contact.
  other_user_id     integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id        integer     NOT NULL,
  method            text        NOT NULL CHECK (method IN ('sms', 'email')),
  target            text        NOT NULL,
  step              text        NOT NULL DEFAULT 'code'
                    CHECK (step IN ('code', 'ownership', 'decision', 'reject', 'merged', 'refused', 'ignored', 'failed', 'changed')),
  -- Digest of the other account when the offer was made: a change meanwhile voids the offer.
  other_fingerprint text        NOT NULL,
  failures          integer     NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  completed_at      timestamptz
);

CREATE INDEX fuzzion_flows_user ON fuzzion_flows (user_id);
CREATE INDEX fuzzion_flows_other_user ON fuzzion_flows (other_user_id);
