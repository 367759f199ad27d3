-- Every reply sorted by the team's model, and drafts where the work is (docs/ai.md).

-- Each message from another person is classified once, by a job beside the sync
-- (ai/classify-job.ts). `classification_due` is set when the inbox files the message (older
-- messages stay unsorted: sorting the past would spend the plan's daily calls on history). The
-- attempt is counted at claim time, so an instance that stops mid-call uses one up.
ALTER TABLE inbox_messages
  ADD COLUMN classification_due boolean,
  ADD COLUMN classify_attempts int NOT NULL DEFAULT 0,
  ADD COLUMN classify_claimed_at timestamptz,
  ADD COLUMN classify_after timestamptz,
  ADD COLUMN classification_label text,
  ADD COLUMN classification_confidence real,
  ADD COLUMN classification_model text,
  ADD COLUMN classified_at timestamptz,
  ADD COLUMN classification_error text;
CREATE INDEX inbox_messages_classification_due ON inbox_messages (classify_after)
  WHERE classification_due;

-- A team's own labels beside the built-in ones: [{name, description}].
ALTER TABLE teams ADD COLUMN reply_labels jsonb NOT NULL DEFAULT '[]';

-- What a reply's label does to the person's sequence: {label: "stop" | "continue" | {wait_days}};
-- NULL: a reply does what stop_on_reply says.
ALTER TABLE sequences ADD COLUMN on_reply jsonb;
-- The label of the person's latest sorted reply (the funnel per label), and until when a reply
-- sorted to wait (out of office) holds the person's next step.
ALTER TABLE sequence_enrollments ADD COLUMN reply_label text, ADD COLUMN reply_wait_until timestamptz;

-- A keyword watchlist that drafts comments on its new posts: {member_email, instructions,
-- min_trending_score, max_per_day, since}.
ALTER TABLE watchlists ADD COLUMN draft_comments jsonb;

-- One draft per post and watchlist: the row is the claim (no two instances draft one post) and
-- the day's count against max_per_day.
CREATE TABLE watchlist_comment_drafts (
  watchlist_id uuid NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
  post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  task_id uuid,
  status text NOT NULL DEFAULT 'drafting' CHECK (status IN ('drafting', 'queued', 'failed')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (watchlist_id, post_id)
);
CREATE INDEX watchlist_comment_drafts_day ON watchlist_comment_drafts (watchlist_id, created_at);
