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
