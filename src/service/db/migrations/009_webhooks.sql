-- Signed webhooks for API users (docs/webhooks.md): a team registers URLs for task.completed,
-- task.failed and posts.collected. Events are written as deliveries in the same transaction as what
-- they report (an outbox), sent by a background job, retried with backoff for a day; a failing
-- endpoint never blocks a task.
CREATE TABLE webhooks (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  -- Sealed with SECRET_KEY: the service must sign with it, so it cannot be only a hash.
  secret_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_team ON webhooks (team_id);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  webhook_id uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  event text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_status int,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, created_at DESC);

-- A task that ends (completed or failed, by its agent or by the lease sweep) becomes one delivery
-- per webhook of its team that asked for the event. In the same transaction: nothing is reported
-- that did not happen, and nothing that happened is lost.
CREATE FUNCTION enqueue_task_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event text := 'task.' || NEW.status;
BEGIN
  INSERT INTO webhook_deliveries (id, webhook_id, team_id, event, payload)
  SELECT d.id, w.id, NEW.team_id, event,
         jsonb_build_object(
           'id', d.id, 'type', event, 'created_at', now(),
           'data', jsonb_build_object('task', jsonb_build_object(
             'id', NEW.id, 'type', NEW.type, 'status', NEW.status, 'task_input', NEW.input,
             'task_output', NEW.output, 'error', NEW.error)))
    FROM webhooks w CROSS JOIN LATERAL (SELECT gen_random_uuid() AS id) d
   WHERE w.team_id = NEW.team_id AND event = ANY (w.events);
  IF FOUND THEN PERFORM pg_notify('webhook_ready', NEW.team_id::text); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER tasks_webhooks AFTER UPDATE OF status ON tasks
  FOR EACH ROW WHEN (NEW.status IN ('completed', 'failed') AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION enqueue_task_webhooks();
