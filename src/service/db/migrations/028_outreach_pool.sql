-- The team as one pool (docs/team-pool.md): a do-not-contact list, what the service knows of people
-- and their current companies, the team's contact history, and the window in which a person
-- another member contacted is refused.

-- Days after a member's invitation or message in which another member's is refused (0: never).
ALTER TABLE teams ADD COLUMN contact_window_days int NOT NULL DEFAULT 30
  CHECK (contact_window_days BETWEEN 0 AND 365);

-- One row per listed person or company. key is the normalised identifier the checks look up:
-- a person 'urn:li:fsd_profile:<id>', 'slug:<slug>' or 'member:<number>'; a company 'slug:<slug>',
-- 'id:<number>' or 'name:<lower-cased name>'. value is what was given.
CREATE TABLE do_not_contact (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('person', 'company')),
  key text NOT NULL,
  value text NOT NULL,
  reason text,
  -- The member who added it (their e-mail kept if they leave), or null for the team's API key.
  added_by_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, kind, key)
);
CREATE INDEX do_not_contact_listing ON do_not_contact (team_id, created_at, id);

-- People as the team's profile reads showed them: the slug for a URN, and their current companies
-- as keys of the do_not_contact form ('id:…', 'name:…', 'slug:…').
CREATE TABLE team_people (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  profile_urn text NOT NULL,
  profile_slug text,
  name text,
  company_keys text[] NOT NULL DEFAULT '{}',
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, profile_urn)
);
CREATE INDEX team_people_slug ON team_people (team_id, profile_slug);

-- Companies as the team's company reads showed them: a company's slug for its number.
CREATE TABLE team_companies (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  company_id text NOT NULL,
  slug text NOT NULL,
  name text,
  PRIMARY KEY (team_id, company_id)
);

-- Every invitation and message to a person queued for a member, whoever queued it (the API, a
-- sequence): written by the database as the task is, so no path that queues one can miss it. A
-- failed task's event no longer counts (the checks join the task).
CREATE TABLE contact_events (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  profile_urn text NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('invited', 'messaged')),
  task_id uuid,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_events_person ON contact_events (team_id, profile_urn, at DESC);
CREATE INDEX contact_events_listing ON contact_events (team_id, at, id);

CREATE FUNCTION record_contact_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.input ->> 'profile_urn' IS NOT NULL THEN
    INSERT INTO contact_events (id, team_id, profile_urn, user_id, kind, task_id, at)
    VALUES (gen_random_uuid(), NEW.team_id, NEW.input ->> 'profile_urn', NEW.assigned_user_id,
            CASE NEW.type WHEN 'agent_connection_request' THEN 'invited' ELSE 'messaged' END,
            NEW.id, NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tasks_contact_event AFTER INSERT ON tasks
  FOR EACH ROW WHEN (NEW.type IN ('agent_connection_request', 'agent_send_message'))
  EXECUTE FUNCTION record_contact_event();

-- The invitations and messages queued before this table existed.
INSERT INTO contact_events (id, team_id, profile_urn, user_id, kind, task_id, at)
SELECT gen_random_uuid(), team_id, input ->> 'profile_urn', COALESCE(claimed_by, assigned_user_id),
       CASE type WHEN 'agent_connection_request' THEN 'invited' ELSE 'messaged' END, id, created_at
  FROM tasks
 WHERE type IN ('agent_connection_request', 'agent_send_message') AND input ->> 'profile_urn' IS NOT NULL;

-- A person's team history reads their connections to every member.
CREATE INDEX member_connections_person ON member_connections (team_id, profile_urn);
