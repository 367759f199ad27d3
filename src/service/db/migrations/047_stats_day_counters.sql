-- Day counters beside the hourly ones (migration 031b), so a long range reads a row per day: a
-- bucket is summed from the whole UTC days inside it and the hours at its ragged ends
-- (stats/range.ts `spans`). In UTC a year by week reads 365 rows instead of 8,760.
--
-- Each day row follows its hours: every change to an hour row (inserted, updated in place, or
-- deleted, by the counters' own triggers or a cascade) adds its difference to the row of its UTC
-- day, in the same transaction and key order. A day whose hours all went away is dropped.

CREATE FUNCTION utc_day(t timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS
  $$ SELECT date_trunc('day', t AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;

CREATE TABLE watchlist_post_days (
  watchlist_id uuid NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
  day timestamptz NOT NULL,
  posts int NOT NULL,
  engagement bigint NOT NULL,
  trending int NOT NULL,
  PRIMARY KEY (watchlist_id, day)
);

CREATE FUNCTION watchlist_post_days_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE watchlist_post_days d
       SET posts = d.posts - OLD.posts, engagement = d.engagement - OLD.engagement, trending = d.trending - OLD.trending
     WHERE d.watchlist_id = OLD.watchlist_id AND d.day = utc_day(OLD.hour);
    DELETE FROM watchlist_post_days d
     WHERE d.watchlist_id = OLD.watchlist_id AND d.day = utc_day(OLD.hour) AND d.posts <= 0;
  ELSE
    -- An hour's key never changes: an update is the difference of its counts.
    INSERT INTO watchlist_post_days AS d (watchlist_id, day, posts, engagement, trending)
    VALUES (NEW.watchlist_id, utc_day(NEW.hour),
            NEW.posts - CASE WHEN TG_OP = 'UPDATE' THEN OLD.posts ELSE 0 END,
            NEW.engagement - CASE WHEN TG_OP = 'UPDATE' THEN OLD.engagement ELSE 0 END,
            NEW.trending - CASE WHEN TG_OP = 'UPDATE' THEN OLD.trending ELSE 0 END)
    ON CONFLICT (watchlist_id, day) DO UPDATE
      SET posts = d.posts + excluded.posts, engagement = d.engagement + excluded.engagement,
          trending = d.trending + excluded.trending;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER watchlist_post_days_follow AFTER INSERT OR UPDATE OR DELETE ON watchlist_post_hours
  FOR EACH ROW EXECUTE FUNCTION watchlist_post_days_follow();

INSERT INTO watchlist_post_days (watchlist_id, day, posts, engagement, trending)
SELECT watchlist_id, utc_day(hour), sum(posts), sum(engagement), sum(trending)
  FROM watchlist_post_hours GROUP BY 1, 2;

CREATE TABLE sequence_step_days (
  sequence_id uuid NOT NULL REFERENCES sequences(id) ON DELETE CASCADE,
  sender_user_id uuid,
  day timestamptz NOT NULL,
  enrolled int NOT NULL DEFAULT 0,
  invited int NOT NULL DEFAULT 0,
  accepted int NOT NULL DEFAULT 0,
  messaged int NOT NULL DEFAULT 0,
  replied int NOT NULL DEFAULT 0,
  UNIQUE NULLS NOT DISTINCT (sequence_id, day, sender_user_id)
);

CREATE FUNCTION sequence_step_days_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE sequence_step_days d
       SET enrolled = d.enrolled - OLD.enrolled, invited = d.invited - OLD.invited, accepted = d.accepted - OLD.accepted,
           messaged = d.messaged - OLD.messaged, replied = d.replied - OLD.replied
     WHERE d.sequence_id = OLD.sequence_id AND d.sender_user_id IS NOT DISTINCT FROM OLD.sender_user_id
       AND d.day = utc_day(OLD.hour);
    DELETE FROM sequence_step_days d
     WHERE d.sequence_id = OLD.sequence_id AND d.sender_user_id IS NOT DISTINCT FROM OLD.sender_user_id
       AND d.day = utc_day(OLD.hour)
       AND d.enrolled <= 0 AND d.invited <= 0 AND d.accepted <= 0 AND d.messaged <= 0 AND d.replied <= 0;
  ELSE
    INSERT INTO sequence_step_days AS d (sequence_id, sender_user_id, day, enrolled, invited, accepted, messaged, replied)
    VALUES (NEW.sequence_id, NEW.sender_user_id, utc_day(NEW.hour),
            NEW.enrolled - CASE WHEN TG_OP = 'UPDATE' THEN OLD.enrolled ELSE 0 END,
            NEW.invited - CASE WHEN TG_OP = 'UPDATE' THEN OLD.invited ELSE 0 END,
            NEW.accepted - CASE WHEN TG_OP = 'UPDATE' THEN OLD.accepted ELSE 0 END,
            NEW.messaged - CASE WHEN TG_OP = 'UPDATE' THEN OLD.messaged ELSE 0 END,
            NEW.replied - CASE WHEN TG_OP = 'UPDATE' THEN OLD.replied ELSE 0 END)
    ON CONFLICT (sequence_id, day, sender_user_id) DO UPDATE
      SET enrolled = d.enrolled + excluded.enrolled, invited = d.invited + excluded.invited,
          accepted = d.accepted + excluded.accepted, messaged = d.messaged + excluded.messaged,
          replied = d.replied + excluded.replied;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sequence_step_days_follow AFTER INSERT OR UPDATE OR DELETE ON sequence_step_hours
  FOR EACH ROW EXECUTE FUNCTION sequence_step_days_follow();

INSERT INTO sequence_step_days (sequence_id, sender_user_id, day, enrolled, invited, accepted, messaged, replied)
SELECT sequence_id, sender_user_id, utc_day(hour), sum(enrolled), sum(invited), sum(accepted), sum(messaged), sum(replied)
  FROM sequence_step_hours GROUP BY 1, 2, 3;

CREATE OR REPLACE FUNCTION forget_stats_counters_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'watchlist_posts' THEN
    DELETE FROM watchlist_post_days;
    DELETE FROM watchlist_post_hours;
  ELSE
    DELETE FROM sequence_step_days;
    DELETE FROM sequence_step_hours;
  END IF;
  RETURN NULL;
END $$;
