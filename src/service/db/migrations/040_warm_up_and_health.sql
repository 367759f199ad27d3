-- Warm-up and health of each member's network account (docs/budgets.md, "Warm-up" and "Health"):
-- together they make the factor the claim multiplies into the member's write budgets
-- (src/service/budgets/budget-factor.ts), read from the member's row the claim already looks at.

-- The team's warm-up where it differs from the defaults ({enabled, days, start_factor}).
ALTER TABLE teams ADD COLUMN warm_up jsonb NOT NULL DEFAULT '{}'::jsonb;

-- Set at the account's first heartbeat with a network identity; ends_at = started_at when the team
-- had warm-up off then, or now() when an admin ended it early. NULL: the account never checked in.
ALTER TABLE memberships ADD COLUMN warm_up_started_at timestamptz;
ALTER TABLE memberships ADD COLUMN warm_up_ends_at timestamptz;
ALTER TABLE memberships ADD COLUMN warm_up_start_factor numeric(4, 3);

-- The account's health as last computed (budgets/account-health.ts): its level moves the budgets.
ALTER TABLE memberships ADD COLUMN health_level text NOT NULL DEFAULT 'good'
  CHECK (health_level IN ('good', 'watch', 'poor'));
ALTER TABLE memberships ADD COLUMN health_score int;
ALTER TABLE memberships ADD COLUMN health_factors jsonb NOT NULL DEFAULT '[]'::jsonb;
-- NULL: due now (never computed, or an input changed); the job recomputes the oldest first.
ALTER TABLE memberships ADD COLUMN health_checked_at timestamptz;
ALTER TABLE memberships ADD COLUMN health_changed_at timestamptz;

-- Accounts already at work through the service are not new: no warm-up for them.
UPDATE memberships SET warm_up_started_at = now(), warm_up_ends_at = now()
 WHERE user_id IS NOT NULL AND last_heartbeat_at IS NOT NULL;

-- The health job reads a member's failed tasks of the last 14 days (limits, challenges, failed
-- writes); tasks_member_use covers only running and completed ones.
CREATE INDEX tasks_member_failures ON tasks (claimed_by, finished_at) INCLUDE (type)
  WHERE status = 'failed';

-- Open dashboards show a member's warm-up and health: a change of either is a change of the members section.
CREATE TRIGGER memberships_health_team_change AFTER UPDATE OF health_level, health_score, warm_up_ends_at ON memberships
  FOR EACH ROW WHEN ((OLD.health_level, OLD.health_score, OLD.warm_up_ends_at)
                     IS DISTINCT FROM (NEW.health_level, NEW.health_score, NEW.warm_up_ends_at))
  EXECUTE FUNCTION notify_team_change('members');
CREATE TRIGGER teams_warm_up_team_change AFTER UPDATE OF warm_up ON teams
  FOR EACH ROW EXECUTE FUNCTION notify_team_settings_change();
