import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { effectiveBudgets } from '../budgets/team-settings.js';
import { TASK_TYPES, type TaskType } from '../../contract/task-types.js';
import type { MemberStats } from '../../contract/stats.js';
import { queryStats, rangeSql, type StatsRange } from './range.js';
import {
  invitationsByBucket,
  memberInvitationsSql,
  type InvitationBucketRow,
} from './member-invitations.js';

const R = rangeSql({ from: 3, to: 4, bucket: 5, tz: 6 });
const INVITATIONS = memberInvitationsSql(R, '$1', '(SELECT user_id FROM m)');

/** A use of a budget, as budgets/usage.ts counts it: a task the account runs or ran. */
const USE = `status IN ('processing', 'completed')`;

/**
 * One query, for the member with e-mail $2 in team $1:
 * - `buckets`: the actions it ran for this team in the range, per kind, by the bucket they ended in
 *   (each bucket's bounds are converted to instants once, and its tasks read as one index range:
 *   converting each task's end to the zone cost more than reading it);
 * - `windows`: its account's uses of each kind in the rolling day, 7 and 30 days (a running task
 *   counts in each, as for its budgets), and when the oldest use in the day and the week leaves it;
 * - `budgets`: what the team stored over the defaults;
 * - `invitations`: its invitations sent, accepted and waiting, per bucket (member-invitations.ts).
 * The windows' bounds are computed once (`since`), not for each task. Both reads are index-only
 * scans of tasks_member_use. No row when no joined member of the team has that e-mail.
 */
const SQL = `
WITH m AS (
  SELECT ms.user_id, t.budgets FROM memberships ms JOIN teams t ON t.id = ms.team_id
   WHERE ms.team_id = $1 AND ms.email = $2 AND ms.user_id IS NOT NULL),
since AS (SELECT now() - interval '1 day' AS day, now() - interval '7 days' AS week, now() - interval '30 days' AS month),
done AS (
  SELECT k.start, t.type, count(*) AS n
    FROM (${R.bounds}) k CROSS JOIN LATERAL (
      SELECT type FROM tasks
       WHERE claimed_by = (SELECT user_id FROM m) AND team_id = $1 AND ${USE}
         AND finished_at >= k.lo AND finished_at < k.hi) t
   GROUP BY 1, 2),
ended AS (
  SELECT type,
         count(*) FILTER (WHERE finished_at > (SELECT day FROM since)) AS day,
         count(*) FILTER (WHERE finished_at > (SELECT week FROM since)) AS week,
         count(*) AS month,
         min(finished_at) FILTER (WHERE finished_at > (SELECT day FROM since)) + interval '1 day' AS day_frees_at,
         min(finished_at) FILTER (WHERE finished_at > (SELECT week FROM since)) + interval '7 days' AS week_frees_at
    FROM tasks
   WHERE claimed_by = (SELECT user_id FROM m) AND ${USE} AND finished_at > (SELECT month FROM since)
   GROUP BY type),
running AS (
  SELECT type, count(*) AS n FROM tasks
   WHERE claimed_by = (SELECT user_id FROM m) AND ${USE} AND finished_at IS NULL GROUP BY type),
windows AS (
  SELECT type, coalesce(e.day, 0) + coalesce(r.n, 0) AS day, coalesce(e.week, 0) + coalesce(r.n, 0) AS week,
         coalesce(e.month, 0) + coalesce(r.n, 0) AS month, e.day_frees_at, e.week_frees_at
    FROM ended e FULL JOIN running r USING (type)),${INVITATIONS.ctes}
SELECT m.budgets, ${INVITATIONS.column},
  (SELECT json_agg(json_build_object('start', to_char(s.start, 'YYYY-MM-DD'), 'actions', coalesce(d.actions, '{}'))
     ORDER BY s.start)
     FROM (${R.series}) s
     LEFT JOIN (SELECT start, json_object_agg(type, n ORDER BY type) AS actions FROM done GROUP BY start) d ON d.start = s.start) AS buckets,
  (SELECT coalesce(json_agg(json_build_object('type', type, 'day', day, 'week', week, 'month', month,
     'day_frees_at', day_frees_at, 'week_frees_at', week_frees_at)), '[]') FROM windows) AS windows
FROM m`;

interface Row {
  budgets: unknown;
  invitations: InvitationBucketRow[];
  buckets: { start: string; actions: Record<string, number> }[];
  windows: {
    type: TaskType;
    day: number;
    week: number;
    month: number;
    day_frees_at: string | null;
    week_frees_at: string | null;
  }[];
}

const iso = (t: string | null) => (t === null ? null : new Date(t).toISOString());

export async function memberStats(
  db: Queryable,
  teamId: string,
  email: string,
  range: StatsRange,
): Promise<MemberStats> {
  const [row] = await queryStats<Row>(db, SQL, [
    teamId,
    email,
    range.from,
    range.to,
    range.bucket,
    range.tz,
  ]);
  if (!row) throw new HttpError(404, 'No member with that e-mail in the team');
  const totals: Record<string, number> = {};
  const invitations = invitationsByBucket(row.invitations);
  const buckets = row.buckets.map((b) => {
    let total = 0;
    const actions: Record<string, number> = {};
    for (const [type, n] of Object.entries(b.actions)) {
      actions[type] = Number(n);
      total += Number(n);
      totals[type] = (totals[type] ?? 0) + Number(n);
    }
    return { start: b.start, total, actions, invitations: invitations.byStart.get(b.start)! };
  });
  const limits = effectiveBudgets(row.budgets);
  const windows = new Map(row.windows.map((w) => [w.type, w]));
  return {
    email,
    ...range,
    buckets,
    totals: {
      total: buckets.reduce((n, b) => n + b.total, 0),
      actions: totals,
      budgets: TASK_TYPES.map((type) => {
        const w = windows.get(type);
        return {
          task_type: type,
          per_day: limits[type].per_day,
          per_week: limits[type].per_week,
          used_last_day: Number(w?.day ?? 0),
          used_last_7_days: Number(w?.week ?? 0),
          used_last_30_days: Number(w?.month ?? 0),
          day_frees_at: iso(w?.day_frees_at ?? null),
          week_frees_at: iso(w?.week_frees_at ?? null),
        };
      }),
      invitations: invitations.total,
    },
  };
}
