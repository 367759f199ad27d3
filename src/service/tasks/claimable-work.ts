import type { Queryable } from '../db/database.js';
import { ELIGIBLE } from './claim.js';

/** A kind of due pending task of one team, for one assigned member or for anyone (`null`). */
interface DueGroup {
  assignedUserId: string | null;
  type: string;
  due: number;
}

/** What the shared re-check found for a batch of teams. */
export interface ClaimableWork {
  /** Per team with due pending work: its groups. */
  dueByTeam: Map<string, DueGroup[]>;
  /** Per team: ms until its next pending task's retry delay runs out (teams with one only). */
  nextDueMs: Map<string, number>;
  /**
   * Waiting members of those teams that cannot take some work: `null` for one given no tasks now
   * (signed out, paused, consent not acknowledged), else the kinds they refuse.
   */
  blocked: Map<string, string[] | null>;
}

// The member checks of claim.ts, for memberships `m` of any team (there `$1` is the team).
const ELIGIBLE_ANY_TEAM = `coalesce(${ELIGIBLE.replaceAll('$1', 'm.team_id')}, false)`;

/**
 * One statement for the waiting claims of many teams: the teams' due pending tasks grouped by
 * assigned member and kind, when each team's next retry delay runs out, and which of the waiting
 * `members` cannot take work (the few rows the re-check must leave out). Budgets and working hours
 * are left to the claim's own statement: a member they hold is woken, looks once and finds nothing.
 */
const CLAIMABLE_WORK = `WITH work AS (
  SELECT team_id, assigned_user_id, type,
         count(*) FILTER (WHERE run_after <= now())::int AS due,
         EXTRACT(EPOCH FROM (min(run_after) FILTER (WHERE run_after > now()) - now())) * 1000 AS next_ms
    FROM tasks WHERE status = 'pending' AND team_id = ANY($1::uuid[])
   GROUP BY team_id, assigned_user_id, type)
SELECT team_id::text, assigned_user_id::text AS user_id, type, due, next_ms, NULL::text[] AS refused, false AS member
  FROM work
UNION ALL
SELECT m.team_id::text, m.user_id::text, NULL, NULL, NULL,
       CASE WHEN ${ELIGIBLE_ANY_TEAM} THEN m.refused_types END, true
  FROM memberships m
 WHERE m.user_id = ANY($2::uuid[])
   AND m.team_id IN (SELECT team_id FROM work WHERE due > 0)
   AND NOT (${ELIGIBLE_ANY_TEAM} AND cardinality(m.refused_types) = 0)`;

type Row = {
  team_id: string;
  user_id: string | null;
  type: string | null;
  due: number | null;
  next_ms: number | string | null;
  refused: string[] | null;
  member: boolean;
};

/** Which of the waiting `members` of `teamIds` have claimable work now, and when more falls due. */
export async function findClaimableWork(
  db: Queryable,
  teamIds: string[],
  members: string[],
): Promise<ClaimableWork> {
  const rows = await db.query<Row>(CLAIMABLE_WORK, [teamIds, members]);
  const work: ClaimableWork = { dueByTeam: new Map(), nextDueMs: new Map(), blocked: new Map() };
  for (const r of rows) {
    if (r.member) {
      work.blocked.set(r.user_id!, r.refused);
      continue;
    }
    if (r.due! > 0) {
      const groups = work.dueByTeam.get(r.team_id) ?? [];
      groups.push({ assignedUserId: r.user_id, type: r.type!, due: r.due! });
      work.dueByTeam.set(r.team_id, groups);
    }
    if (r.next_ms !== null) {
      const ms = Math.max(0, Number(r.next_ms));
      work.nextDueMs.set(r.team_id, Math.min(ms, work.nextDueMs.get(r.team_id) ?? Infinity));
    }
  }
  return work;
}
