import { PREPARED, type Database, type Queryable, type Transaction } from '../db/database.js';
import { WRITE_TYPES } from '../../contract/budgets.js';
import {
  readClaimSettings,
  rememberedSettings,
  rememberSettings,
  type ClaimSettings,
} from './claim-settings.js';
import { writesWindow } from '../budgets/working-hours.js';
import { useCounts } from '../budgets/usage.js';
import { scaledLimitSql, WRITE_TYPES_SQL, writeFactorSql } from '../budgets/budget-factor.js';
import type { ClaimedTask } from '../../contract/agent.js';
import type { TaskType } from '../../contract/task-types.js';
import { iso, LEASE_SECONDS } from './task-row.js';
import { CURRENT_VERSION_SQL } from '../consent/consent-text.js';
import { heldKindsSql } from '../budgets/held-kinds.js';

/** Who is claiming, and which kinds of work it skips for now (its safety stops). */
export interface ClaimFilter {
  teamId: string;
  userId: string;
  excludeTypes: TaskType[];
}

// The team's pending tasks assigned to this member or to nobody, minus the excluded kinds and the
// kinds the member refuses (docs/agent-protocol.md "Consent", read in the statement: a long poll
// never hands out a kind refused while it waited) or is held from (budgets/held-kinds.ts: the
// pending invitations' cap, the team's paused writes; read in the same subquery).
// The kinds are compared as `type || ''`, which the planner has no statistics for: on a team whose
// tasks are all of one kind, its statistics say "a kind left out is every task", so the plan made
// once for any values (db/database.ts) expected no task to pass, and read (and sorted) every pending
// task instead of taking the first in the index's order, a cost that grows with the queue.
const CLAIMABLE = `team_id = $1 AND status = 'pending'
  AND (assigned_user_id IS NULL OR assigned_user_id = $2)
  AND NOT ((type || '') = ANY($3::text[]))
  AND NOT ((type || '') = ANY(coalesce((SELECT r.refused_types || ${heldKindsSql('r', 'h')}
    FROM memberships r JOIN teams h ON h.id = r.team_id WHERE r.team_id = $1 AND r.user_id = $2), '{}')))`;

// docs/agent-protocol.md: a member whose last heartbeat said signed out or paused gets no tasks, nor
// one who has not acknowledged the consent text they are asked now (checked here too, so a long poll
// sees a withdrawal or a new version at once; the claim route answers the 403).
export const ELIGIBLE = `m.network_signed_in IS NOT FALSE AND m.paused IS NOT TRUE AND m.consent_version = ${CURRENT_VERSION_SQL}`;
const MEMBER_ELIGIBLE = `EXISTS (SELECT 1 FROM memberships m WHERE m.team_id = $1 AND m.user_id = $2 AND ${ELIGIBLE})`;
// The same, and the claim settings ($4 the team's stored budgets, $5 the member's working hours)
// still as the claim read them: checked in the claim's own statement, so no lock is needed.
const MEMBER_UNCHANGED = `EXISTS (SELECT 1 FROM memberships m JOIN teams t ON t.id = m.team_id
  WHERE m.team_id = $1 AND m.user_id = $2 AND ${ELIGIBLE}
    AND t.budgets IS NOT DISTINCT FROM $4::jsonb AND m.working_hours IS NOT DISTINCT FROM $5::jsonb)`;

/** The oldest due task this member may run (`member`: the member's check), locked with SKIP LOCKED. */
const oldestClaimable = (columns: string, member: string) => `SELECT ${columns} FROM tasks
     WHERE ${CLAIMABLE} AND run_after <= now() AND ${member}
     ORDER BY run_after, created_at
     LIMIT 1
     FOR UPDATE SKIP LOCKED`;

/** What taking a task writes: its attempt, counted at claim time, and its lease. */
const TAKE = `status = 'processing', attempt = attempt + 1, claimed_by = $2,
        lease_expires_at = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()`;

// The claim proper, for a team without limits: nothing to count. Also says whether the member's
// settings were still as read (`unchanged`): a look that finds nothing then needs no second one.
const CLAIM_UNLIMITED = `WITH taken AS (UPDATE tasks SET ${TAKE}
  WHERE id = (${oldestClaimable('id', MEMBER_UNCHANGED)})
  RETURNING id, type, input, attempt, lease_expires_at)
  SELECT t.*, ${MEMBER_UNCHANGED} AS unchanged FROM (SELECT 1) AS one LEFT JOIN taken t ON true`;

/**
 * Under budgets, only the kind of the task the claim would take is counted (one kind's use, budgets/
 * usage.ts), not every limited kind's: the claim takes the oldest task it may run, and takes it only
 * if that kind's budget has room, in the same statement. A write kind's limits are the member's:
 * the team's times the factor of the member's warm-up and health (budgets/budget-factor.ts), read
 * from the member's row in this statement, so a claim reads nothing more. When it has none, nothing is claimed and
 * the statement names the spent kind (`spent_type`): claimTask looks again without it.
 * `limits`: the parameter with the limited kinds' limits (`{type: {per_day, per_week}}`).
 *
 * `held`: for claims that may run beside it (PostgreSQL), the statement first locks the member's
 * row, and only as it was when the statement began (its `xmin`, the transaction that last wrote
 * it). Every claim rewrites its member's row in its own transaction (migration 023), so a claim of
 * the same member committed after this statement's snapshot, which its count would miss, has
 * changed the row: the statement waits for it, finds the row changed and claims nothing (`moved`);
 * claimTask looks again, with a count that sees it. So each claim's count sees every use committed
 * by a claim before it, in one exchange with the database.
 */
