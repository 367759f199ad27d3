-- Instances plan due watchlists side by side (src/service/scheduler/tick.ts): each tick takes the
-- oldest due ones not locked by another instance's tick, in the order of this index, and stops at
-- its batch without sorting the whole due set.
DROP INDEX watchlists_due;
CREATE INDEX watchlists_due ON watchlists (next_due_at NULLS FIRST, created_at) WHERE NOT disabled;

-- A statement that writes many rows (a scheduler tick's tasks and watchlists, an import) announces
-- each team once, from the statement's rows, instead of calling the function once per row; the
-- announcement is the one 010_team_changes.sql defined, off where 045 turns it off.
CREATE FUNCTION notify_team_changes_of_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('network_agent.team_changes', true) = 'off' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('team_change', team_id::text || ' ' || TG_ARGV[0])
     FROM (SELECT DISTINCT team_id FROM changed) teams;
  RETURN NULL;
END $$;

DROP TRIGGER tasks_team_change ON tasks;
CREATE TRIGGER tasks_inserted_team_change AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_team_changes_of_statement('tasks');
-- A status change is one row at a time (a claim, a result), and only the status column counts.
CREATE TRIGGER tasks_team_change AFTER UPDATE OF status ON tasks
  FOR EACH ROW EXECUTE FUNCTION notify_team_change('tasks');

DROP TRIGGER watchlists_team_change ON watchlists;
CREATE TRIGGER watchlists_inserted_team_change AFTER INSERT ON watchlists
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_team_changes_of_statement('watchlists');
CREATE TRIGGER watchlists_updated_team_change AFTER UPDATE ON watchlists
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_team_changes_of_statement('watchlists');
CREATE TRIGGER watchlists_deleted_team_change AFTER DELETE ON watchlists
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_team_changes_of_statement('watchlists');
