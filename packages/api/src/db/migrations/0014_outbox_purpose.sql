-- What each message is for (issue 22, decision 0044): `login_code`, `iban_changed`, … as in
-- delivery/messages/purposes.ts. Rows written before, and messages enqueued without a purpose,
-- keep NULL. The dev inbox and the crash checks tell messages apart by it, never by their text.
ALTER TABLE outbox ADD COLUMN purpose text;
