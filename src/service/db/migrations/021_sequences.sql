-- Sequences (issue 21, docs/sequences.md): steps run for each enrolled person by the sender's own
-- ordinary tasks, stopped by a reply.
CREATE TABLE sequences (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  name text NOT NULL,
  sender_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  steps jsonb NOT NULL,
  stop_on_reply boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sequences_team ON sequences (team_id, created_at DESC);

CREATE TABLE sequence_enrollments (
  id uuid PRIMARY KEY,
  sequence_id uuid NOT NULL REFERENCES sequences(id) ON DELETE CASCADE,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  -- As given, and as normalised: a slug or an fsd_profile URN (the other filled in by a visit).
  profile_input text NOT NULL,
  profile_slug text,
  profile_urn text,
  name text,
  -- The template fields read by a visit: first_name, last_name, company, headline.
  fields jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'active'
    CHECK (state IN ('active', 'waiting_acceptance', 'replied', 'not_accepted', 'finished', 'failed', 'stopped')),
  step_index int NOT NULL DEFAULT 0,
  -- What the open task is for within the step (engine.ts), and that task.
  phase text,
  current_task_id uuid,
  next_run_at timestamptz NOT NULL DEFAULT now(),
  waiting_reason text,
  error text,
  conversation_urn text,
  invited_at timestamptz,
  accepted_at timestamptz,
  messaged_at timestamptz,
  replied_at timestamptz,
  last_step_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sequence_enrollments_due ON sequence_enrollments (next_run_at) WHERE state IN ('active', 'waiting_acceptance');
CREATE INDEX sequence_enrollments_person ON sequence_enrollments (team_id, profile_urn);
CREATE INDEX sequence_enrollments_slug ON sequence_enrollments (team_id, profile_slug);
CREATE INDEX sequence_enrollments_sequence ON sequence_enrollments (sequence_id, created_at);

-- Every task a step queued for an enrollment: its history.
CREATE TABLE sequence_tasks (
  enrollment_id uuid NOT NULL REFERENCES sequence_enrollments(id) ON DELETE CASCADE,
  task_id uuid NOT NULL,
  step_index int NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (enrollment_id, task_id)
);
CREATE INDEX sequence_tasks_task ON sequence_tasks (task_id);

CREATE TRIGGER sequences_team_change AFTER INSERT OR UPDATE OR DELETE ON sequences
  FOR EACH ROW EXECUTE FUNCTION notify_team_change('sequences');
CREATE TRIGGER sequence_enrollments_team_change AFTER INSERT OR UPDATE OF state, step_index ON sequence_enrollments
  FOR EACH ROW EXECUTE FUNCTION notify_team_change('sequences');