const claimWithinBudgets = (
  limits: string,
  member: string,
  held: boolean,
  unchanged: string,
) => `WITH ${
  held
    ? `seen AS (SELECT xmin AS version FROM memberships WHERE team_id = $1 AND user_id = $2),
   held AS (
     SELECT 1 FROM memberships m, seen
      WHERE m.team_id = $1 AND m.user_id = $2 AND m.xmin = seen.version
      FOR UPDATE OF m),
   `
    : ''
}candidate AS (${oldestClaimable('id, type', held ? `${member} AND EXISTS (SELECT 1 FROM held)` : member)}),
   verdict AS (
     SELECT c.id, c.type,
            coalesce(${limits}::jsonb ? c.type AND (
              SELECT coalesce(sum(u.day), 0) >= ${scaledLimitSql(`(${limits}::jsonb -> c.type ->> 'per_day')::int`, 'f.factor')}
                  OR coalesce(sum(u.week), 0) >= ${scaledLimitSql(`(${limits}::jsonb -> c.type ->> 'per_week')::int`, 'f.factor')}
                FROM (${useCounts('ARRAY[$2]::uuid[]', 'AND type = c.type')}) u), false) AS spent
       FROM candidate c
       CROSS JOIN LATERAL (SELECT CASE WHEN (c.type || '') = ANY(${WRITE_TYPES_SQL})
                                  THEN (SELECT ${writeFactorSql('fm')} FROM memberships fm WHERE fm.team_id = $1 AND fm.user_id = $2)
                                  ELSE 1 END AS factor) f),
   taken AS (
     UPDATE tasks SET ${TAKE}
       FROM verdict v
      WHERE tasks.id = v.id AND NOT v.spent
      RETURNING tasks.id, tasks.type, tasks.input, tasks.attempt, tasks.lease_expires_at)
   SELECT t.*, CASE WHEN v.spent THEN v.type END AS spent_type, ${held ? 'NOT EXISTS (SELECT 1 FROM held)' : 'false'} AS moved,
          ${unchanged} AS unchanged
     FROM (SELECT 1) AS one LEFT JOIN verdict v ON true LEFT JOIN taken t ON true`;

/** After the member's row is locked (claimLocked): $4 the limits. */
const CLAIM_WITHIN_BUDGETS = claimWithinBudgets('$4', MEMBER_ELIGIBLE, false, 'false');
/** One statement with the settings as last read (claimAsRead): $4, $5 as in CLAIM_UNLIMITED, $6 the limits. */
const CLAIM_WITHIN_BUDGETS_AS_READ = claimWithinBudgets(
  '$6',
  MEMBER_UNCHANGED,
  false,
  MEMBER_UNCHANGED,
);
/** The same, holding the member's row as it was (claims that may run beside it). */
const CLAIM_WITHIN_BUDGETS_HELD = claimWithinBudgets(
  '$6',
  MEMBER_UNCHANGED,
  true,
  MEMBER_UNCHANGED,
);

/** Looks that found the member's row changed under them before a claim locks it first instead (claimLocked). */
const MAX_MOVED = 3;

type ClaimedRow = {
  id: string;
  type: TaskType;
  input: Record<string, unknown>;
  attempt: number;
  lease_expires_at: Date;
};
/** A claim's row: the task taken (id null: none), and whether the settings were still as read. */
type UnlimitedRow = { [K in keyof ClaimedRow]: ClaimedRow[K] | null } & { unchanged: boolean };
/** A budgeted claim's row: the task taken, or (id null) the kind whose budget was found spent. */
type BudgetedRow = { [K in keyof ClaimedRow]: ClaimedRow[K] | null } & {
  spent_type: TaskType | null;
  moved: boolean;
  unchanged: boolean;
};

/**
 * One look: a task taken, the kind of the oldest task found spent (look again without it), the
 * member's row changed under a held look (look again), nothing with the settings as read
 * (`settled`), or nothing (the settings may have changed).
 */
type Look =
  | { task: ClaimedTask }
  | { spentType: TaskType }
  | { moved: true }
  | { settled: true }
  | null;

