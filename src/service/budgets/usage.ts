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
export const DAY = "interval '1 day'";
export const WEEK = "interval '7 days'";

/** `used` = the moment a use counts from: its end, or now while it runs. */
export const USES = `FROM tasks WHERE claimed_by = ANY($1::uuid[]) AND status IN ('processing', 'completed')
  AND (finished_at IS NULL OR finished_at > now() - ${WEEK})`;

export async function loadUsage(db: Queryable, userIds: string[]): Promise<Map<string, Map<TaskType, Use>>> {
  const rows = await db.query<{ claimed_by: string; type: TaskType; day: number; week: number }>(
    `SELECT claimed_by, type,
            count(*) FILTER (WHERE finished_at IS NULL OR finished_at > now() - ${DAY})::int AS day,
            count(*)::int AS week
       ${USES}
      GROUP BY claimed_by, type`,
    [userIds],
  );
  const out = new Map<string, Map<TaskType, Use>>();
  for (const r of rows) {
    let m = out.get(r.claimed_by);
    if (!m) {
      m = new Map();
      out.set(r.claimed_by, m);
    }
    m.set(r.type, { day: r.day, week: r.week });
  }
  return out;
}

/** Whether a limit is reached in either window. */
export function isSpent(limit: BudgetLimit, use: Use | undefined): boolean {
  const u = use ?? { day: 0, week: 0 };
  return (limit.per_day !== null && u.day >= limit.per_day) || (limit.per_week !== null && u.week >= limit.per_week);
}

/**
 * When a spent budget frees a slot: in each spent window, when the use that keeps it full leaves
 * it (the limit-th newest use, plus the window). null when a limit of 0 never frees.
 */
export async function nextFreeAt(db: Queryable, userId: string, type: TaskType, limit: BudgetLimit, use: Use): Promise<Date | null> {
  let free: Date | null = new Date(0);
  for (const [window, cap, used] of [
    [DAY, limit.per_day, use.day],
    [WEEK, limit.per_week, use.week],
  ] as const) {
    if (cap === null || used < cap) continue;
    if (cap === 0) return null;
    const [row] = await db.query<{ free: Date }>(
      `SELECT COALESCE(finished_at, now()) + ${window} AS free
         FROM tasks WHERE claimed_by = $1 AND type = $2 AND status IN ('processing', 'completed')
          AND (finished_at IS NULL OR finished_at > now() - ${window})
        ORDER BY COALESCE(finished_at, now()) DESC OFFSET $3 LIMIT 1`,
      [userId, type, cap - 1],
    );
    if (row && new Date(row.free) > free!) free = new Date(row.free);
  }
  return free!.getTime() === 0 ? null : free;
}
