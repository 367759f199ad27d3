-- A watchlist's place in the scheduler's order lives in a narrow table of its own. A tick moves the
-- due time of thousands of watchlists (src/service/scheduler/plan-watchlist.ts): on `watchlists`
-- each move was a new row version with an entry in each of its five indexes; here it is a short row
-- with two. `paused` follows `watchlists.disabled` (the triggers below), so the due index leaves
-- paused watchlists out without reading them.
CREATE TABLE watchlist_schedule (
  watchlist_id uuid PRIMARY KEY REFERENCES watchlists(id) ON DELETE CASCADE,
  -- The watchlist's team, for the live stream's announcement of a statement's teams.
  team_id uuid NOT NULL,
  paused boolean NOT NULL,
  -- When the next collection cycle is due (NULL: due at the first tick).
  next_due_at timestamptz,
  last_planned_at timestamptz,
  -- The watchlist's, for the order among watchlists due at the same moment.
  created_at timestamptz NOT NULL
);
INSERT INTO watchlist_schedule (watchlist_id, team_id, paused, next_due_at, last_planned_at, created_at)
  SELECT id, team_id, disabled, next_due_at, last_planned_at, created_at FROM watchlists;
CREATE INDEX watchlist_schedule_due ON watchlist_schedule (next_due_at NULLS FIRST, created_at) WHERE NOT paused;

DROP INDEX watchlists_due;
ALTER TABLE watchlists DROP COLUMN next_due_at, DROP COLUMN last_planned_at;

-- Every watchlist has its row from its creation, one statement's watchlists at once.
CREATE FUNCTION schedule_new_watchlists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO watchlist_schedule (watchlist_id, team_id, paused, created_at)
    SELECT id, team_id, disabled, created_at FROM created;
  RETURN NULL;
END $$;
CREATE TRIGGER watchlists_scheduled AFTER INSERT ON watchlists
  REFERENCING NEW TABLE AS created
  FOR EACH STATEMENT EXECUTE FUNCTION schedule_new_watchlists();

-- Paused with its watchlist; a resumed watchlist is due at once, as one never planned.
CREATE FUNCTION follow_watchlist_pause() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE watchlist_schedule
     SET paused = NEW.disabled,
         next_due_at = CASE WHEN NEW.disabled THEN next_due_at END
   WHERE watchlist_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER watchlists_pause_scheduled AFTER UPDATE OF disabled ON watchlists
  FOR EACH ROW WHEN (OLD.disabled IS DISTINCT FROM NEW.disabled)
  EXECUTE FUNCTION follow_watchlist_pause();

-- A tick's moves are announced to the watchlists' teams, as they were when they wrote `watchlists`.
CREATE TRIGGER watchlist_schedule_team_change AFTER UPDATE ON watchlist_schedule
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_team_changes_of_statement('watchlists');

-- Open collection tasks of a watchlist are found through tasks_by_watchlist (its newest first), so
-- this second index is one entry fewer for every collection task written and every status it takes.
DROP INDEX tasks_open_by_watchlist;
