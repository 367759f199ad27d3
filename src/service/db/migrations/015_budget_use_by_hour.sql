-- A member's use of its budgets, counted by the hour (docs/budgets.md). A claim under a budget read
-- the member's week of tasks to count them (every claim, growing with the member's work); it now
-- reads at most one row per hour of the windows, plus the few tasks that set the windows' edges
-- (src/service/budgets/usage.ts).
--
-- A use is a task the member's account ran: status processing or completed, with its end time
-- (finished_at). Ended uses are counted here, by member, kind and the hour they ended in; running
-- ones (no end time yet) are read from the tasks, where they are few. The triggers keep the counts
-- in the task's own statement: a task that ends, is back-dated, re-assigned or deleted moves its
-- one use with it, in the same transaction.
-- No task may end between the count at the end and the triggers taking over.
LOCK TABLE tasks IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE budget_use_by_hour (
  user_id uuid NOT NULL,
  -- The hour a use ended in, on the epoch's hours (not the session's time zone).
  hour timestamptz NOT NULL,
  type text NOT NULL,
  uses int NOT NULL,
  -- A claim reads one member's hours of a window: by member, then hour.
  PRIMARY KEY (user_id, hour, type)
);

CREATE FUNCTION use_hour(finished timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT to_timestamp(floor(extract(epoch FROM finished) / 3600) * 3600)
$$;

CREATE FUNCTION count_budget_use() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.claimed_by IS NOT NULL AND OLD.finished_at IS NOT NULL AND OLD.status IN ('processing', 'completed') THEN
    UPDATE budget_use_by_hour SET uses = uses - 1
     WHERE user_id = OLD.claimed_by AND type = OLD.type AND hour = use_hour(OLD.finished_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.claimed_by IS NOT NULL AND NEW.finished_at IS NOT NULL AND NEW.status IN ('processing', 'completed') THEN
    INSERT INTO budget_use_by_hour (user_id, type, hour, uses) VALUES (NEW.claimed_by, NEW.type, use_hour(NEW.finished_at), 1)
    ON CONFLICT (user_id, hour, type) DO UPDATE SET uses = budget_use_by_hour.uses + 1;
  END IF;
  RETURN NULL;
END $$;

-- Only a row that is (or was) an ended use calls the function: claims, failures and retries do not.
CREATE TRIGGER tasks_budget_use_insert AFTER INSERT ON tasks FOR EACH ROW
  WHEN (NEW.claimed_by IS NOT NULL AND NEW.finished_at IS NOT NULL AND NEW.status IN ('processing', 'completed'))
  EXECUTE FUNCTION count_budget_use();
CREATE TRIGGER tasks_budget_use_update AFTER UPDATE OF status, claimed_by, type, finished_at ON tasks FOR EACH ROW
  WHEN (((OLD.claimed_by IS NOT NULL AND OLD.finished_at IS NOT NULL AND OLD.status IN ('processing', 'completed'))
      OR (NEW.claimed_by IS NOT NULL AND NEW.finished_at IS NOT NULL AND NEW.status IN ('processing', 'completed')))
    AND (OLD.status, OLD.claimed_by, OLD.type, OLD.finished_at) IS DISTINCT FROM (NEW.status, NEW.claimed_by, NEW.type, NEW.finished_at))
  EXECUTE FUNCTION count_budget_use();
CREATE TRIGGER tasks_budget_use_delete AFTER DELETE ON tasks FOR EACH ROW
  WHEN (OLD.claimed_by IS NOT NULL AND OLD.finished_at IS NOT NULL AND OLD.status IN ('processing', 'completed'))
  EXECUTE FUNCTION count_budget_use();

-- The week's uses so far (older ones are never read again; the service prunes them, jobs.ts).
INSERT INTO budget_use_by_hour (user_id, type, hour, uses)
SELECT claimed_by, type, use_hour(finished_at), count(*)
  FROM tasks
 WHERE claimed_by IS NOT NULL AND finished_at > now() - interval '8 days' AND status IN ('processing', 'completed')
 GROUP BY 1, 2, 3;
