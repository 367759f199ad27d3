-- The author of each collected post, copied onto its watchlist links, so a watchlist's top authors
-- over a range (stats/watchlist-stats.ts) are summed from one index-only range scan of the links
-- instead of a join of every post of the range to `posts`. Names stay on `posts`: only the few
-- winners' names are read, through the second index.
--
-- The copy is the post's: a link takes it from its post when written (a link written in the same
-- statement as its post, which the trigger cannot see yet, keeps the value given), and a change of
-- a post's author moves to its links.

ALTER TABLE watchlist_posts ADD COLUMN author_url text NOT NULL DEFAULT '';

UPDATE watchlist_posts wp SET author_url = p.author_url
  FROM posts p WHERE p.id = wp.post_id AND p.author_url <> '';

CREATE FUNCTION watchlist_posts_take_author() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  url text;
BEGIN
  SELECT author_url INTO url FROM posts WHERE id = NEW.post_id;
  IF FOUND THEN NEW.author_url := url; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER watchlist_posts_take_author BEFORE INSERT OR UPDATE OF post_id ON watchlist_posts
  FOR EACH ROW EXECUTE FUNCTION watchlist_posts_take_author();

CREATE FUNCTION posts_author_to_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE watchlist_posts SET author_url = NEW.author_url
   WHERE post_id = NEW.id AND author_url IS DISTINCT FROM NEW.author_url;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_author_to_links AFTER UPDATE OF author_url ON posts
  FOR EACH ROW WHEN (OLD.author_url IS DISTINCT FROM NEW.author_url)
  EXECUTE FUNCTION posts_author_to_links();

CREATE INDEX watchlist_posts_authors ON watchlist_posts (watchlist_id, posted_at) INCLUDE (author_url, engagement);
CREATE INDEX watchlist_posts_by_author ON watchlist_posts (watchlist_id, author_url, posted_at);

-- Per watchlist, UTC month and author: the posts posted in it and their engagement, so the top
-- authors of a range sum one row per author and month over the range's whole months, and the
-- links only over its ragged ends (whichever side of the nearest month boundary is shorter, added
-- or taken away). Kept as watchlist_post_hours is (migration 031b), in the same transactions.
CREATE TABLE watchlist_author_months (
  watchlist_id uuid NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
  month timestamptz NOT NULL,
  author_url text NOT NULL,
  posts int NOT NULL,
  engagement bigint NOT NULL,
  -- The figures ride in the key's index: a range's months are read by an index-only scan.
  PRIMARY KEY (watchlist_id, month, author_url) INCLUDE (posts, engagement)
);

CREATE FUNCTION utc_month(t timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS
  $$ SELECT date_trunc('month', t AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;

CREATE FUNCTION watchlist_author_months_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO watchlist_author_months AS m (watchlist_id, month, author_url, posts, engagement)
  SELECT watchlist_id, utc_month(posted_at), author_url, count(*), sum(engagement)
    FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (watchlist_id, month, author_url) DO UPDATE
    SET posts = m.posts + excluded.posts, engagement = m.engagement + excluded.engagement;
  RETURN NULL;
END $$;

CREATE FUNCTION watchlist_author_months_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT watchlist_id, utc_month(posted_at) AS month, author_url, 1 AS posts, engagement::bigint AS engagement
      FROM added
    UNION ALL
    SELECT watchlist_id, utc_month(posted_at), author_url, -1, -engagement::bigint FROM removed),
  g AS (
    SELECT watchlist_id, month, author_url, sum(posts) AS posts, sum(engagement) AS engagement
      FROM d GROUP BY 1, 2, 3 HAVING sum(posts) <> 0 OR sum(engagement) <> 0)
  INSERT INTO watchlist_author_months AS m (watchlist_id, month, author_url, posts, engagement)
  SELECT * FROM g ORDER BY 1, 2, 3
  ON CONFLICT (watchlist_id, month, author_url) DO UPDATE
    SET posts = m.posts + excluded.posts, engagement = m.engagement + excluded.engagement;
  DELETE FROM watchlist_author_months m
   USING (SELECT DISTINCT watchlist_id, utc_month(posted_at) AS month, author_url FROM removed) r
   WHERE m.watchlist_id = r.watchlist_id AND m.month = r.month AND m.author_url = r.author_url AND m.posts = 0;
  RETURN NULL;
END $$;

CREATE FUNCTION watchlist_author_months_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH g AS (
    SELECT watchlist_id, utc_month(posted_at) AS month, author_url, count(*) AS posts, sum(engagement) AS engagement
      FROM removed GROUP BY 1, 2, 3)
  UPDATE watchlist_author_months m
     SET posts = m.posts - g.posts, engagement = m.engagement - g.engagement
    FROM g WHERE m.watchlist_id = g.watchlist_id AND m.month = g.month AND m.author_url = g.author_url;
  DELETE FROM watchlist_author_months m
   USING (SELECT DISTINCT watchlist_id, utc_month(posted_at) AS month, author_url FROM removed) r
   WHERE m.watchlist_id = r.watchlist_id AND m.month = r.month AND m.author_url = r.author_url AND m.posts <= 0;
  RETURN NULL;
END $$;

CREATE TRIGGER watchlist_author_months_added AFTER INSERT ON watchlist_posts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION watchlist_author_months_added();
CREATE TRIGGER watchlist_author_months_changed AFTER UPDATE ON watchlist_posts
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION watchlist_author_months_changed();
CREATE TRIGGER watchlist_author_months_removed AFTER DELETE ON watchlist_posts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION watchlist_author_months_removed();

CREATE FUNCTION forget_watchlist_author_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM watchlist_author_months;
  RETURN NULL;
END $$;
CREATE TRIGGER watchlist_author_months_truncated AFTER TRUNCATE ON watchlist_posts
  FOR EACH STATEMENT EXECUTE FUNCTION forget_watchlist_author_months();

INSERT INTO watchlist_author_months (watchlist_id, month, author_url, posts, engagement)
SELECT watchlist_id, utc_month(posted_at), author_url, count(*), sum(engagement)
  FROM watchlist_posts GROUP BY 1, 2, 3;
