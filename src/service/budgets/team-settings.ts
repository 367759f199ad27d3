import type { Queryable } from '../db/database.js';
import { TASK_TYPES, type TaskType } from '../../contract/task-types.js';
import {
  DEFAULT_BUDGETS,
  DEFAULT_PACING,
  type BudgetLimit,
  type Pacing,
  type TeamBudget,
} from '../../contract/budgets.js';
import type { AiWrites } from '../../contract/approvals.js';
import { DEFAULT_WITHDRAW_AFTER_DAYS } from './hygiene.js';

/** Every task type's limits in force for a team: its own where it set them, the defaults elsewhere. */
export type TeamBudgets = Record<TaskType, BudgetLimit>;

/** Merges what a team stored (`teams.budgets`: only the types and windows it changed) over the defaults. */
export function effectiveBudgets(stored: unknown): TeamBudgets {
  const own = (stored ?? {}) as Partial<Record<TaskType, Partial<BudgetLimit>>>;
  const out = {} as TeamBudgets;
  for (const type of TASK_TYPES) {
    const d = DEFAULT_BUDGETS[type];
    const o = own[type] ?? {};
    out[type] = {
      per_day: o.per_day !== undefined ? o.per_day : d.per_day,
      per_week: o.per_week !== undefined ? o.per_week : d.per_week,
    };
  }
  return out;
}

export function effectivePacing(stored: unknown): Pacing {
  return { ...DEFAULT_PACING, ...((stored ?? {}) as Partial<Pacing>) };
}

export function teamBudgetsView(budgets: TeamBudgets): TeamBudget[] {
  return TASK_TYPES.map((type) => ({
    task_type: type,
    per_day: budgets[type].per_day,
    per_week: budgets[type].per_week,
    default_per_day: DEFAULT_BUDGETS[type].per_day,
    default_per_week: DEFAULT_BUDGETS[type].per_week,
  }));
}

export async function loadTeamSettings(
  db: Queryable,
  teamId: string,
): Promise<{
  budgets: TeamBudgets;
  pacing: Pacing;
  contactWindowDays: number;
  aiWrites: AiWrites;
  weeklySummary: boolean;
  withdrawPendingAfterDays: number;
  teamStopsTogether: boolean;
}> {
  const [row] = await db.query<{
    budgets: unknown;
    pacing: unknown;
    contact_window_days: number;
    ai_writes: AiWrites;
    weekly_summary: boolean;
    withdraw_pending_after_days: number;
    team_stops_together: boolean;
  }>(
    `SELECT budgets, pacing, contact_window_days, ai_writes, weekly_summary, withdraw_pending_after_days,
            team_stops_together FROM teams WHERE id = $1`,
    [teamId],
  );
  return {
    budgets: effectiveBudgets(row?.budgets),
    pacing: effectivePacing(row?.pacing),
    contactWindowDays: row?.contact_window_days ?? 30,
    aiWrites: row?.ai_writes ?? 'approve',
    weeklySummary: row?.weekly_summary ?? false,
    withdrawPendingAfterDays: row?.withdraw_pending_after_days ?? DEFAULT_WITHDRAW_AFTER_DAYS,
    teamStopsTogether: row?.team_stops_together ?? true,
  };
}
