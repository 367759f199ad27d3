-- The sequences job (sequences/engine.ts) runs at once when something it waits for happens: a
-- step's task ended, or a connections read of the relationship sync ended (an acceptance a waiting
-- enrollment needs). Without it a step moves on at the job's next tick. One payload for every row:
-- PostgreSQL sends one notification per transaction.
CREATE FUNCTION notify_sequence_wakeup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sequence_wakeup', '');
  RETURN NULL;
END $$;

CREATE TRIGGER tasks_sequence_wakeup AFTER UPDATE OF status ON tasks
  FOR EACH ROW WHEN (
    NEW.status IN ('completed', 'failed') AND OLD.status IS DISTINCT FROM NEW.status
    AND (NEW.queued_by = 'sequence' OR (NEW.queued_by = 'sync' AND NEW.type = 'agent_connections_fetch')))
  EXECUTE FUNCTION notify_sequence_wakeup();
