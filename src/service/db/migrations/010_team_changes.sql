-- Live dashboards (GET /api-events): a NOTIFY 'team_change' with "<team id> <kind>" whenever what a
-- team sees changes. Payloads are the same for every row of a kind, so PostgreSQL sends one per
-- transaction however many rows it touched. The stream tells clients what to fetch again; it never
-- carries the data itself, so nothing reaches a client that its own API calls would not show.
CREATE FUNCTION notify_team_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  team uuid := CASE TG_OP WHEN 'DELETE' THEN OLD.team_id ELSE NEW.team_id END;
BEGIN
  PERFORM pg_notify('team_change', team::text || ' ' || TG_ARGV[0]);
  RETURN NULL;
END $$;

CREATE TRIGGER tasks_team_change AFTER INSERT OR UPDATE OF status ON tasks
  FOR EACH ROW EXECUTE FUNCTION notify_team_change('tasks');

CREATE TRIGGER watchlist_posts_team_change AFTER INSERT ON watchlist_posts
  FOR EACH ROW EXECUTE FUNCTION notify_team_change('posts');
CREATE TRIGGER posts_engaged_team_change AFTER UPDATE OF liked, commented ON posts
  FOR EACH ROW WHEN (OLD.liked IS DISTINCT FROM NEW.liked OR OLD.commented IS DISTINCT FROM NEW.commented)
  EXECUTE FUNCTION notify_team_change('posts');

CREATE TRIGGER watchlists_team_change AFTER INSERT OR UPDATE OR DELETE ON watchlists
  FOR EACH ROW EXECUTE FUNCTION notify_team_change('watchlists');

-- Heartbeats rewrite a membership every minute: only a change a person would see is announced.
CREATE TRIGGER memberships_added_team_change AFTER INSERT OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION notify_team_change('members');
CREATE TRIGGER memberships_team_change AFTER UPDATE ON memberships
  FOR EACH ROW WHEN (
    (OLD.role, OLD.user_id, OLD.joined_at, OLD.network_signed_in, OLD.paused, OLD.pause_reason, OLD.extension_version,
     OLD.browser, OLD.network_map_version, OLD.network_health, OLD.invite_limited_until)
    IS DISTINCT FROM
    (NEW.role, NEW.user_id, NEW.joined_at, NEW.network_signed_in, NEW.paused, NEW.pause_reason, NEW.extension_version,
     NEW.browser, NEW.network_map_version, NEW.network_health, NEW.invite_limited_until))
  EXECUTE FUNCTION notify_team_change('members');
