import type { Queryable } from '../db/database.js';
import type { TaskType } from '../../contract/task-types.js';
import type { BudgetLimit } from '../../contract/budgets.js';

/**
 * A member's use of its budgets: the tasks of each kind its account ran (completed) or runs
 * (processing) in the rolling day and week. Counted by account, not by team: a person who changed
 * teams brings the week's use of their network account along. A task that failed is not counted
 * (it did not act, or the network refused it); one still running is, so two claims cannot overrun.
 */
export interface Use {
  day: number;
  week: number;
}

/** The rolling windows, as SQL intervals. */
const DAY = "interval '1 day'";
const WEEK = "interval '7 days'";

/** A use: a task the account runs (no end time yet) or ran; `used` is when it ended, or now while it runs. */
const USE = `status IN ('processing', 'completed')`;

/**
 * Each member's use of each kind in the rolling day and week, as rows (user_id, type, day, week):
 * `$MEMBERS` the members (a uuid[] expression), `$KINDS` a condition on `type` (or empty for all).
 * Exactly what counting the tasks gives, read from few rows (migration 015): running uses from the
 * tasks (a member has few); ended ones from budget_use_by_hour for the whole hours inside a window
 * (at most one row an hour), and from the tasks only for the part of the hour a window begins in.
 */
const USE_COUNTS = `
  SELECT user_id, type, sum(day)::int AS day, sum(week)::int AS week FROM (
    SELECT claimed_by AS user_id, type, count(*) AS day, count(*) AS week
      FROM tasks WHERE claimed_by = ANY($MEMBERS) AND finished_at IS NULL AND ${USE} $KINDS
     GROUP BY 1, 2
    UNION ALL
    SELECT user_id, type, coalesce(sum(uses) FILTER (WHERE hour >= use_hour(now() - ${DAY}) + interval '1 hour'), 0), sum(uses)
      FROM budget_use_by_hour WHERE user_id = ANY($MEMBERS) AND hour >= use_hour(now() - ${WEEK}) + interval '1 hour' $KINDS
     GROUP BY 1, 2
    UNION ALL
    SELECT claimed_by, type, count(*), 0
      FROM tasks WHERE claimed_by = ANY($MEMBERS) AND ${USE} $KINDS
       AND finished_at > now() - ${DAY} AND finished_at < use_hour(now() - ${DAY}) + interval '1 hour'
     GROUP BY 1, 2
    UNION ALL
    SELECT claimed_by, type, 0, count(*)
      FROM tasks WHERE claimed_by = ANY($MEMBERS) AND ${USE} $KINDS
       AND finished_at > now() - ${WEEK} AND finished_at < use_hour(now() - ${WEEK}) + interval '1 hour'
     GROUP BY 1, 2
  ) uses GROUP BY 1, 2`;

/** USE_COUNTS of these members and kinds (`kinds`: a condition on `type`, empty for every kind). */
export const useCounts = (members: string, kinds = '') =>
  USE_COUNTS.replaceAll('$MEMBERS', members).replaceAll('$KINDS', kinds);

export async function loadUsage(
  db: Queryable,
  userIds: string[],
): Promise<Map<string, Map<TaskType, Use>>> {
  const rows = await db.query<{ user_id: string; type: TaskType; day: number; week: number }>(
    useCounts('$1::uuid[]'),
    [userIds],
  );
  const out = new Map<string, Map<TaskType, Use>>();
  for (const r of rows) {
    let m = out.get(r.user_id);
    if (!m) {
      m = new Map();
      out.set(r.user_id, m);
    }
    m.set(r.type, { day: r.day, week: r.week });
  }
  return out;
}

/** Hours a week and a day behind: never read again (the windows start after them). */
export async function pruneUseByHour(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM budget_use_by_hour WHERE hour < now() - ${WEEK} - ${DAY}`);
}

/** Whether a limit is reached in either window. */
export function isSpent(limit: BudgetLimit, use: Use | undefined): boolean {
  const u = use ?? { day: 0, week: 0 };
  return (
    (limit.per_day !== null && u.day >= limit.per_day) ||
    (limit.per_week !== null && u.week >= limit.per_week)
  );
}

/**
 * When a spent budget frees a slot: in each spent window, when the use that keeps it full leaves
 * it (the limit-th newest use, plus the window). null when a limit of 0 never frees.
 */
export async function nextFreeAt(
  db: Queryable,
  userId: string,
  type: TaskType,
  limit: BudgetLimit,
  use: Use,
): Promise<Date | null> {
  let free: Date | null = new Date(0);
  for (const [window, cap, used] of [
    [DAY, limit.per_day, use.day],
    [WEEK, limit.per_week, use.week],
  ] as const) {
    if (cap === null || used < cap) continue;
    if (cap === 0) return null;
    const [row] = await db.query<{ free: Date }>(
      `SELECT COALESCE(finished_at, now()) + ${window} AS free
         FROM tasks WHERE claimed_by = $1 AND type = $2 AND ${USE}
          AND (finished_at IS NULL OR finished_at > now() - ${window})
        ORDER BY COALESCE(finished_at, now()) DESC OFFSET $3 LIMIT 1`,
      [userId, type, cap - 1],
    );
    if (row && new Date(row.free) > free!) free = new Date(row.free);
  }
  return free!.getTime() === 0 ? null : free;
}
