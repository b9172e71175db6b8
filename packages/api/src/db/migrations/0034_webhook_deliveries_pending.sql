-- migrate: outside-transaction
-- The webhook worker claims the oldest pending deliveries by id. Without an index of the pending
-- ones in that order it walked the primary key past every delivered row kept for 30 days, at each
-- claim: a claim cost grew with the delivery log, and a backlog drained in quadratic time.
CREATE INDEX CONCURRENTLY IF NOT EXISTS webhook_deliveries_pending ON webhook_deliveries (id) WHERE status = 'pending';
