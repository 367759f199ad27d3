-- Per watchlist, UTC year and author: the posts posted in it and their engagement, so the top
-- authors of a range that holds whole years sum one row per author and year over them, and the
-- monthly counters (migration 031c) only over the months around them (stats/watchlist-stats.ts).
-- Kept as watchlist_author_months is, by triggers in the transaction of the change they count.
CREATE TABLE watchlist_author_years (
  watchlist_id uuid NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
  year timestamptz NOT NULL,
  author_url text NOT NULL,
  posts int NOT NULL,
  engagement bigint NOT NULL,
  -- The figures ride in the key's index: a range's years are read by an index-only scan.
  PRIMARY KEY (watchlist_id, year, author_url) INCLUDE (posts, engagement)
);

CREATE FUNCTION utc_year(t timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS
  $$ SELECT date_trunc('year', t AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;

CREATE FUNCTION watchlist_author_years_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO watchlist_author_years AS y (watchlist_id, year, author_url, posts, engagement)
  SELECT watchlist_id, utc_year(posted_at), author_url, count(*), sum(engagement)
    FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (watchlist_id, year, author_url) DO UPDATE
    SET posts = y.posts + excluded.posts, engagement = y.engagement + excluded.engagement;
  RETURN NULL;
END $$;

CREATE FUNCTION watchlist_author_years_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT watchlist_id, utc_year(posted_at) AS year, author_url, 1 AS posts, engagement::bigint AS engagement
      FROM added
    UNION ALL
    SELECT watchlist_id, utc_year(posted_at), author_url, -1, -engagement::bigint FROM removed),
  g AS (
    SELECT watchlist_id, year, author_url, sum(posts) AS posts, sum(engagement) AS engagement
      FROM d GROUP BY 1, 2, 3 HAVING sum(posts) <> 0 OR sum(engagement) <> 0)
  INSERT INTO watchlist_author_years AS y (watchlist_id, year, author_url, posts, engagement)
  SELECT * FROM g ORDER BY 1, 2, 3
  ON CONFLICT (watchlist_id, year, author_url) DO UPDATE
    SET posts = y.posts + excluded.posts, engagement = y.engagement + excluded.engagement;
  DELETE FROM watchlist_author_years y
   USING (SELECT DISTINCT watchlist_id, utc_year(posted_at) AS year, author_url FROM removed) r
   WHERE y.watchlist_id = r.watchlist_id AND y.year = r.year AND y.author_url = r.author_url AND y.posts = 0;
  RETURN NULL;
END $$;

CREATE FUNCTION watchlist_author_years_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH g AS (
    SELECT watchlist_id, utc_year(posted_at) AS year, author_url, count(*) AS posts, sum(engagement) AS engagement
      FROM removed GROUP BY 1, 2, 3)
  UPDATE watchlist_author_years y
     SET posts = y.posts - g.posts, engagement = y.engagement - g.engagement
    FROM g WHERE y.watchlist_id = g.watchlist_id AND y.year = g.year AND y.author_url = g.author_url;
  DELETE FROM watchlist_author_years y
   USING (SELECT DISTINCT watchlist_id, utc_year(posted_at) AS year, author_url FROM removed) r
   WHERE y.watchlist_id = r.watchlist_id AND y.year = r.year AND y.author_url = r.author_url AND y.posts <= 0;
  RETURN NULL;
END $$;

CREATE TRIGGER watchlist_author_years_added AFTER INSERT ON watchlist_posts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION watchlist_author_years_added();
CREATE TRIGGER watchlist_author_years_changed AFTER UPDATE ON watchlist_posts
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION watchlist_author_years_changed();
CREATE TRIGGER watchlist_author_years_removed AFTER DELETE ON watchlist_posts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION watchlist_author_years_removed();

CREATE FUNCTION forget_watchlist_author_years() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM watchlist_author_years;
  RETURN NULL;
END $$;
CREATE TRIGGER watchlist_author_years_truncated AFTER TRUNCATE ON watchlist_posts
  FOR EACH STATEMENT EXECUTE FUNCTION forget_watchlist_author_years();

INSERT INTO watchlist_author_years (watchlist_id, year, author_url, posts, engagement)
SELECT watchlist_id, utc_year(posted_at), author_url, count(*), sum(engagement)
  FROM watchlist_posts GROUP BY 1, 2, 3;

-- A year's authors in order of engagement, for the ranked reading of a range of one whole year.
CREATE INDEX watchlist_author_years_ranked ON watchlist_author_years (watchlist_id, year, engagement DESC)
  INCLUDE (author_url, posts);
