import { z } from './zod.js';
import { DEFAULT_PACING } from './constants.js';
import { TASK_KINDS, TASK_TYPES, WRITE_TYPES } from './task-kinds.js';
import { TaskType } from './task-types.js';

/**
 * Account safety (docs/budgets.md): how much work of each kind one member's network account does
 * per rolling day and week, how far apart its actions go, and when it may act at all.
 */

/** A limit per rolling window; null: no limit in that window. */
export interface BudgetLimit {
  per_day: number | null;
  per_week: number | null;
}

/**
 * Defaults a careful person would choose, per member and task type (`budget` in task-kinds.ts).
 * Sources and reasoning in docs/budgets.md; an admin may lower them freely, and raise them only by
 * accepting the risk.
 */
export const DEFAULT_BUDGETS = Object.fromEntries(
  TASK_TYPES.map((t) => [t, TASK_KINDS[t].budget]),
) as Record<TaskType, BudgetLimit>;

export { WRITE_TYPES };
export const isWrite = (type: TaskType) => WRITE_TYPES.includes(type);

/** The largest limit anyone may set (with the risk accepted): beyond it a number is a mistake. */
export const MAX_BUDGET = 10_000;

/**
 * Seconds between two tasks of a kind, drawn at random in [min, max] by the extension after each
 * run. Handed out by the service in every heartbeat answer, so a team tightens it without a release.
 */
export const Pacing = z.object({
  write_min_s: z.number(),
  write_max_s: z.number(),
  read_min_s: z.number(),
  read_max_s: z.number(),
});
export type Pacing = z.infer<typeof Pacing>;
export { DEFAULT_PACING };
/** The most spacing anyone may ask for: an hour between two tasks. */
export const MAX_GAP_S = 3600;

/** Days are ISO weekdays (1 Monday … 7 Sunday); times are the member's own wall clock. */
export const WorkingHours = z.object({
  days: z.array(z.number().check(z.int())),
  start: z.string(),
  end: z.string(),
  time_zone: z.string(),
});
export type WorkingHours = z.infer<typeof WorkingHours>;

/** One budget of the team: the limits in force and the defaults they differ from. */
export const TeamBudget = z.object({
  task_type: TaskType,
  per_day: z.nullable(z.number()),
  per_week: z.nullable(z.number()),
  default_per_day: z.nullable(z.number()),
  default_per_week: z.nullable(z.number()),
});
export type TeamBudget = z.infer<typeof TeamBudget>;

/**
 * One member's use of one budget, and when a slot frees when it is used up. `per_day`/`per_week`
 * are the member's limits in force: the team's, times the member's factor for write kinds while
 * it warms up or its health is not good (`reduced`).
 */
export const BudgetUse = z.object({
  task_type: TaskType,
  per_day: z.nullable(z.number()),
  per_week: z.nullable(z.number()),
  /** The team's limits, where the member's are lower (warm-up, health). Absent from older services. */
  team_per_day: z.optional(z.nullable(z.number())),
  team_per_week: z.optional(z.nullable(z.number())),
  used_today: z.number(),
  used_this_week: z.number(),
  /** null while the budget has room; otherwise when the next task of this kind may run. */
  next_free_at: z.nullable(z.string()),
});
export type BudgetUse = z.infer<typeof BudgetUse>;

/** A pending task that cannot run yet, and why, in words. */
export const WaitingTask = z.object({
  task_id: z.string(),
  task_type: TaskType,
  scheduled_for: z.nullable(z.string()),
  waiting_reason: z.string(),
});
export type WaitingTask = z.infer<typeof WaitingTask>;

/** Why a member's write budgets are below the team's today (docs/budgets.md, "Warm-up", "Health"). */
export const ReducedBudgets = z.object({
  /** The share of the team's write budgets, 0 to 1 (a limit rounds down, to no less than 1). */
  factor: z.number(),
  /** "warming up: day 3 of 14 (31 %) until 2026-12-13", "account health watch: …", or both. */
  why: z.string(),
  /** Which reasons hold: the warm-up, and the account's health when it is not good. */
  warming_up: z.boolean(),
  health_level: z.enum(['good', 'watch', 'poor']),
});
export type ReducedBudgets = z.infer<typeof ReducedBudgets>;

/** A member's safety state, as GET /api-team and the heartbeat answer show it. */
export const MemberSafety = z.object({
  budgets: z.array(BudgetUse),
  working_hours: z.nullable(WorkingHours),
  /** Whether write actions may be claimed now (inside working hours, or none set). */
  writes_open: z.boolean(),
  /** When writes may run again, while they may not. */
  writes_open_at: z.nullable(z.string()),
  /** The member's own tasks that wait (budget, working hours), oldest first, at most 20. */
  waiting: z.array(WaitingTask),
  /** null while the member has the team's full write budgets. Absent from older services. */
  reduced: z.optional(z.nullable(ReducedBudgets)),
});
export type MemberSafety = z.infer<typeof MemberSafety>;
