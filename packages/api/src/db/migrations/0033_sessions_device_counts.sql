-- migrate: outside-transaction
-- The sessions page counts a user's live sessions per device at every visit: with expires_at in
-- the index, that count reads the index alone, not each session's row (10,000 of them for some
-- users). The new index answers every query the old one did (same key columns), so the old goes.
CREATE INDEX CONCURRENTLY IF NOT EXISTS sessions_user_device_live ON sessions (user_id, device_id, created_at) INCLUDE (expires_at);
DROP INDEX CONCURRENTLY IF EXISTS sessions_user_device;
