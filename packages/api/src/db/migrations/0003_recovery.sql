-- Recovery (issue 4): national register numbers of users and a minimal card registry, both used
-- by the forgot-username flow. Onboarding (card activation) extends the cards table.

-- Belgian (11 digits) or Luxembourg (13 digits) national register number, digits only. Not unique:
-- one person may hold duplicate accounts until they are merged (SPEC fuzzion flow).
ALTER TABLE users ADD COLUMN national_register_number text;
CREATE INDEX users_national_register_number ON users (edition, national_register_number)
  WHERE national_register_number IS NOT NULL;

-- Cards of SPEC §3: 16 digits beginning with 5065 (Luhn-valid), per edition. user_id is set once the
-- card is linked to an account; the holder's national register number comes with the card order.
CREATE TABLE cards (
  id                              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  edition                         text        NOT NULL,
  number                          text        NOT NULL CHECK (number ~ '^5065[0-9]{12}$'),
  user_id                         integer     REFERENCES users (id) ON DELETE SET NULL,
  holder_national_register_number text,
  status                          text        NOT NULL DEFAULT 'inactive'
                                  CHECK (status IN ('inactive', 'active', 'blocked', 'expired')),
  created_at                      timestamptz NOT NULL DEFAULT now(),
  updated_at                      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (edition, number)
);
CREATE INDEX cards_user ON cards (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX cards_holder ON cards (edition, holder_national_register_number)
  WHERE holder_national_register_number IS NOT NULL;
