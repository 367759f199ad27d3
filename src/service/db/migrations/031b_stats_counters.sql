-- Counters for the stats aggregates (stats/), so a chart's series reads a few hundred rows instead
-- of every post or person of its range: per watchlist and UTC hour, the posts posted in it, their
-- engagement and how many are trending; per sequence, sender and UTC hour, the people who reached
-- each step in it. An hour serves any time zone whose offset is whole hours (stats/range.ts).
--
-- Kept by triggers in the transaction of the change they count. A row is updated in place: two
-- transactions filing posts of one watchlist and hour wait for each other (one collection of a
-- watchlist runs at a time), and keys are written in order so they never deadlock. A removal only
-- updates (a cascade may have removed the counters first) and drops the rows it empties.

CREATE TABLE watchlist_post_hours (
  watchlist_id uuid NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  posts int NOT NULL,
  engagement bigint NOT NULL,
  trending int NOT NULL,
  PRIMARY KEY (watchlist_id, hour)
);

CREATE FUNCTION utc_hour(t timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS
  $$ SELECT date_trunc('hour', t AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;

CREATE FUNCTION watchlist_post_hours_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO watchlist_post_hours AS h (watchlist_id, hour, posts, engagement, trending)
  SELECT watchlist_id, utc_hour(posted_at), count(*), sum(engagement), count(*) FILTER (WHERE trending)
    FROM added GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (watchlist_id, hour) DO UPDATE
    SET posts = h.posts + excluded.posts, engagement = h.engagement + excluded.engagement,
        trending = h.trending + excluded.trending;
  RETURN NULL;
END $$;

CREATE FUNCTION watchlist_post_hours_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT watchlist_id, utc_hour(posted_at) AS hour, 1 AS posts, engagement::bigint AS engagement,
           trending::int AS trending FROM added
    UNION ALL
    SELECT watchlist_id, utc_hour(posted_at), -1, -engagement::bigint, -trending::int FROM removed),
  g AS (
    SELECT watchlist_id, hour, sum(posts) AS posts, sum(engagement) AS engagement, sum(trending) AS trending
      FROM d GROUP BY 1, 2
    HAVING sum(posts) <> 0 OR sum(engagement) <> 0 OR sum(trending) <> 0)
  INSERT INTO watchlist_post_hours AS h (watchlist_id, hour, posts, engagement, trending)
  SELECT * FROM g ORDER BY 1, 2
  ON CONFLICT (watchlist_id, hour) DO UPDATE
    SET posts = h.posts + excluded.posts, engagement = h.engagement + excluded.engagement,
        trending = h.trending + excluded.trending;
  DELETE FROM watchlist_post_hours h USING (SELECT DISTINCT watchlist_id, utc_hour(posted_at) AS hour FROM removed) r
   WHERE h.watchlist_id = r.watchlist_id AND h.hour = r.hour AND h.posts = 0;
  RETURN NULL;
END $$;

CREATE FUNCTION watchlist_post_hours_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH g AS (
    SELECT watchlist_id, utc_hour(posted_at) AS hour, count(*) AS posts, sum(engagement) AS engagement,
           count(*) FILTER (WHERE trending) AS trending
      FROM removed GROUP BY 1, 2)
  UPDATE watchlist_post_hours h
     SET posts = h.posts - g.posts, engagement = h.engagement - g.engagement, trending = h.trending - g.trending
    FROM g WHERE h.watchlist_id = g.watchlist_id AND h.hour = g.hour;
  DELETE FROM watchlist_post_hours h USING (SELECT DISTINCT watchlist_id, utc_hour(posted_at) AS hour FROM removed) r
   WHERE h.watchlist_id = r.watchlist_id AND h.hour = r.hour AND h.posts <= 0;
  RETURN NULL;
END $$;

CREATE TRIGGER watchlist_post_hours_added AFTER INSERT ON watchlist_posts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION watchlist_post_hours_added();
CREATE TRIGGER watchlist_post_hours_changed AFTER UPDATE ON watchlist_posts
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION watchlist_post_hours_changed();
CREATE TRIGGER watchlist_post_hours_removed AFTER DELETE ON watchlist_posts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION watchlist_post_hours_removed();

INSERT INTO watchlist_post_hours (watchlist_id, hour, posts, engagement, trending)
SELECT watchlist_id, utc_hour(posted_at), count(*), sum(engagement), count(*) FILTER (WHERE trending)
  FROM watchlist_posts GROUP BY 1, 2;

-- One row per sequence, sender (NULL: none, or a sender since removed) and hour; each step counted
-- in the hour it happened (enrolled: created_at).
CREATE TABLE sequence_step_hours (
  sequence_id uuid NOT NULL REFERENCES sequences(id) ON DELETE CASCADE,
  sender_user_id uuid,
  hour timestamptz NOT NULL,
  enrolled int NOT NULL DEFAULT 0,
  invited int NOT NULL DEFAULT 0,
  accepted int NOT NULL DEFAULT 0,
  messaged int NOT NULL DEFAULT 0,
  replied int NOT NULL DEFAULT 0,
  UNIQUE NULLS NOT DISTINCT (sequence_id, hour, sender_user_id)
);

-- Adds (sign 1) or takes away (sign -1) one person's steps at these instants (NULL: not counted).
CREATE FUNCTION sequence_step_hours_add(seq uuid, sender uuid, sign int, enrolled_at timestamptz,
    invited_at timestamptz, accepted_at timestamptz, messaged_at timestamptz, replied_at timestamptz)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF sign > 0 THEN
    INSERT INTO sequence_step_hours AS h (sequence_id, sender_user_id, hour, enrolled, invited, accepted, messaged, replied)
    SELECT seq, sender, v.hour, sum(v.e), sum(v.i), sum(v.a), sum(v.m), sum(v.r)
      FROM (VALUES (utc_hour(enrolled_at), 1, 0, 0, 0, 0), (utc_hour(invited_at), 0, 1, 0, 0, 0),
                   (utc_hour(accepted_at), 0, 0, 1, 0, 0), (utc_hour(messaged_at), 0, 0, 0, 1, 0),
                   (utc_hour(replied_at), 0, 0, 0, 0, 1)) AS v(hour, e, i, a, m, r)
     WHERE v.hour IS NOT NULL GROUP BY v.hour ORDER BY v.hour
    ON CONFLICT (sequence_id, hour, sender_user_id) DO UPDATE
      SET enrolled = h.enrolled + excluded.enrolled, invited = h.invited + excluded.invited,
          accepted = h.accepted + excluded.accepted, messaged = h.messaged + excluded.messaged,
          replied = h.replied + excluded.replied;
  ELSE
    UPDATE sequence_step_hours h
       SET enrolled = h.enrolled - d.e, invited = h.invited - d.i, accepted = h.accepted - d.a,
           messaged = h.messaged - d.m, replied = h.replied - d.r
      FROM (SELECT v.hour, sum(v.e) AS e, sum(v.i) AS i, sum(v.a) AS a, sum(v.m) AS m, sum(v.r) AS r
              FROM (VALUES (utc_hour(enrolled_at), 1, 0, 0, 0, 0), (utc_hour(invited_at), 0, 1, 0, 0, 0),
                           (utc_hour(accepted_at), 0, 0, 1, 0, 0), (utc_hour(messaged_at), 0, 0, 0, 1, 0),
                           (utc_hour(replied_at), 0, 0, 0, 0, 1)) AS v(hour, e, i, a, m, r)
             WHERE v.hour IS NOT NULL GROUP BY v.hour) d
     WHERE h.sequence_id = seq AND h.sender_user_id IS NOT DISTINCT FROM sender AND h.hour = d.hour;
    DELETE FROM sequence_step_hours h
     WHERE h.sequence_id = seq AND h.sender_user_id IS NOT DISTINCT FROM sender
       AND h.enrolled <= 0 AND h.invited <= 0 AND h.accepted <= 0 AND h.messaged <= 0 AND h.replied <= 0
       AND h.hour IN (utc_hour(enrolled_at), utc_hour(invited_at), utc_hour(accepted_at),
                      utc_hour(messaged_at), utc_hour(replied_at));
  END IF;
END $$;

-- On an update, only the steps whose instant (or whose person's sender) changed move.
CREATE FUNCTION sequence_step_hours_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean := TG_OP = 'UPDATE' AND (OLD.sequence_id IS DISTINCT FROM NEW.sequence_id
                                         OR OLD.sender_user_id IS DISTINCT FROM NEW.sender_user_id);
BEGIN
  IF TG_OP = 'DELETE' OR moved THEN
    PERFORM sequence_step_hours_add(OLD.sequence_id, OLD.sender_user_id, -1, OLD.created_at,
      OLD.invited_at, OLD.accepted_at, OLD.messaged_at, OLD.replied_at);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM sequence_step_hours_add(OLD.sequence_id, OLD.sender_user_id, -1,
      CASE WHEN OLD.created_at IS DISTINCT FROM NEW.created_at THEN OLD.created_at END,
      CASE WHEN OLD.invited_at IS DISTINCT FROM NEW.invited_at THEN OLD.invited_at END,
      CASE WHEN OLD.accepted_at IS DISTINCT FROM NEW.accepted_at THEN OLD.accepted_at END,
      CASE WHEN OLD.messaged_at IS DISTINCT FROM NEW.messaged_at THEN OLD.messaged_at END,
      CASE WHEN OLD.replied_at IS DISTINCT FROM NEW.replied_at THEN OLD.replied_at END);
  END IF;
  IF TG_OP = 'INSERT' OR moved THEN
    PERFORM sequence_step_hours_add(NEW.sequence_id, NEW.sender_user_id, 1, NEW.created_at,
      NEW.invited_at, NEW.accepted_at, NEW.messaged_at, NEW.replied_at);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM sequence_step_hours_add(NEW.sequence_id, NEW.sender_user_id, 1,
      CASE WHEN OLD.created_at IS DISTINCT FROM NEW.created_at THEN NEW.created_at END,
      CASE WHEN OLD.invited_at IS DISTINCT FROM NEW.invited_at THEN NEW.invited_at END,
      CASE WHEN OLD.accepted_at IS DISTINCT FROM NEW.accepted_at THEN NEW.accepted_at END,
      CASE WHEN OLD.messaged_at IS DISTINCT FROM NEW.messaged_at THEN NEW.messaged_at END,
      CASE WHEN OLD.replied_at IS DISTINCT FROM NEW.replied_at THEN NEW.replied_at END);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sequence_step_hours_inserted AFTER INSERT OR DELETE ON sequence_enrollments
  FOR EACH ROW EXECUTE FUNCTION sequence_step_hours_count();
CREATE TRIGGER sequence_step_hours_updated
  AFTER UPDATE OF sequence_id, sender_user_id, created_at, invited_at, accepted_at, messaged_at, replied_at
  ON sequence_enrollments FOR EACH ROW
  WHEN (OLD.sequence_id IS DISTINCT FROM NEW.sequence_id OR OLD.sender_user_id IS DISTINCT FROM NEW.sender_user_id
        OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.invited_at IS DISTINCT FROM NEW.invited_at
        OR OLD.accepted_at IS DISTINCT FROM NEW.accepted_at OR OLD.messaged_at IS DISTINCT FROM NEW.messaged_at
        OR OLD.replied_at IS DISTINCT FROM NEW.replied_at)
  EXECUTE FUNCTION sequence_step_hours_count();

INSERT INTO sequence_step_hours (sequence_id, sender_user_id, hour, enrolled, invited, accepted, messaged, replied)
SELECT e.sequence_id, e.sender_user_id, utc_hour(x.at),
       count(*) FILTER (WHERE x.kind = 'enrolled'), count(*) FILTER (WHERE x.kind = 'invited'),
       count(*) FILTER (WHERE x.kind = 'accepted'), count(*) FILTER (WHERE x.kind = 'messaged'),
       count(*) FILTER (WHERE x.kind = 'replied')
  FROM sequence_enrollments e
 CROSS JOIN LATERAL (VALUES ('enrolled', e.created_at), ('invited', e.invited_at), ('accepted', e.accepted_at),
                            ('messaged', e.messaged_at), ('replied', e.replied_at)) AS x(kind, at)
 WHERE x.at IS NOT NULL
 GROUP BY 1, 2, 3;

CREATE FUNCTION forget_stats_counters_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'watchlist_posts' THEN DELETE FROM watchlist_post_hours;
  ELSE DELETE FROM sequence_step_hours; END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER watchlist_post_hours_truncated AFTER TRUNCATE ON watchlist_posts
  FOR EACH STATEMENT EXECUTE FUNCTION forget_stats_counters_on_truncate();
CREATE TRIGGER sequence_step_hours_truncated AFTER TRUNCATE ON sequence_enrollments
  FOR EACH STATEMENT EXECUTE FUNCTION forget_stats_counters_on_truncate();
