-- GET /api-posts filtered by seniority alone reads its total from counters too (007 counted the
-- unfiltered totals; a filtered one was an exact count(*) that read every match: 222,223 index
-- entries for two levels out of nine at 1,000,000 posts, 30-60 ms a request).
--
-- Each delta row now belongs to one seniority level: a scope's total is still the sum of all its
-- rows, and the total of some levels the sum of theirs. The triggers group what they count by
-- level; a post or watchlist row filed again under another level (the author's headline changed)
-- moves one from the old level to the new in the same statement.

-- No filing may run between the recount below and the new triggers.
LOCK TABLE posts, watchlist_posts IN SHARE ROW EXCLUSIVE MODE;

ALTER TABLE post_count_deltas ADD COLUMN author_seniority text;
DELETE FROM post_count_deltas;
INSERT INTO post_count_deltas (team_id, watchlist_id, author_seniority, posts)
SELECT team_id, NULL, author_seniority, count(*) FROM posts GROUP BY team_id, author_seniority;
INSERT INTO post_count_deltas (team_id, watchlist_id, author_seniority, posts)
SELECT team_id, watchlist_id, author_seniority, count(*) FROM watchlist_posts GROUP BY team_id, watchlist_id, author_seniority;
ALTER TABLE post_count_deltas ALTER COLUMN author_seniority SET NOT NULL;

DROP INDEX post_count_deltas_team;
DROP INDEX post_count_deltas_watchlist;
CREATE INDEX post_count_deltas_team ON post_count_deltas (team_id, watchlist_id) INCLUDE (author_seniority, posts);
CREATE INDEX post_count_deltas_watchlist ON post_count_deltas (watchlist_id) INCLUDE (author_seniority, posts) WHERE watchlist_id IS NOT NULL;

CREATE OR REPLACE FUNCTION count_posts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_count_deltas (team_id, watchlist_id, author_seniority, posts)
  SELECT team_id, NULL, author_seniority, count(*) FROM added GROUP BY team_id, author_seniority;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION count_posts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_count_deltas (team_id, watchlist_id, author_seniority, posts)
  SELECT r.team_id, NULL, r.author_seniority, -count(*) FROM removed r
   WHERE EXISTS (SELECT 1 FROM teams t WHERE t.id = r.team_id)
   GROUP BY r.team_id, r.author_seniority;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION count_watchlist_posts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_count_deltas (team_id, watchlist_id, author_seniority, posts)
  SELECT team_id, watchlist_id, author_seniority, count(*) FROM added GROUP BY team_id, watchlist_id, author_seniority;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION count_watchlist_posts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_count_deltas (team_id, watchlist_id, author_seniority, posts)
  SELECT r.team_id, r.watchlist_id, r.author_seniority, -count(*) FROM removed r
   WHERE EXISTS (SELECT 1 FROM watchlists w WHERE w.id = r.watchlist_id)
     AND EXISTS (SELECT 1 FROM teams t WHERE t.id = r.team_id)
   GROUP BY r.team_id, r.watchlist_id, r.author_seniority;
  RETURN NULL;
END $$;

-- A trigger with transition tables cannot name its columns (UPDATE OF author_seniority), so these
-- run for every UPDATE statement and count only the rows whose level changed (none, mostly).
CREATE FUNCTION count_posts_releveled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_count_deltas (team_id, watchlist_id, author_seniority, posts)
  SELECT team_id, NULL, level, sum(n) FROM (
    SELECT a.team_id, a.author_seniority AS level, 1 AS n FROM after_update a JOIN before_update b ON b.id = a.id
     WHERE a.author_seniority <> b.author_seniority
    UNION ALL
    SELECT b.team_id, b.author_seniority, -1 FROM after_update a JOIN before_update b ON b.id = a.id
     WHERE a.author_seniority <> b.author_seniority
  ) moved GROUP BY team_id, level;
  RETURN NULL;
END $$;

CREATE FUNCTION count_watchlist_posts_releveled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_count_deltas (team_id, watchlist_id, author_seniority, posts)
  SELECT team_id, watchlist_id, level, sum(n) FROM (
    SELECT a.team_id, a.watchlist_id, a.author_seniority AS level, 1 AS n
      FROM after_update a JOIN before_update b ON b.watchlist_id = a.watchlist_id AND b.post_id = a.post_id
     WHERE a.author_seniority <> b.author_seniority
    UNION ALL
    SELECT b.team_id, b.watchlist_id, b.author_seniority, -1
      FROM after_update a JOIN before_update b ON b.watchlist_id = a.watchlist_id AND b.post_id = a.post_id
     WHERE a.author_seniority <> b.author_seniority
  ) moved GROUP BY team_id, watchlist_id, level;
  RETURN NULL;
END $$;

-- INSERT … ON CONFLICT DO UPDATE: the UPDATE transition tables hold the rows it updated.
CREATE TRIGGER posts_counted_update AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update FOR EACH STATEMENT EXECUTE FUNCTION count_posts_releveled();
CREATE TRIGGER watchlist_posts_counted_update AFTER UPDATE ON watchlist_posts
  REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update FOR EACH STATEMENT EXECUTE FUNCTION count_watchlist_posts_releveled();
