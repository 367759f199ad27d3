-- AI drafts that a person approves (docs/ai.md).

-- A draft is queued by the team's model: queued_by 'ai', and queued_by_client names the model.
ALTER TABLE tasks DROP CONSTRAINT tasks_queued_by_check;
ALTER TABLE tasks ADD CONSTRAINT tasks_queued_by_check
  CHECK (queued_by IN ('api_key', 'member', 'watchlist', 'sync', 'sequence', 'mcp', 'ai'));

-- What the team tells its model for every draft (tone, what to say, what never to say).
ALTER TABLE teams ADD COLUMN ai_instructions text NOT NULL DEFAULT ''
  CHECK (length(ai_instructions) <= 2000);

-- The team's model calls per UTC day and purpose: what the plan's daily limit counts, and the
-- tokens they cost. Every call counts, answered or not: a failed one costs the model's time too.
CREATE TABLE ai_usage_days (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  day date NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('draft', 'classification')),
  calls int NOT NULL DEFAULT 0,
  failures int NOT NULL DEFAULT 0,
  prompt_tokens bigint NOT NULL DEFAULT 0,
  completion_tokens bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (team_id, day, purpose)
);
