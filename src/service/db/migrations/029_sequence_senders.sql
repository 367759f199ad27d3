-- A sequence's pool of senders (docs/sequences.md "Senders"): 'one' is the single sender_user_id;
-- 'list' the members in sender_user_ids; 'all' every member whose extension is active, who has
-- consented and has not refused the kinds the steps need. sender_user_id stays the default sender.
ALTER TABLE sequences ADD COLUMN sender_mode text NOT NULL DEFAULT 'one'
  CHECK (sender_mode IN ('one', 'list', 'all'));
ALTER TABLE sequences ADD COLUMN sender_user_ids uuid[] NOT NULL DEFAULT '{}';
-- How long after the last step a reply still counts as the sequence's (its person becomes replied).
ALTER TABLE sequences ADD COLUMN reply_window_days int NOT NULL DEFAULT 30;

-- Each person's sender for the whole sequence, and why that member (warm path, budget, a move).
ALTER TABLE sequence_enrollments ADD COLUMN sender_user_id uuid REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE sequence_enrollments ADD COLUMN sender_reason text;
-- The extra columns of a CSV import, filled into templates as {custom.<column>}.
ALTER TABLE sequence_enrollments ADD COLUMN custom jsonb NOT NULL DEFAULT '{}';
-- When the person reached an end state (finished): the reply window counts from it.
ALTER TABLE sequence_enrollments ADD COLUMN ended_at timestamptz;
UPDATE sequence_enrollments e SET sender_user_id = s.sender_user_id FROM sequences s WHERE s.id = e.sequence_id;
CREATE INDEX sequence_enrollments_sender ON sequence_enrollments (team_id, sender_user_id)
  WHERE invited_at IS NULL AND state IN ('active', 'waiting_acceptance');

-- Since when a member's extension says it is paused: a sequence moves their people after a while.
ALTER TABLE memberships ADD COLUMN paused_at timestamptz;
