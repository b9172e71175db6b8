-- Issue 21, docs/decisions/0063: the rate-limit counters are written by every password login (the
-- chained upsert, then the account counter's reset) and by every code, recovery and OAuth token
-- request. As an unlogged table they write no WAL, and a transaction that touches only them
-- commits without a WAL flush. After a crash of PostgreSQL (or on a promoted standby, where
-- unlogged tables are empty) the counters start again at zero: every window is at most an hour,
-- and that is the same single extra window a Redis outage or restart already allows (docs/
-- operations.md §12). Backups by pg_dump still carry the rows.
ALTER TABLE rate_limits SET UNLOGGED;
