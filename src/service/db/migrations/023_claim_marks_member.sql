-- A budgeted claim changes its member's row, in the claim's own transaction. A budgeted claim on
-- PostgreSQL counts the member's use in one statement (src/service/tasks/claim.ts, `held`) and takes
-- the member's row only as its snapshot saw it: a claim of the same member committed since, by any
-- instance and any code (a lock-first claim, an instance of an older version), has changed the row,
-- so the statement takes nothing and looks again with a count that sees that claim. Only claims add
-- to a budget's use; ending, failing or giving back a task does not need to be seen.
--
-- Every budgeted claim holds its member's row locked when it takes its task (the statement above,
-- or a lock taken first), so the row is rewritten only when this transaction holds it or nobody
-- does: a claim of a team without limits, which locks nothing, is never held up by a lock on its
-- member (a heartbeat, another instance's budgeted claim) for a budget it does not count.
CREATE FUNCTION mark_member_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM memberships WHERE user_id = NEW.claimed_by FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    -- Rewrites the row as it is: a new row version, and nothing any reader or notification sees.
    UPDATE memberships SET role = role WHERE user_id = NEW.claimed_by;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER tasks_claim_marks_member AFTER UPDATE OF status ON tasks
  FOR EACH ROW WHEN (NEW.status = 'processing' AND OLD.status IS DISTINCT FROM 'processing' AND NEW.claimed_by IS NOT NULL)
  EXECUTE FUNCTION mark_member_claim();
