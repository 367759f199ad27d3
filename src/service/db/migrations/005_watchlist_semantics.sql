-- Watchlist semantics that 004 lacks: the keyword-set key behind idempotent keyword-watchlist
-- creation, and the claim of a prompt-mode generation running in the background.

-- Sorted, lower-cased, trimmed primary keywords joined by a unit separator; NULL while a prompt
-- watchlist has no keywords yet. Creation looks it up under the team row's lock (no race).
ALTER TABLE watchlists ADD COLUMN keyword_set_key text;
CREATE INDEX watchlists_keyword_set ON watchlists (team_id, keyword_set_key) WHERE type = 'keyword';

-- Each new prompt (creation or prompt-mode update) bumps the generation; a background result is
-- written only if its generation is still current, so a superseded run can never overwrite.
ALTER TABLE watchlists ADD COLUMN prompt_generation int NOT NULL DEFAULT 0;
-- An instance running a generation holds it until then; a pending one whose claim expired (the
-- instance stopped) is picked up again by the prompt job at start-up or on a later tick.
ALTER TABLE watchlists ADD COLUMN prompt_claimed_until timestamptz;
CREATE INDEX watchlists_prompt_pending ON watchlists (prompt_claimed_until) WHERE prompt_status = 'pending';

-- People and company lists of a team are looked up by team and kind (list_id reuse).
CREATE INDEX lists_team ON lists (team_id, kind);
