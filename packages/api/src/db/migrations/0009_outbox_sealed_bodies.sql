-- Message bodies sealed at rest (secret box, AES-256-GCM) and dropped once delivered: a one-time
-- code is never readable in the outbox table (issue 16, decision 0017). Rows written before this
-- migration keep body_sealed = false until the server seals them at start (delivery/sealed-body.ts).
ALTER TABLE outbox ALTER COLUMN body_text DROP NOT NULL;
ALTER TABLE outbox ADD COLUMN body_sealed boolean NOT NULL DEFAULT false;
-- The purge looks for delivered rows whose bodies are still there, and for old finished rows.
CREATE INDEX outbox_finished ON outbox (created_at) WHERE status <> 'pending';
