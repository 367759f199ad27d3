-- Watchlists (keyword, people, company), their keywords and tracked targets, collected posts,
-- engagement state and Slack deliveries. Posts are one row per team and activity URN.

CREATE TABLE watchlists (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('keyword', 'people', 'company')),
  name text NOT NULL,
  slug text NOT NULL,
  description text,
  fetch_freq_hours int NOT NULL DEFAULT 12 CHECK (fetch_freq_hours IN (1, 3, 6, 12, 24, 48, 72)),
  disabled boolean NOT NULL DEFAULT false,
  slack_webhook_url text,
  -- Prompt mode: the prompt, and the state of the background keyword generation.
  prompt text,
  prompt_status text CHECK (prompt_status IN ('pending', 'ready', 'failed')),
  prompt_error text,
  labels jsonb NOT NULL DEFAULT '[]',
  -- People/company watchlists track the members of one list.
  list_id uuid,
  -- Scheduler: when the next collection cycle is due (NULL: due at the first tick).
  next_due_at timestamptz,
  last_planned_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, slug)
);
CREATE INDEX watchlists_team_type ON watchlists (team_id, type, created_at DESC);
CREATE INDEX watchlists_due ON watchlists (next_due_at) WHERE NOT disabled;

CREATE TABLE watchlist_keywords (
  id uuid PRIMARY KEY,
  watchlist_id uuid NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
  keyword text NOT NULL,
  required_keywords jsonb NOT NULL DEFAULT '[]',
  excluded_keywords jsonb NOT NULL DEFAULT '[]',
  position int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX watchlist_keywords_watchlist ON watchlist_keywords (watchlist_id, position);

-- Lists of people or companies; a people/company watchlist tracks one list (list_id reuses one).
CREATE TABLE lists (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('people', 'company')),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE list_members (
  list_id uuid NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
  -- Normalised identifier: fsd_profile id / profile slug for people, company slug for companies.
  identifier text NOT NULL,
  identifier_kind text NOT NULL CHECK (identifier_kind IN ('profile_id', 'profile_slug', 'member_id', 'company_slug')),
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (list_id, identifier)
);

CREATE TABLE posts (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  activity_urn text NOT NULL,
  post_url text NOT NULL,
  content text NOT NULL DEFAULT '',
  author_name text NOT NULL DEFAULT '',
  author_url text NOT NULL DEFAULT '',
  author_slug text,
  author_type text,
  author_headline text,
  author_image_url text,
  author_seniority text NOT NULL DEFAULT 'unknown',
  posted_at timestamptz NOT NULL,
  likes_count int NOT NULL DEFAULT 0,
  comments_count int NOT NULL DEFAULT 0,
  shares_count int NOT NULL DEFAULT 0,
  image_urls jsonb,
  videos jsonb,
  liked boolean NOT NULL DEFAULT false,
  commented boolean NOT NULL DEFAULT false,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, activity_urn)
);

-- Which watchlist collected which post. posted_at, engagement and seniority are copied here so a
-- page of /api-posts is one index range scan per watchlist, even at a million posts.
CREATE TABLE watchlist_posts (
  watchlist_id uuid NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
  post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  team_id uuid NOT NULL,
  posted_at timestamptz NOT NULL,
  engagement int NOT NULL DEFAULT 0,
  author_seniority text NOT NULL DEFAULT 'unknown',
  trending_score double precision NOT NULL DEFAULT 0,
  trending boolean NOT NULL DEFAULT false,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (watchlist_id, post_id)
);
CREATE INDEX watchlist_posts_recent ON watchlist_posts (watchlist_id, posted_at DESC, post_id);
CREATE INDEX watchlist_posts_popular ON watchlist_posts (watchlist_id, engagement DESC, posted_at DESC);
CREATE INDEX watchlist_posts_team_recent ON watchlist_posts (team_id, posted_at DESC);

CREATE TABLE slack_deliveries (
  id uuid PRIMARY KEY,
  watchlist_id uuid NOT NULL REFERENCES watchlists(id) ON DELETE CASCADE,
  webhook_url text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX slack_deliveries_due ON slack_deliveries (next_attempt_at) WHERE status = 'pending';
