-- Card data unreadable at rest (decision 0067): card numbers, national register numbers and IBANs
-- are sealed with the secret box (AES-256-GCM, `v2:<key id>:…`), and the identifiers that are
-- looked up get a blind index (HMAC-SHA-256 of the normalised value under a key derived from the
-- encryption key). The values stay in their columns; the server seals rows written before this
-- migration at start, in batches (operations/sealed-columns.ts), as `keys rotate` does.

-- A sealed card number is no longer 16 digits, and its uniqueness moves to the blind index.
ALTER TABLE cards DROP CONSTRAINT cards_number_check;
ALTER TABLE cards DROP CONSTRAINT cards_edition_number_key;
ALTER TABLE cards ADD COLUMN number_index text;
ALTER TABLE cards ADD COLUMN holder_nrn_index text;
-- migration-lint: allow index-without-concurrently because the column is new and NULL in every row: the partial index is empty and its build is one scan (migrations run in a transaction, where CONCURRENTLY cannot)
CREATE UNIQUE INDEX cards_number_index ON cards (edition, number_index) WHERE number_index IS NOT NULL;
DROP INDEX cards_holder;
-- migration-lint: allow index-without-concurrently because the column is new and NULL in every row: the partial index is empty and its build is one scan (migrations run in a transaction, where CONCURRENTLY cannot)
CREATE INDEX cards_holder_nrn_index ON cards (edition, holder_nrn_index) WHERE holder_nrn_index IS NOT NULL;

ALTER TABLE users ADD COLUMN national_register_number_index text;
DROP INDEX users_national_register_number;
-- migration-lint: allow index-without-concurrently because the column is new and NULL in every row: the partial index is empty and its build is one scan (migrations run in a transaction, where CONCURRENTLY cannot)
CREATE INDEX users_nrn_index ON users (edition, national_register_number_index)
  WHERE national_register_number_index IS NOT NULL;

-- The key a recovery key was hashed under: a hash cannot be re-made without the key in clear, so
-- `keys status` counts what an old key still verifies before it is dropped (null: before key ids).
ALTER TABLE totp_recovery_keys ADD COLUMN key_id text;
