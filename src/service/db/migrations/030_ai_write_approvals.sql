-- Writes from AI clients (docs/mcp.md): a task may wait for a person's approval before any agent may
-- claim it. 'awaiting_approval' is not 'pending', so no claim, no budget count and no lease sweep
-- sees it; approving makes it 'pending', rejecting or letting it expire ends it 'failed'.
ALTER TABLE tasks DROP CONSTRAINT tasks_status_check;
ALTER TABLE tasks ADD CONSTRAINT tasks_status_check
  CHECK (status IN ('awaiting_approval', 'pending', 'processing', 'completed', 'failed'));
-- Until when an awaiting task may be approved (set with the state; the housekeeping job ends it after).
ALTER TABLE tasks ADD COLUMN approval_expires_at timestamptz;
CREATE INDEX tasks_awaiting_approval ON tasks (team_id, created_at) WHERE status = 'awaiting_approval';
CREATE INDEX tasks_approval_expiry ON tasks (approval_expires_at) WHERE status = 'awaiting_approval';

-- Who queued it: 'mcp' is an AI client over /mcp, queued_by_client the name it gave at initialize.
ALTER TABLE tasks DROP CONSTRAINT tasks_queued_by_check;
ALTER TABLE tasks ADD CONSTRAINT tasks_queued_by_check
  CHECK (queued_by IN ('api_key', 'member', 'watchlist', 'sync', 'sequence', 'mcp'));
ALTER TABLE tasks ADD COLUMN queued_by_client text;

-- The team's rule for writes from AI clients: 'approve' (a person approves each), 'allow', 'off'.
ALTER TABLE teams ADD COLUMN ai_writes text NOT NULL DEFAULT 'approve'
  CHECK (ai_writes IN ('approve', 'allow', 'off'));
