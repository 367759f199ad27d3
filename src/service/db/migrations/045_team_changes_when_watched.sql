-- A team change (010_team_changes.sql) is announced only while someone may hear it. An instance
-- that knows no live stream is open anywhere (PGlite: it is the only instance) turns the
-- announcements off for its session (live/team-changes.ts); PostgreSQL's sessions never set it, as
-- another instance's streams may be listening. Each write to a task is one NOTIFY fewer then: the
-- notify queue, its delivery and its handling in the service, for nobody.
CREATE OR REPLACE FUNCTION notify_team_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('network_agent.team_changes', true) = 'off' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('team_change',
    (CASE TG_OP WHEN 'DELETE' THEN OLD.team_id ELSE NEW.team_id END)::text || ' ' || TG_ARGV[0]);
  RETURN NULL;
END $$;
