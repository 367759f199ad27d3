-- Teams, users, memberships, sign-in codes, agent tokens, tasks, network maps.
-- Secrets are stored only as SHA-256 hashes (API keys also encrypted, to be revealed to members).

CREATE TABLE teams (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  plan text NOT NULL DEFAULT 'free',
  api_key_hash bytea NOT NULL UNIQUE,
  api_key_encrypted text NOT NULL,
  api_key_rotated_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  full_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One team per user. Invited members have no user_id until they sign in.
CREATE TABLE memberships (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  email text NOT NULL,
  user_id uuid UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('admin', 'member')),
  invited_at timestamptz NOT NULL DEFAULT now(),
  joined_at timestamptz,
  last_active_at timestamptz,
  last_heartbeat_at timestamptz,
  network_signed_in boolean,
  network_member_urn text,
  network_public_identifier text,
  paused boolean,
  pause_reason text,
  extension_version text,
  browser text,
  invite_limited_until timestamptz,
  PRIMARY KEY (team_id, email)
);
CREATE INDEX memberships_team_active ON memberships (team_id, last_active_at);

CREATE TABLE otp_codes (
  email text PRIMARY KEY,
  code_hash bytea NOT NULL,
  full_name text,
  tries_left int NOT NULL,
  expires_at timestamptz NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  sends_in_window int NOT NULL DEFAULT 1,
  window_started_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE agent_tokens (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX agent_tokens_user ON agent_tokens (user_id);

CREATE TABLE tasks (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  type text NOT NULL,
  input jsonb NOT NULL,
  output jsonb,
  error jsonb,
  status text NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
  -- NULL: any eligible member of the team may run it; otherwise only this user.
  assigned_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  claimed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  attempt int NOT NULL DEFAULT 0,
  max_attempts int NOT NULL DEFAULT 3,
  run_after timestamptz NOT NULL DEFAULT now(),
  lease_expires_at timestamptz,
  watchlist_id uuid,
  -- Collection tasks: what they collect (e.g. 'keyword:ai agents'), so two never wait for one target.
  target_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX tasks_claimable ON tasks (team_id, run_after, created_at) WHERE status = 'pending';
CREATE INDEX tasks_leases ON tasks (lease_expires_at) WHERE status = 'processing';
CREATE INDEX tasks_team_recent ON tasks (team_id, created_at DESC);
CREATE UNIQUE INDEX tasks_one_open_per_target ON tasks (team_id, target_key)
  WHERE target_key IS NOT NULL AND status IN ('pending', 'processing');

CREATE TABLE network_maps (
  version int PRIMARY KEY,
  map jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
