-- Administration (decision 0076): staff roles on accounts, MFA-reset requests decided by a second
-- person, the staff actor on audit rows, and a folded name that account search can find by prefix.

-- A role an account holds at the desk. edition NULL: both editions. A company admin is scoped to
-- one company (whose edition it is); the other roles to no company.
CREATE TABLE staff_roles (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role       text        NOT NULL CHECK (role IN ('support', 'security', 'operator', 'company-admin')),
  edition    text        CHECK (edition IN ('general', 'lu')),
  company_id integer     REFERENCES companies (id) ON DELETE CASCADE,
  granted_by text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((role = 'company-admin') = (company_id IS NOT NULL))
);
CREATE UNIQUE INDEX staff_roles_grant ON staff_roles (user_id, role, coalesce(edition, '*'), coalesce(company_id, 0));
CREATE INDEX staff_roles_company ON staff_roles (company_id) WHERE company_id IS NOT NULL;

-- Support asks, security decides (four eyes: never the requester). The identity check support made
-- is recorded (which proofs matched), never the proofs themselves.
CREATE TABLE mfa_reset_requests (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  edition          text        NOT NULL,
  -- A staff account ('user:<id>') or a machine client ('client:<id>').
  requested_by     text        NOT NULL,
  identity_checked jsonb       NOT NULL,
  reason           text        NOT NULL,
  ticket           text,
  status           text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused')),
  decided_by       text,
  decision_reason  text,
  decision_ticket  text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  decided_at       timestamptz,
  CHECK ((status = 'pending') = (decided_by IS NULL))
);
-- One open request per account: a second one would be decided twice.
CREATE UNIQUE INDEX mfa_reset_requests_open ON mfa_reset_requests (user_id) WHERE status = 'pending';
CREATE INDEX mfa_reset_requests_queue ON mfa_reset_requests (edition, status, id DESC);

-- The factor that gave a session its step-up grant: a staff change needs an authenticator app or
-- a passkey, never an SMS or e-mail code.
ALTER TABLE sessions ADD COLUMN sudo_method text;

-- Who at the desk did it: actor 'user:<id>' or 'client:<id>', and the role acted in. Reason and
-- ticket stay in the detail. Nullable without default: no rewrite of the audit table.
ALTER TABLE audit_events ADD COLUMN actor text;
ALTER TABLE audit_events ADD COLUMN actor_role text;
-- migration-lint: allow index-without-concurrently because the column is new and NULL in every row: the partial index is empty and its build is one scan (migrations run in a transaction, where CONCURRENTLY cannot)
CREATE INDEX audit_events_actor ON audit_events (actor, id DESC) WHERE actor IS NOT NULL;
-- Name search by prefix, accent- and case-insensitive, on PGlite and PostgreSQL alike: no extension,
-- one immutable folding function (lower case, Latin accents off) used by the trigger and the query.
CREATE FUNCTION fold_name(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(coalesce(value, ''),
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy'))
$$;

-- "lastname firstname" and "firstname lastname", folded, byte-ordered (COLLATE "C") so one btree
-- answers a prefix LIKE and its keyset order. NULL until written: the server fills older rows in
-- batches at start (operations/search-names.ts); the trigger keeps every write right.
ALTER TABLE users ADD COLUMN search_name text COLLATE "C";
ALTER TABLE users ADD COLUMN search_name_first text COLLATE "C";
-- migration-lint: allow index-without-concurrently because the column is new and NULL in every row: the partial index is empty and its build is one scan (migrations run in a transaction, where CONCURRENTLY cannot)
CREATE INDEX users_search_name ON users (search_name, id) WHERE search_name IS NOT NULL;
-- migration-lint: allow index-without-concurrently because the column is new and NULL in every row: the partial index is empty and its build is one scan (migrations run in a transaction, where CONCURRENTLY cannot)
CREATE INDEX users_search_name_first ON users (search_name_first, id) WHERE search_name_first IS NOT NULL;

CREATE FUNCTION users_search_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := fold_name(trim(coalesce(NEW.lastname, '') || ' ' || coalesce(NEW.firstname, '')));
  NEW.search_name_first := fold_name(trim(coalesce(NEW.firstname, '') || ' ' || coalesce(NEW.lastname, '')));
  RETURN NEW;
END
$$;
CREATE TRIGGER users_search_names BEFORE INSERT OR UPDATE OF firstname, lastname ON users
  FOR EACH ROW EXECUTE FUNCTION users_search_names();
