-- Relationship tracking (issue 21, docs/relationships.md): the invitations sent through the service
-- with their state, each member's inbox, the connections seen, and when each member is read next.

-- One row per invitation sent through the service (a completed agent_connection_request).
-- accepted: the person appeared among the sender's connections, never inferred from an invitation
-- that left the sent list; expired: it left the sent list and the person is still not a connection.
CREATE TABLE sent_invitations (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  profile_urn text NOT NULL,
  name text,
  profile_url text,
  note text,
  invitation_urn text,
  task_id uuid,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'withdrawn', 'expired')),
  sent_at timestamptz NOT NULL DEFAULT now(),
  state_changed_at timestamptz NOT NULL DEFAULT now(),
  -- When a read of the sent list no longer showed it: expired once a later connections read does not show the person.
  left_sent_list_at timestamptz
);
CREATE INDEX sent_invitations_team_recent ON sent_invitations (team_id, sent_at DESC, id);
CREATE INDEX sent_invitations_person ON sent_invitations (team_id, user_id, profile_urn);

-- Whom each member is connected to, as the connections reads showed it (acceptances, "already connected").
CREATE TABLE member_connections (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  profile_urn text NOT NULL,
  name text,
  profile_url text,
  connected_at timestamptz,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, user_id, profile_urn)
);

CREATE TABLE inbox_conversations (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  conversation_urn text NOT NULL,
  unread boolean NOT NULL DEFAULT false,
  last_activity_at timestamptz NOT NULL,
  participants jsonb NOT NULL DEFAULT '[]',
  last_message jsonb,
  -- The newest message of the others (a reply), for "replies first".
  last_reply_at timestamptz,
  -- News from the other side since its messages were last read: the sync reads them (sync.ts).
  messages_due boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, conversation_urn)
);
CREATE INDEX inbox_conversations_recent ON inbox_conversations (team_id, user_id, last_activity_at DESC);

CREATE TABLE inbox_messages (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  conversation_urn text NOT NULL,
  sender_urn text NOT NULL,
  sender_name text,
  from_me boolean NOT NULL,
  text text NOT NULL,
  delivered_at timestamptz NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, conversation_urn, sender_urn, delivered_at)
);
CREATE INDEX inbox_messages_thread ON inbox_messages (team_id, conversation_urn, delivered_at DESC);
CREATE INDEX inbox_messages_sender ON inbox_messages (team_id, sender_urn) WHERE NOT from_me;

-- When each member who works through the service is read next (relationships/sync.ts).
CREATE TABLE relationship_sync (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  next_sync_at timestamptz NOT NULL DEFAULT now(),
  last_sync_at timestamptz,
  invitations_read_at timestamptz,
  PRIMARY KEY (team_id, user_id)
);

CREATE TRIGGER sent_invitations_team_change AFTER INSERT OR UPDATE OF state ON sent_invitations
  FOR EACH ROW EXECUTE FUNCTION notify_team_change('invitations');
CREATE TRIGGER inbox_conversations_team_change AFTER INSERT OR UPDATE ON inbox_conversations
  FOR EACH ROW EXECUTE FUNCTION notify_team_change('inbox');
