-- Informed consent (docs/agent-protocol.md, "Consent"): which version of the consent text a member
-- acknowledged and when (null until then, and again after a withdrawal), and the write kinds the
-- member turned off for their own account.
ALTER TABLE memberships ADD COLUMN consent_version text;
ALTER TABLE memberships ADD COLUMN consent_acknowledged_at timestamptz;
ALTER TABLE memberships ADD COLUMN refused_types text[] NOT NULL DEFAULT '{}';

-- Who queued a task, for the member it runs as: 'api_key' (a call with the team's key alone),
-- 'member' (a signed-in member: the dashboard, queued_by_user_id says who), 'watchlist' (the
-- scheduler), 'sync' (the relationship sync) or 'sequence' (a step of a sequence). NULL for tasks queued before this was recorded.
ALTER TABLE tasks ADD COLUMN queued_by text CHECK (queued_by IN ('api_key', 'member', 'watchlist', 'sync', 'sequence'));
ALTER TABLE tasks ADD COLUMN queued_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL;

-- Live dashboards (010_team_changes.sql): a member's consent is part of what the members section shows.
CREATE TRIGGER memberships_consent_team_change AFTER UPDATE OF consent_version, consent_acknowledged_at, refused_types ON memberships
  FOR EACH ROW WHEN ((OLD.consent_version, OLD.consent_acknowledged_at, OLD.refused_types)
                     IS DISTINCT FROM (NEW.consent_version, NEW.consent_acknowledged_at, NEW.refused_types))
  EXECUTE FUNCTION notify_team_change('members');
