-- The stats aggregates (stats/) sum bigint figures over thousands of counter rows per request.
-- PostgreSQL's sum(bigint) accumulates in numeric, which cost more than reading the rows; this sum
-- adds in bigint, exactly (int8pl raises on overflow rather than wrap).
CREATE AGGREGATE sum_bigint(bigint) (SFUNC = int8pl, STYPE = bigint);

-- A member's uses of a budget read by the stats of one team (stats/member-stats.ts): with the team
-- in the index, the range's tasks are an index-only scan instead of a visit to each task's row.
DROP INDEX tasks_member_use;
CREATE INDEX tasks_member_use ON tasks (claimed_by, finished_at) INCLUDE (type, team_id)
  WHERE status IN ('processing', 'completed');

-- A month's authors in order of engagement: the ranked reading of a watchlist's top authors
-- (stats/watchlist-stats.ts) takes the first few instead of summing all of them.
CREATE INDEX watchlist_author_months_ranked ON watchlist_author_months (watchlist_id, month, engagement DESC)
  INCLUDE (author_url, posts);
