-- Keys with a purpose (docs/security.md, "Credentials"): besides the team key, an admin makes keys
-- that carry one scope, `read`, `write` or `ai` (an AI client, whose writes in a member's name
-- follow the team's ai_writes on every path). Only the SHA-256 hash is kept: the secret is shown
-- once, when the key is made, and never again. Revoking deletes the row.
CREATE TABLE team_api_keys (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  name text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('read', 'write', 'ai')),
  key_hash bytea NOT NULL UNIQUE,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Written at most once a minute per key (src/service/teams/scoped-keys.ts), not per request.
  last_used_at timestamptz
);
CREATE INDEX team_api_keys_team ON team_api_keys (team_id, created_at);