/**
 * Claims the oldest due task this member may run, or null. SKIP LOCKED lets concurrent claims pass
 * over a row another claim is taking, so two claims never get one task. The attempt is counted
 * here, at claim time: a worker that crashes still uses one up.
 *
 * Account safety (docs/budgets.md): kinds whose budget the member's account has spent, and write
 * actions outside its working hours, are not claimed.
 * - In one statement where no other claim can run beside it: a team without limits (only an admin
 *   who accepts the risk sets that; it counts nothing, as a bare queue), and any team on PGlite,
 *   whose one connection runs statements one at a time, so the claim's count sees every use
 *   committed before it. The claim uses the settings this instance last read, and checks in the
 *   same statement that they are still the database's (claim-settings.ts).
 * - A team with limits on PostgreSQL, where claims of one member may run at once on several
 *   connections: the same statement also holds the member's row as the statement found it
 *   (claimWithinBudgets, `held`), so the claim's count sees every use committed by a concurrent
 *   claim: two claims can never together overrun a budget. After a few looks that found the row
 *   changed (a busy member), the member's row is locked first, in a statement of its own.
 */
export async function claimTask(
  db: Database | Transaction,
  f: ClaimFilter,
): Promise<ClaimedTask | null> {
  // Each look that finds a spent kind leaves it out of the next: at most one look per limited kind.
  const spent: TaskType[] = [];
  let moved = 0;
  for (;;) {
    const filter = spent.length ? { ...f, excludeTypes: [...f.excludeTypes, ...spent] } : f;
    const look = moved < MAX_MOVED ? await lookOnce(db, filter) : await claimLocked(db, filter);
    if (!look || 'settled' in look) return null;
    if ('task' in look) return look.task;
    if ('moved' in look) moved++;
    else spent.push(look.spentType);
  }
}

async function lookOnce(db: Database | Transaction, f: ClaimFilter): Promise<Look> {
  const remembered = rememberedSettings(db, f.teamId, f.userId);
  if (remembered) {
    const look = await claimAsRead(db, f, remembered);
    if (look) return look;
  }
  // A first claim, nothing to claim, or the settings changed: read them now.
  const settings = await readClaimSettings(db, f.teamId, f.userId, false);
  if (!settings) return null;
  rememberSettings(db, f.teamId, f.userId, settings);
  // The look above was made with these very settings and found nothing.
  if (remembered && sameSettings(remembered, settings)) return null;
  return claimAsRead(db, f, settings);
}

/** Whether claims of one member may run beside each other: PGlite's one connection runs statements one at a time. */
const concurrent = (db: Queryable) => !('kind' in db && db.kind === 'pglite');

/** One statement, which also checks that `settings` are still the database's (no task when not). */
async function claimAsRead(db: Queryable, f: ClaimFilter, settings: ClaimSettings): Promise<Look> {
  const params = [
    f.teamId,
    f.userId,
    excludedNow(f, settings),
    jsonOrNull(settings.storedBudgets),
    jsonOrNull(settings.workingHours),
  ];
  if (settings.limits === null) {
    const [row] = await db.query<UnlimitedRow>(CLAIM_UNLIMITED, params, PREPARED);
    if (row?.id) return { task: claimed(row as ClaimedRow) };
    return row?.unchanged ? { settled: true } : null;
  }
  const statement = concurrent(db) ? CLAIM_WITHIN_BUDGETS_HELD : CLAIM_WITHIN_BUDGETS_AS_READ;
  const [row] = await db.query<BudgetedRow>(
    statement,
    [...params, JSON.stringify(settings.limits)],
    PREPARED,
  );
  return budgetedLook(row);
}

function claimLocked(db: Database | Transaction, f: ClaimFilter): Promise<Look> {
  const run = async (tx: Queryable): Promise<Look> => {
    const settings = await readClaimSettings(tx, f.teamId, f.userId, true);
    if (!settings) return null;
    rememberSettings(db, f.teamId, f.userId, settings);
    if (settings.limits === null) return claimAsRead(tx, f, settings);
    const [row] = await tx.query<BudgetedRow>(
      CLAIM_WITHIN_BUDGETS,
      [f.teamId, f.userId, excludedNow(f, settings), JSON.stringify(settings.limits)],
      PREPARED,
    );
    return budgetedLook(row);
  };
  return 'transaction' in db ? db.transaction(run, { genericPlans: true }) : run(db);
}

/** The kinds skipped now: the claimer's own, and the write actions outside the member's working hours. */
function excludedNow(f: ClaimFilter, settings: ClaimSettings): TaskType[] {
  return writesWindow(settings.workingHours, new Date()).open
    ? f.excludeTypes
    : [...new Set([...f.excludeTypes, ...WRITE_TYPES])];
}

function budgetedLook(row: BudgetedRow | undefined): Look {
  if (!row) return null;
  if (row.moved) return { moved: true };
  if (row.spent_type) return { spentType: row.spent_type };
  if (row.id !== null) return { task: claimed(row as ClaimedRow) };
  return row.unchanged ? { settled: true } : null;
}

const jsonOrNull = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

function sameSettings(a: ClaimSettings, b: ClaimSettings): boolean {
  return (
    jsonOrNull(a.storedBudgets) === jsonOrNull(b.storedBudgets) &&
    jsonOrNull(a.workingHours) === jsonOrNull(b.workingHours)
  );
}

const claimed = (row: ClaimedRow): ClaimedTask => ({
  id: row.id,
  type: row.type,
  input: row.input,
  attempt: row.attempt,
  lease_expires_at: iso(row.lease_expires_at)!,
});
