-- Exact totals for GET /api-posts without counting every matching row on each request.
--
-- A request with no narrowing filter (only watchlist_id, or nothing) reads its total from
-- post_count_deltas: the sum of the rows of its watchlist (watchlist_posts) or of its team (posts,
-- watchlist_id NULL). Triggers append one row per INSERT or DELETE statement, in the same
-- transaction, so a committed change and its count are one; nothing is ever updated in place, so
-- concurrent filings into one team never wait on (or deadlock over) a shared counter row. Reads
-- fold a scope's rows into one now and then (collection/post-counts.ts), which keeps the sum.
CREATE TABLE post_count_deltas (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  -- NULL: the team's posts (team-wide listing); otherwise this watchlist's posts.
  watchlist_id uuid REFERENCES watchlists(id) ON DELETE CASCADE,
  posts bigint NOT NULL
);
CREATE INDEX post_count_deltas_team ON post_count_deltas (team_id, watchlist_id) INCLUDE (posts);
CREATE INDEX post_count_deltas_watchlist ON post_count_deltas (watchlist_id) INCLUDE (posts) WHERE watchlist_id IS NOT NULL;

CREATE FUNCTION count_posts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_count_deltas (team_id, watchlist_id, posts)
  SELECT team_id, NULL, count(*) FROM added GROUP BY team_id;
  RETURN NULL;
END $$;

-- A team being deleted takes its delta rows with it (cascade); rows of a vanishing team are not counted.
CREATE FUNCTION count_posts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_count_deltas (team_id, watchlist_id, posts)
  SELECT r.team_id, NULL, -count(*) FROM removed r
   WHERE EXISTS (SELECT 1 FROM teams t WHERE t.id = r.team_id)
   GROUP BY r.team_id;
  RETURN NULL;
END $$;

CREATE FUNCTION count_watchlist_posts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_count_deltas (team_id, watchlist_id, posts)
  SELECT team_id, watchlist_id, count(*) FROM added GROUP BY team_id, watchlist_id;
  RETURN NULL;
END $$;

-- Same for a watchlist being deleted: its delta rows go with it.
CREATE FUNCTION count_watchlist_posts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_count_deltas (team_id, watchlist_id, posts)
  SELECT r.team_id, r.watchlist_id, -count(*) FROM removed r
   WHERE EXISTS (SELECT 1 FROM watchlists w WHERE w.id = r.watchlist_id)
     AND EXISTS (SELECT 1 FROM teams t WHERE t.id = r.team_id)
   GROUP BY r.team_id, r.watchlist_id;
  RETURN NULL;
END $$;

-- The counted keys never move; an UPDATE that tried would silently skew the totals, so it fails.
CREATE FUNCTION refuse_counted_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the team or watchlist of a row of % never changes (post_count_deltas counts by it)', TG_TABLE_NAME;
END $$;

CREATE FUNCTION forget_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    DELETE FROM post_count_deltas WHERE watchlist_id IS NULL;
  ELSE
    DELETE FROM post_count_deltas WHERE watchlist_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;

-- INSERT … ON CONFLICT DO UPDATE: the INSERT transition table holds only the rows really inserted.
CREATE TRIGGER posts_counted_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_posts_added();
CREATE TRIGGER posts_counted_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_posts_removed();
CREATE TRIGGER posts_counted_key BEFORE UPDATE OF team_id ON posts
  FOR EACH ROW WHEN (OLD.team_id IS DISTINCT FROM NEW.team_id) EXECUTE FUNCTION refuse_counted_key_change();
CREATE TRIGGER posts_counted_truncate AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION forget_counts_on_truncate();

CREATE TRIGGER watchlist_posts_counted_insert AFTER INSERT ON watchlist_posts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_watchlist_posts_added();
CREATE TRIGGER watchlist_posts_counted_delete AFTER DELETE ON watchlist_posts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_watchlist_posts_removed();
CREATE TRIGGER watchlist_posts_counted_key BEFORE UPDATE OF watchlist_id, team_id ON watchlist_posts
  FOR EACH ROW WHEN (OLD.watchlist_id IS DISTINCT FROM NEW.watchlist_id OR OLD.team_id IS DISTINCT FROM NEW.team_id)
  EXECUTE FUNCTION refuse_counted_key_change();
CREATE TRIGGER watchlist_posts_counted_truncate AFTER TRUNCATE ON watchlist_posts
  FOR EACH STATEMENT EXECUTE FUNCTION forget_counts_on_truncate();

-- Backfill after the triggers exist: creating them locked both tables against writes until this
-- migration commits, so no row is counted twice or missed.
INSERT INTO post_count_deltas (team_id, watchlist_id, posts)
SELECT team_id, NULL, count(*) FROM posts GROUP BY team_id;
INSERT INTO post_count_deltas (team_id, watchlist_id, posts)
SELECT team_id, watchlist_id, count(*) FROM watchlist_posts GROUP BY team_id, watchlist_id;

-- Filtered totals stay exact count(*)s; these let the seniority filter, alone or with dates and
-- trending, count from the index alone (trending and dates alone already have theirs:
-- watchlist_posts_trending, watchlist_posts_recent, posts_team_trending, posts_team_recent).
-- trending and trending_score are already in partial-index predicates, so including them here
-- makes no update less HOT than it was.
CREATE INDEX watchlist_posts_seniority ON watchlist_posts (watchlist_id, author_seniority, posted_at DESC) INCLUDE (trending);
CREATE INDEX posts_team_seniority ON posts (team_id, author_seniority, posted_at DESC) INCLUDE (trending_score);
