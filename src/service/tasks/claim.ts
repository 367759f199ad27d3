import type { Database, Queryable, Transaction } from '../db/database.js';
import { WRITE_TYPES, type BudgetLimit, type WorkingHours } from '../../contract/budgets.js';
import { effectiveBudgets, type TeamBudgets } from '../budgets/team-settings.js';
import { writesWindow } from '../budgets/working-hours.js';
import { DAY, USES } from '../budgets/usage.js';
import type { ClaimedTask } from '../../contract/agent.js';
import type { TaskType } from '../../contract/task-types.js';
import { iso, LEASE_SECONDS } from './task-row.js';

/** Who is claiming, and which kinds of work it skips for now (its safety stops). */
export interface ClaimFilter {
  teamId: string;
  userId: string;
  excludeTypes: TaskType[];
}

// Shared by the claim and the "when is the next one due" look-up, so both see the same tasks:
// the team's pending tasks assigned to this member or to nobody, minus the excluded kinds.
const CLAIMABLE = `team_id = $1 AND status = 'pending'
  AND (assigned_user_id IS NULL OR assigned_user_id = $2)
  AND NOT (type = ANY($3::text[]))`;

// docs/agent-protocol.md: a member whose last heartbeat said signed out or paused gets no tasks.
const MEMBER_ELIGIBLE = `EXISTS (SELECT 1 FROM memberships m
  WHERE m.team_id = $1 AND m.user_id = $2 AND m.network_signed_in IS NOT FALSE AND m.paused IS NOT TRUE)`;

// The claim proper: the oldest due task this member may run, taken with SKIP LOCKED. `$SPENT` is
// where the budget check goes.
const CLAIM = `UPDATE tasks
    SET status = 'processing', attempt = attempt + 1, claimed_by = $2,
        lease_expires_at = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
  WHERE id = (
    SELECT id FROM tasks
     WHERE ${CLAIMABLE} AND run_after <= now() AND ${MEMBER_ELIGIBLE} $SPENT
     ORDER BY run_after, created_at
     LIMIT 1
     FOR UPDATE SKIP LOCKED)
  RETURNING id, type, input, attempt, lease_expires_at`;

const CLAIM_UNLIMITED = CLAIM.replace('$SPENT', '');

/** $4: the limited kinds' limits (`{type: {per_day, per_week}}`); their use counted over the member's week. */
const CLAIM_WITHIN_BUDGETS = `WITH limits AS (
     SELECT key AS type, (value->>'per_day')::int AS per_day, (value->>'per_week')::int AS per_week
       FROM jsonb_each($4::jsonb)),
   used AS (
     SELECT type, count(*) FILTER (WHERE finished_at IS NULL OR finished_at > now() - ${DAY}) AS day, count(*) AS week
       ${USES.replace('$1::uuid[]', 'ARRAY[$2]::uuid[]')} AND type IN (SELECT type FROM limits)
      GROUP BY type),
   spent AS (
     SELECT l.type FROM limits l LEFT JOIN used u ON u.type = l.type
      WHERE coalesce(u.day, 0) >= l.per_day OR coalesce(u.week, 0) >= l.per_week)
   ${CLAIM.replace('$SPENT', 'AND type NOT IN (SELECT type FROM spent)')}`;

/** The kinds with a daily or weekly limit, or null when none has one. */
function limitedBudgets(budgets: TeamBudgets): Partial<TeamBudgets> | null {
  const limited = (Object.entries(budgets) as [string, BudgetLimit][]).filter(([, l]) => l.per_day !== null || l.per_week !== null);
  return limited.length ? (Object.fromEntries(limited) as Partial<TeamBudgets>) : null;
}

/**
 * Claims the oldest due task this member may run, or null. SKIP LOCKED lets concurrent claims pass
 * over a row another claim is taking, so two claims never get one task. The attempt is counted
 * here, at claim time: a worker that crashes still uses one up.
 *
 * Account safety (docs/budgets.md): kinds whose budget the member's account has spent, and write
 * actions outside its working hours, are not claimed. The member's row is locked first, in a
 * statement of its own, so the claim's count sees every use committed by a concurrent claim of the
 * same member: two claims can never together overrun a budget.
 */
export async function claimTask(db: Database | Transaction, f: ClaimFilter): Promise<ClaimedTask | null> {
  const run = async (tx: Queryable): Promise<ClaimedTask | null> => {
    const [member] = await tx.query<{ budgets: unknown; working_hours: WorkingHours | null }>(
      `SELECT t.budgets, m.working_hours FROM memberships m JOIN teams t ON t.id = m.team_id
        WHERE m.team_id = $1 AND m.user_id = $2 FOR UPDATE OF m`,
      [f.teamId, f.userId],
    );
    if (!member) return null;
    const exclude = writesWindow(member.working_hours, new Date()).open ? f.excludeTypes : [...new Set([...f.excludeTypes, ...WRITE_TYPES])];
    // Only kinds with a limit are counted: a kind an admin set to no limit (at their own risk)
    // costs the claim nothing, and a team with no limits at all claims like a bare queue.
    const limits = limitedBudgets(effectiveBudgets(member.budgets));
    const [row] = await tx.query<{ id: string; type: TaskType; input: Record<string, unknown>; attempt: number; lease_expires_at: Date }>(
      limits === null ? CLAIM_UNLIMITED : CLAIM_WITHIN_BUDGETS,
      limits === null ? [f.teamId, f.userId, exclude] : [f.teamId, f.userId, exclude, JSON.stringify(limits)],
    );
    if (!row) return null;
    return { id: row.id, type: row.type, input: row.input, attempt: row.attempt, lease_expires_at: iso(row.lease_expires_at)! };
  };
  return 'transaction' in db ? db.transaction(run) : run(db);
}

/** Milliseconds until the next of this member's tasks waiting on `run_after` (a retry delay) is due. */
export async function msUntilNextDue(db: Queryable, f: ClaimFilter): Promise<number | null> {
  const [row] = await db.query<{ ms: number | string | null }>(
    `SELECT EXTRACT(EPOCH FROM (min(run_after) - now())) * 1000 AS ms
       FROM tasks WHERE ${CLAIMABLE} AND run_after > now()`,
    [f.teamId, f.userId, f.excludeTypes],
  );
  return row?.ms === null || row?.ms === undefined ? null : Math.max(0, Number(row.ms));
}
