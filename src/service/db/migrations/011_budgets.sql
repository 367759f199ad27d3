-- Account safety (docs/budgets.md): a team's own budgets and pace where they differ from the
-- defaults (src/contract/budgets.ts), a member's working hours, and an index to count a member's use.
ALTER TABLE teams ADD COLUMN budgets jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE teams ADD COLUMN pacing jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE memberships ADD COLUMN working_hours jsonb;

-- A member's use of a budget: the tasks it ran (completed) or runs (processing) in the last week.
-- Every claim counts them, so the window is the index's range (by end time): what a member did
-- months ago is never read again. The type rides along for the count without a table visit.
CREATE INDEX tasks_member_use ON tasks (claimed_by, finished_at) INCLUDE (type) WHERE status IN ('processing', 'completed');

-- Live dashboards (010_team_changes.sql): a change of budgets, pace or working hours is a change of
-- what the members section shows.
CREATE FUNCTION notify_team_settings_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('team_change', NEW.id::text || ' members');
  RETURN NULL;
END $$;
CREATE TRIGGER teams_settings_team_change AFTER UPDATE OF budgets, pacing ON teams
  FOR EACH ROW EXECUTE FUNCTION notify_team_settings_change();
CREATE TRIGGER memberships_hours_team_change AFTER UPDATE OF working_hours ON memberships
  FOR EACH ROW WHEN (OLD.working_hours IS DISTINCT FROM NEW.working_hours)
  EXECUTE FUNCTION notify_team_change('members');
