-- Passkeys (issue 23, docs/decisions/0047-passkeys.md): WebAuthn credentials bound to one
-- edition's relying party (its public host). The credential id is unique per edition; the public
-- key is the COSE key (base64url), the signature counter and the backup flags are those of the
-- last verified use.
CREATE TABLE passkeys (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  edition        text        NOT NULL,
  credential_id  text        NOT NULL,
  public_key     text        NOT NULL,
  -- The WebAuthn user handle (base64url), one per account: the authenticator keeps one
  -- discoverable credential per account and relying party.
  user_handle    text        NOT NULL,
  sign_count     bigint      NOT NULL DEFAULT 0,
  transports     jsonb       NOT NULL DEFAULT '[]'::jsonb,
  device_type    text        NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up      boolean     NOT NULL,
  aaguid         text,
  name           text        NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_used_at   timestamptz,
  UNIQUE (edition, credential_id)
);
CREATE INDEX passkeys_user ON passkeys (user_id);
