import { weakestFactor } from '../../contract/weakest-factor.js';
import type { TaskType } from '../../contract/task-types.js';
import type { BudgetLimit, ReducedBudgets } from '../../contract/budgets.js';
import {
  HEALTH_BUDGET_FACTOR,
  type AccountHealth,
  type HealthFactor,
  type HealthLevel,
  type WarmUpView,
} from '../../contract/account-health.js';
import { manyWords } from '../../contract/task-kinds.js';
import { warmUpFactorSql, writeFactorSql } from './budget-factor.js';

/**
 * What a member's warm-up and health are today, and why their write budgets are lower, in words:
 * GET /api-team, the heartbeat's `safety` and `waiting_reason` (docs/budgets.md, "Warm-up", "Health").
 * The factors are the SQL ones the claim uses (budget-factor.ts), read with the member's row.
 */

/** Columns of a membership row `m` these views need. */
export const FACTOR_COLUMNS = `${warmUpFactorSql('m')} AS warm_up_factor, ${writeFactorSql('m')} AS write_factor,
  m.warm_up_started_at, m.warm_up_ends_at, m.health_level, m.health_score, m.health_factors,
  m.health_checked_at, m.health_changed_at, now() AS factor_now`;

export interface FactorRow {
  warm_up_factor: string | number;
  write_factor: string | number;
  warm_up_started_at: Date | null;
  warm_up_ends_at: Date | null;
  health_level: HealthLevel;
  health_score: number | null;
  health_factors: HealthFactor[] | string;
  health_checked_at: Date | null;
  health_changed_at: Date | null;
  factor_now: Date;
}

/** The columns of a FactorRow, each named once (the type checker holds the list to the interface). */
const FACTOR_ROW_KEYS = Object.keys({
  warm_up_factor: true,
  write_factor: true,
  warm_up_started_at: true,
  warm_up_ends_at: true,
  health_level: true,
  health_score: true,
  health_factors: true,
  health_checked_at: true,
  health_changed_at: true,
  factor_now: true,
} satisfies Record<keyof FactorRow, true>) as (keyof FactorRow)[];

/** A row without its warm-up and health columns: what a view shows as it is. */
export function withoutFactorColumns<T extends FactorRow>(row: T): Omit<T, keyof FactorRow> {
  const rest: Partial<T> = { ...row };
  for (const key of FACTOR_ROW_KEYS) delete rest[key];
  return rest as Omit<T, keyof FactorRow>;
}

const DAY_MS = 86_400_000;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const percent = (f: number) => `${Math.round(f * 100)} %`;
const dateWords = (d: Date) => new Date(d).toISOString().slice(0, 10);

/** The warm-up while it runs; null when done, off, or not begun. */
export function warmUpOf(r: FactorRow): WarmUpView | null {
  if (!r.warm_up_started_at || !r.warm_up_ends_at) return null;
  const started = new Date(r.warm_up_started_at).getTime();
  const ends = new Date(r.warm_up_ends_at).getTime();
  const now = new Date(r.factor_now).getTime();
  if (now >= ends) return null;
  return {
    started_at: iso(r.warm_up_started_at)!,
    ends_at: iso(r.warm_up_ends_at)!,
    factor: Number(r.warm_up_factor),
    day: Math.floor((now - started) / DAY_MS) + 1,
    days: Math.max(1, Math.round((ends - started) / DAY_MS)),
  };
}

const factorsOf = (r: FactorRow): HealthFactor[] =>
  typeof r.health_factors === 'string'
    ? (JSON.parse(r.health_factors) as HealthFactor[])
    : r.health_factors;

/** The account's health as last computed (all good, score 100, before the first time). */
export function healthOf(r: FactorRow): AccountHealth {
  return {
    score: r.health_score ?? 100,
    level: r.health_level,
    factors: factorsOf(r),
    budget_factor: HEALTH_BUDGET_FACTOR[r.health_level],
    checked_at: iso(r.health_checked_at),
    changed_at: iso(r.health_changed_at),
  };
}

/** Why a member's write budgets are lower, its parts kept for the words of each budget. */
export interface Reduction {
  factor: number;
  warmUp: WarmUpView | null;
  health: { level: HealthLevel; why: string | null } | null;
}

export function reductionOf(r: FactorRow): Reduction | null {
  const factor = Number(r.write_factor);
  if (factor >= 1) return null;
  const warmUp = warmUpOf(r);
  const weakest = weakestFactor(factorsOf(r));
  return {
    factor,
    warmUp: warmUp && warmUp.factor < 1 ? warmUp : null,
    health: r.health_level === 'good' ? null : { level: r.health_level, why: weakest?.why ?? null },
  };
}

/** "warming up: day 3 of 14 (31 %) until 2026-12-13; account health watch (70 %): …" */
export function reducedView(x: Reduction | null): ReducedBudgets | null {
  if (!x) return null;
  const parts = [
    x.warmUp
      ? `warming up: day ${x.warmUp.day} of ${x.warmUp.days} (${percent(x.warmUp.factor)}) until ${dateWords(new Date(x.warmUp.ends_at))}`
      : null,
    x.health
      ? `account health ${x.health.level} (${percent(HEALTH_BUDGET_FACTOR[x.health.level])})${x.health.why ? `: ${x.health.why}` : ''}`
      : null,
  ];
  return {
    factor: x.factor,
    why: parts.filter(Boolean).join('; '),
    warming_up: x.warmUp !== null,
    health_level: x.health?.level ?? 'good',
  };
}

/**
 * A reduced budget in words, for a `waiting_reason`: "warming up: 5 of 25 connection requests a
 * day until 2026-12-13", "account health poor: 10 of 25 … a day until it recovers".
 */
export function reducedLimitWords(
  type: TaskType,
  team: BudgetLimit,
  member: BudgetLimit,
  x: Reduction,
): string {
  const window = team.per_day !== null ? 'per_day' : 'per_week';
  const amount = `${member[window]} of ${team[window]} ${manyWords(type)} a ${window === 'per_day' ? 'day' : 'week'}`;
  const until = x.warmUp ? dateWords(new Date(x.warmUp.ends_at)) : null;
  if (x.warmUp && x.health)
    return `warming up until ${until} and account health ${x.health.level}: ${amount}`;
  if (x.warmUp) return `warming up: ${amount} until ${until}`;
  return `account health ${x.health?.level ?? 'reduced'}: ${amount} until it recovers`;
}
