import { z } from './zod.js';

/**
 * A member's network account is ramped up when new and held back when unwell (docs/budgets.md,
 * "Warm-up" and "Health"): both make one factor on its write budgets (likes, comments, invitations,
 * messages, withdrawals).
 */

/** A team's warm-up of new members' accounts: on or off, its length, and the share it starts at. */
export const WarmUpSettings = z.object({
  enabled: z.boolean(),
  days: z.number().check(z.int()),
  start_factor: z.number(),
});
export type WarmUpSettings = z.infer<typeof WarmUpSettings>;

/** New accounts start at 20 % of the team's write budgets and reach 100 % over 14 days (sources in docs/budgets.md). */
export const DEFAULT_WARM_UP: WarmUpSettings = { enabled: true, days: 14, start_factor: 0.2 };
export const MAX_WARM_UP_DAYS = 90;

/** A member's warm-up while it runs: its start, end, and the share of the team's write budgets today. */
export const WarmUpView = z.object({
  started_at: z.string(),
  ends_at: z.string(),
  /** The share of the team's write budgets today, 0 to 1. */
  factor: z.number(),
  /** Today is day `day` of `days` (1-based). */
  day: z.number().check(z.int()),
  days: z.number().check(z.int()),
});
export type WarmUpView = z.infer<typeof WarmUpView>;

export const HEALTH_LEVELS = ['good', 'watch', 'poor'] as const;
export const HealthLevel = z.enum(HEALTH_LEVELS);
export type HealthLevel = z.infer<typeof HealthLevel>;

/** The share of the team's write budgets an account of each level gets (docs/budgets.md, "Health"). */
export const HEALTH_BUDGET_FACTOR: Record<HealthLevel, number> = { good: 1, watch: 0.7, poor: 0.4 };

const HEALTH_FACTOR_NAMES = [
  'acceptance_rate',
  'pending_invitations',
  'limit_signals',
  'connections',
  'write_failures',
] as const;
const HealthFactorName = z.enum(HEALTH_FACTOR_NAMES);

/** One input of the health score: its value (null when not known yet), level, 0–100 score and why, in a sentence. */
export const HealthFactor = z.object({
  name: HealthFactorName,
  value: z.nullable(z.number()),
  score: z.number().check(z.int()),
  level: HealthLevel,
  why: z.string(),
});
export type HealthFactor = z.infer<typeof HealthFactor>;

/** An account's health: the score of its weakest factor (0–100), its level, and the factors. */
export const AccountHealth = z.object({
  score: z.number().check(z.int()),
  level: HealthLevel,
  factors: z.array(HealthFactor),
  /** The share of the team's write budgets this level allows (1, 0.7, 0.4). */
  budget_factor: z.number(),
  /** When it was last computed, and when its level last changed; null before the first time. */
  checked_at: z.nullable(z.string()),
  changed_at: z.nullable(z.string()),
});
export type AccountHealth = z.infer<typeof AccountHealth>;
