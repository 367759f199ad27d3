import { WRITE_TYPES } from '../../contract/budgets.js';
import { DEFAULT_WARM_UP, HEALTH_BUDGET_FACTOR } from '../../contract/account-health.js';
import type { BudgetLimit } from '../../contract/budgets.js';

/**
 * A member's factor on the team's write budgets (docs/budgets.md, "Warm-up" and "Health"): its
 * warm-up's share today times its health level's share. Written once, in SQL over the member's row,
 * so the claim folds it into the statement it already runs (tasks/claim.ts) and the views read the
 * very figure the claim uses (budgets/safety.ts).
 */

/**
 * The warm-up's share today, for the membership row `m`: the start factor on the first day, rising
 * by an equal step each whole day since the start, and 1 from `warm_up_ends_at` on (or with none).
 */
export const warmUpFactorSql = (m: string) => `(CASE
  WHEN ${m}.warm_up_ends_at IS NULL OR now() >= ${m}.warm_up_ends_at THEN 1
  ELSE ${m}.warm_up_start_factor + (1 - ${m}.warm_up_start_factor)
       * floor(extract(epoch FROM now() - ${m}.warm_up_started_at) / 86400)
       / greatest(1, round(extract(epoch FROM ${m}.warm_up_ends_at - ${m}.warm_up_started_at) / 86400))
  END)`;

/** The health level's share, for the membership row `m`. */
const healthFactorSql = (m: string) =>
  `(CASE ${m}.health_level WHEN 'poor' THEN ${HEALTH_BUDGET_FACTOR.poor} WHEN 'watch' THEN ${HEALTH_BUDGET_FACTOR.watch} ELSE 1 END)`;

/** Both together, multiplied: each is a reason of its own to send less (4 decimals). */
export const writeFactorSql = (m: string) =>
  `round(${warmUpFactorSql(m)} * ${healthFactorSql(m)}, 4)`;

/**
 * A limit under a factor, in SQL: rounded down, but never below 1 for a kind the team allows (a
 * limit of 0 stays 0, no limit stays none).
 */
export const scaledLimitSql = (limit: string, factor: string) =>
  `(CASE WHEN ${limit} IS NULL OR ${limit} = 0 OR ${factor} >= 1 THEN ${limit} ELSE greatest(1, floor(${limit} * ${factor}))::int END)`;

/** The write kinds, as an SQL array: only their budgets are scaled. */
export const WRITE_TYPES_SQL = `'{${WRITE_TYPES.join(',')}}'::text[]`;

/** scaledLimitSql in TypeScript, for the views: the same rounding (a small margin for binary fractions). */
function scaledLimit(limit: number | null, factor: number): number | null {
  if (limit === null || limit === 0 || factor >= 1) return limit;
  return Math.max(1, Math.floor(limit * factor + 1e-9));
}

export function scaledBudget(limit: BudgetLimit, factor: number): BudgetLimit {
  return {
    per_day: scaledLimit(limit.per_day, factor),
    per_week: scaledLimit(limit.per_week, factor),
  };
}

/**
 * SET clauses of the heartbeat's UPDATE of its member's row (tasks/agent-heartbeat.ts): the first
 * heartbeat that names a network account (`$identity`, a boolean parameter) starts its warm-up with
 * the team's settings then (`$team`, the team's id); a team with warm-up off ends it as it starts.
 * Later heartbeats leave it be. The right-hand sides read the row as it was.
 */
export function warmUpStartSet(identity: string, team: string): string {
  const first = `warm_up_started_at IS NULL AND ${identity}`;
  const setting = (field: string, cast: string, dflt: string | number | boolean) =>
    `coalesce((SELECT (warm_up ->> '${field}')::${cast} FROM teams WHERE id = ${team}), ${dflt})`;
  const days = `CASE WHEN ${setting('enabled', 'boolean', DEFAULT_WARM_UP.enabled)} THEN ${setting('days', 'int', DEFAULT_WARM_UP.days)} ELSE 0 END`;
  return `warm_up_started_at = CASE WHEN ${first} THEN now() ELSE warm_up_started_at END,
          warm_up_ends_at = CASE WHEN ${first} THEN now() + make_interval(days => ${days}) ELSE warm_up_ends_at END,
          warm_up_start_factor = CASE WHEN ${first} THEN ${setting('start_factor', 'numeric', DEFAULT_WARM_UP.start_factor)} ELSE warm_up_start_factor END`;
}
