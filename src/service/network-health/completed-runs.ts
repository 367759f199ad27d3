import type { Queryable } from '../db/database.js';
import { WHOLE_RUN_WINDOW_MS } from './operation-health-state.js';

/**
 * The latest run of each of these operations (task types) the member completed for the team within
 * the window a whole run counts in (operation-health-state.ts), by operation.
 */
export async function lastCompletedRuns(
  db: Queryable,
  teamId: string,
  userId: string,
  operations: string[],
): Promise<Map<string, Date>> {
  if (operations.length === 0) return new Map();
  const rows = await db.query<{ type: string; at: Date | string }>(
    `SELECT type, max(finished_at) AS at
       FROM tasks
      WHERE claimed_by = $2 AND team_id = $1 AND status = 'completed' AND type = ANY($3::text[])
        AND finished_at > now() - $4 * interval '1 millisecond'
      GROUP BY type`,
    [teamId, userId, operations, WHOLE_RUN_WINDOW_MS],
  );
  return new Map(rows.map((r) => [r.type, new Date(r.at)]));
}
