-- The watchlist views show each watchlist's recent collection cycles (issue 11, the dashboard):
-- a cycle is the collection tasks one planning queued together (one transaction, so one
-- created_at), read newest first per watchlist. Without this index every watchlist of a listing
-- would scan its team's whole task history.
CREATE INDEX tasks_by_watchlist ON tasks (watchlist_id, created_at DESC) WHERE watchlist_id IS NOT NULL;
