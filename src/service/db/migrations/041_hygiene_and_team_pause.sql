-- Invitation hygiene and the team that stops together (docs/budgets.md, "Hygiene" and "The team
-- stops together").

-- Pending invitations older than this many days are withdrawn by the service (0: off).
ALTER TABLE teams ADD COLUMN withdraw_pending_after_days int NOT NULL DEFAULT 21
  CHECK (withdraw_pending_after_days BETWEEN 0 AND 365);
-- A challenge or rate limit at one member pauses every member's writes.
ALTER TABLE teams ADD COLUMN team_stops_together boolean NOT NULL DEFAULT true;
-- While writes_paused_until is ahead, no member claims the kinds in writes_paused_types: the claim's
-- own statement reads them (src/service/budgets/held-kinds.ts), so a pause costs a claim nothing more.
ALTER TABLE teams ADD COLUMN writes_paused_until timestamptz;
ALTER TABLE teams ADD COLUMN writes_paused_types text[] NOT NULL DEFAULT '{}';
ALTER TABLE teams ADD COLUMN writes_paused_at timestamptz;
-- The signal's error code (network_challenge, network_rate_limited) and whose account showed it.
ALTER TABLE teams ADD COLUMN writes_paused_reason text;
ALTER TABLE teams ADD COLUMN writes_paused_by uuid REFERENCES users(id) ON DELETE SET NULL;

-- Each member's invitations sent through the service that still wait for an answer, kept by the
-- trigger below so the claim compares one column with the cap instead of counting.
ALTER TABLE memberships ADD COLUMN pending_invitations int NOT NULL DEFAULT 0;
UPDATE memberships m
   SET pending_invitations = (SELECT count(*) FROM sent_invitations i
                               WHERE i.team_id = m.team_id AND i.user_id = m.user_id AND i.state = 'pending')
 WHERE m.user_id IS NOT NULL;

CREATE FUNCTION count_pending_invitations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.state = 'pending' THEN
    UPDATE memberships SET pending_invitations = greatest(pending_invitations - 1, 0)
     WHERE team_id = OLD.team_id AND user_id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.state = 'pending' THEN
    UPDATE memberships SET pending_invitations = pending_invitations + 1
     WHERE team_id = NEW.team_id AND user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sent_invitations_pending_count AFTER INSERT OR DELETE ON sent_invitations
  FOR EACH ROW EXECUTE FUNCTION count_pending_invitations();
CREATE TRIGGER sent_invitations_pending_count_update AFTER UPDATE OF state, user_id, team_id ON sent_invitations
  FOR EACH ROW WHEN ((OLD.state, OLD.user_id, OLD.team_id) IS DISTINCT FROM (NEW.state, NEW.user_id, NEW.team_id))
  EXECUTE FUNCTION count_pending_invitations();

-- A person withdrawn by any member of the team, newest first: an invitation to them is refused.
CREATE INDEX sent_invitations_withdrawn ON sent_invitations (team_id, profile_urn, state_changed_at DESC)
  WHERE state = 'withdrawn';
-- Pending invitations by age, for the withdrawal of old ones (relationships/withdraw-old-invitations.ts).
CREATE INDEX sent_invitations_pending_age ON sent_invitations (sent_at) WHERE state = 'pending';
-- When the service last queued that withdrawal: one that found nothing to withdraw is not queued
-- again every run.
ALTER TABLE sent_invitations ADD COLUMN withdrawal_queued_at timestamptz;
