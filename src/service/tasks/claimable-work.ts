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
 * assigned member and kind, and when each team's next retry delay runs out. Budgets and working
 * hours are left to the claim's own statement: a member they hold is woken, looks once and finds
 * nothing.
 */
const TEAMS_WORK = `SELECT team_id::text, assigned_user_id::text AS user_id, type,
       count(*) FILTER (WHERE run_after <= now())::int AS due,
       EXTRACT(EPOCH FROM (min(run_after) FILTER (WHERE run_after > now()) - now())) * 1000 AS next_ms
  FROM tasks WHERE status = 'pending' AND team_id = ANY($1::uuid[])
 GROUP BY team_id, assigned_user_id, type`;

/**
 * Only when some team has due work, a second one: which of its waiting members cannot take work
 * (the few rows the re-check must leave out). Most re-checks find nothing due, and the waiting
 * members of a team of 10,000 made each of them 10-20 times slower.
 */
const BLOCKED_MEMBERS = `SELECT m.user_id::text, CASE WHEN ${ELIGIBLE_ANY_TEAM} THEN m.refused_types END AS refused
  FROM memberships m
 WHERE m.team_id = ANY($1::uuid[]) AND m.user_id = ANY($2::uuid[])
   AND NOT (${ELIGIBLE_ANY_TEAM} AND cardinality(m.refused_types) = 0)`;

type WorkRow = {
  team_id: string;
  user_id: string | null;
  type: string;
  due: number;
  next_ms: number | string | null;
};

/**
 * What `teamIds` have claimable now, and when more falls due; `waitingMembers` names the members
 * waiting in the teams found with due work.
 */
export async function findClaimableWork(
  db: Queryable,
  teamIds: string[],
  waitingMembers: (teamIds: string[]) => string[],
): Promise<ClaimableWork> {
  const rows = await db.query<WorkRow>(TEAMS_WORK, [teamIds]);
  const work: ClaimableWork = { dueByTeam: new Map(), nextDueMs: new Map(), blocked: new Map() };
  for (const r of rows) {
    if (r.due > 0) {
      const groups = work.dueByTeam.get(r.team_id) ?? [];
      groups.push({ assignedUserId: r.user_id, type: r.type, due: r.due });
      work.dueByTeam.set(r.team_id, groups);
    }
    if (r.next_ms !== null) {
      const ms = Math.max(0, Number(r.next_ms));
      work.nextDueMs.set(r.team_id, Math.min(ms, work.nextDueMs.get(r.team_id) ?? Infinity));
    }
  }
  if (work.dueByTeam.size === 0) return work;
  const dueTeams = [...work.dueByTeam.keys()];
  const blocked = await db.query<{ user_id: string; refused: string[] | null }>(BLOCKED_MEMBERS, [
    dueTeams,
    waitingMembers(dueTeams),
  ]);
  for (const r of blocked) work.blocked.set(r.user_id, r.refused);
  return work;
}
