-- Webhooks (Standard Webhooks): subscriptions, and one delivery per event and subscription,
-- written by a trigger in the transaction of the audit row that records the event, so an event is
-- announced exactly when its change commits (the transactional outbox of DESIGN §5).

CREATE TABLE webhook_subscriptions (
  id                     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  url                    text        NOT NULL,
  description            text        NOT NULL DEFAULT '',
  -- NULL: the events of both editions.
  edition                text        CHECK (edition IN ('general', 'lu')),
  event_types            text[]      NOT NULL,
  secret_sealed          text        NOT NULL,
  -- SHA-256 of the secret: the same secret is never given to two subscriptions.
  secret_hash            text        NOT NULL UNIQUE,
  -- After a rotation the previous secret signs too, until it expires (receivers switch over).
  previous_secret_sealed text,
  previous_secret_until  timestamptz,
  enabled                boolean     NOT NULL DEFAULT true,
  disabled_reason        text,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  id               bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The webhook-id header: the same for every subscription of one event (receivers deduplicate).
  message_id       text        NOT NULL,
  subscription_id  integer     NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  -- Deliveries of one account to one subscription leave in order; 0 for events of no account.
  account_id       integer     NOT NULL,
  event_type       text        NOT NULL,
  payload          jsonb       NOT NULL,
  status           text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts         integer     NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  locked_until     timestamptz,
  last_status      integer,
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  delivered_at     timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_order ON webhook_deliveries (subscription_id, account_id, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (subscription_id, id DESC);

-- The delivery log: every attempt, its answer and how long it took.
CREATE TABLE webhook_attempts (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id  bigint      NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  status_code  integer,
  duration_ms  integer     NOT NULL,
  error        text
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);

-- The public event type of an audit kind; NULL for kinds that are not announced.
CREATE FUNCTION webhook_event_type(kind text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind
    WHEN 'onboarding.completed' THEN 'user.created'
    WHEN 'profile.updated' THEN 'user.updated'
    WHEN 'login.changed' THEN 'user.updated'
    WHEN 'account.locked' THEN 'user.locked'
    WHEN 'account.unlocked' THEN 'user.unlocked'
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

-- One delivery per enabled subscription that takes the event. The payload carries ids, the edition
-- and the names of what changed: only these keys of the audit detail, never a value a person typed,
-- a secret, a code or an account number.
CREATE FUNCTION enqueue_webhook_deliveries() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  event_type text := webhook_event_type(NEW.kind);
BEGIN
  INSERT INTO webhook_deliveries (message_id, subscription_id, account_id, event_type, payload)
  SELECT 'msg_' || NEW.id, s.id, coalesce(NEW.user_id, 0), event_type,
         jsonb_build_object(
           'type', event_type,
           'timestamp', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'data', jsonb_build_object('account_id', NEW.user_id, 'edition', NEW.edition, 'event_id', NEW.id)
             || coalesce((SELECT jsonb_object_agg(key, value) FROM jsonb_each(NEW.detail)
                          WHERE key IN ('fields', 'kind', 'method', 'reason', 'client_id', 'scopes',
                                        'sessions_ended', 'card_id', 'into', 'outcome')), '{}'::jsonb))
  FROM webhook_subscriptions s
  WHERE s.enabled AND event_type = ANY (s.event_types) AND (s.edition IS NULL OR s.edition = NEW.edition);
  RETURN NULL;
END
$$;

CREATE TRIGGER audit_events_webhooks AFTER INSERT ON audit_events
  FOR EACH ROW WHEN (webhook_event_type(NEW.kind) IS NOT NULL)
  EXECUTE FUNCTION enqueue_webhook_deliveries();
