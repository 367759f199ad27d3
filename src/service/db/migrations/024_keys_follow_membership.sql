-- Keys that follow membership, tokens that end.
--
-- A person who leaves a team must hold nothing that works: the team's key is rotated when someone
-- who was shown the current key leaves (api_key_seen_at, set whenever the key is handed to them).
-- A rotated-out key stays usable only together with a live agent token of a current member, so
-- extensions and dashboards signed in before the rotation keep working; alone it is refused.
ALTER TABLE memberships ADD COLUMN api_key_seen_at timestamptz;
UPDATE memberships SET api_key_seen_at = joined_at WHERE user_id IS NOT NULL;

CREATE TABLE team_retired_keys (
  key_hash bytea PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  retired_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_retired_keys_team ON team_retired_keys (team_id);

-- What a token was issued for decides how long it lives (src/service/auth/token-lifetimes.ts):
-- an extension's lives while it is used, a dashboard sign-in's at most a day.
ALTER TABLE agent_tokens ADD COLUMN kind text NOT NULL DEFAULT 'extension'
  CHECK (kind IN ('extension', 'dashboard'));
