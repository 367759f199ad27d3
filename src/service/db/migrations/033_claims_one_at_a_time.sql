-- Only claims that may run beside each other need a claim to rewrite its member's row (migration
-- 023): the `held` statement of src/service/tasks/claim.ts reads it, on PostgreSQL. PGlite's one
-- session runs statements one at a time and never uses that statement; it starts with
-- `network_agent.claims_one_at_a_time` on (src/service/db/pglite-database.ts), and its claims skip
-- the rewrite, whose cost is on the way from a task's creation to a waiting agent. A PostgreSQL
-- server never has the setting, so every claim there rewrites the row as before.
DROP TRIGGER tasks_claim_marks_member ON tasks;
CREATE TRIGGER tasks_claim_marks_member AFTER UPDATE OF status ON tasks
  FOR EACH ROW WHEN (NEW.status = 'processing' AND OLD.status IS DISTINCT FROM 'processing' AND NEW.claimed_by IS NOT NULL
                     AND current_setting('network_agent.claims_one_at_a_time', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION mark_member_claim();
