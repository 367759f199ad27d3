import { z } from './zod.js';
import { strictBody } from './common.js';
import { TASK_TYPES, TaskType } from './task-types.js';

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
 * Defaults a careful person would choose, per member and task type. Sources and reasoning in
 * docs/budgets.md; an admin may lower them freely, and raise them only by accepting the risk.
 */
export const DEFAULT_BUDGETS: Record<TaskType, BudgetLimit> = {
  agent_connection_request: { per_day: 25, per_week: 100 },
  agent_send_message: { per_day: 50, per_week: null },
  agent_profile_fetch: { per_day: 80, per_week: null },
  agent_like_post: { per_day: 100, per_week: null },
  agent_comment_post: { per_day: 30, per_week: null },
  agent_profiles_search: { per_day: 300, per_week: null },
  agent_keyword_tracking: { per_day: 300, per_week: null },
  agent_profiles_tracking: { per_day: 300, per_week: null },
  agent_company_tracking: { per_day: 300, per_week: null },
  agent_company_posts_fetch: { per_day: 300, per_week: null },
  agent_company_fetch: { per_day: 300, per_week: null },
  agent_connections_fetch: { per_day: 300, per_week: null },
};

/** What others see the member do: paced like a person, held outside working hours. */
export const WRITE_TYPES: readonly TaskType[] = ['agent_like_post', 'agent_comment_post', 'agent_connection_request', 'agent_send_message'];
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
export const DEFAULT_PACING: Pacing = { write_min_s: 30, write_max_s: 90, read_min_s: 2, read_max_s: 6 };
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

/** One member's use of one budget, and when a slot frees when it is used up. */
export const BudgetUse = z.object({
  task_type: TaskType,
  per_day: z.nullable(z.number()),
  per_week: z.nullable(z.number()),
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
});
export type MemberSafety = z.infer<typeof MemberSafety>;

// ---- PATCH /api-team -------------------------------------------------------------------------

const limitField = (type: TaskType, window: 'per_day' | 'per_week') => {
  const message = `Invalid 'budgets.${type}.${window}': must be a whole number from 0 to ${MAX_BUDGET}, or null for no limit`;
  return z.optional(z.nullable(z.number({ error: message }).check(z.int({ error: message }), z.gte(0, { error: message }), z.lte(MAX_BUDGET, { error: message }))));
};

const budgetOf = (type: TaskType) =>
  z.nullable(
    z.strictObject(
      { per_day: limitField(type, 'per_day'), per_week: limitField(type, 'per_week') },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `Invalid 'budgets.${type}': unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')} (per_day, per_week)`
            : `Invalid 'budgets.${type}': must be an object with per_day and/or per_week, or null for the defaults`,
      },
    ),
  );

const BudgetsPatch = z.strictObject(Object.fromEntries(TASK_TYPES.map((t) => [t, z.optional(budgetOf(t))])) as Record<TaskType, z.ZodMiniOptional<ReturnType<typeof budgetOf>>>, {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? `Invalid 'budgets': unknown task type ${issue.keys.map((k) => `'${k}'`).join(', ')}`
      : "Invalid 'budgets': must be an object keyed by task type",
});

const gapField = (name: keyof Pacing) => {
  const message = `Invalid 'pacing.${name}': must be a whole number of seconds from 0 to ${MAX_GAP_S}`;
  return z.optional(z.number({ error: message }).check(z.int({ error: message }), z.gte(0, { error: message }), z.lte(MAX_GAP_S, { error: message })));
};

const PacingPatch = z.nullable(
  z.strictObject(
    { write_min_s: gapField('write_min_s'), write_max_s: gapField('write_max_s'), read_min_s: gapField('read_min_s'), read_max_s: gapField('read_max_s') },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Invalid 'pacing': unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')}`
          : "Invalid 'pacing': must be an object, or null for the defaults",
    },
  ),
);

/**
 * An admin's changes to the team's safety settings. A budget or pace safer than the default is
 * always allowed; a riskier one needs `i_accept_the_risk: true` (checked by the service, which
 * names the field).
 */
export const PatchTeamBody = strictBody({
  budgets: z.optional(BudgetsPatch),
  pacing: z.optional(PacingPatch),
  i_accept_the_risk: z.optional(z.boolean({ error: "Invalid 'i_accept_the_risk': must be true or false" })),
}).check(
  z.refine((b: { budgets?: unknown; pacing?: unknown }) => b.budgets !== undefined || b.pacing !== undefined, {
    error: "Nothing to change: send 'budgets' and/or 'pacing'",
  }),
);
export type PatchTeamBody = z.infer<typeof PatchTeamBody>;

// ---- PUT /api-team-members/working-hours ------------------------------------------------------

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const daysMessage = "Invalid 'working_hours.days': must be a non-empty list of ISO weekdays, 1 (Monday) to 7 (Sunday)";
const timeMessage = (f: string) => `Invalid 'working_hours.${f}': must be a time like 08:00 (24-hour clock)`;
const zoneMessage = "Invalid 'working_hours.time_zone': must be an IANA time zone such as Europe/Paris";

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const WorkingHoursInput = z
  .strictObject(
    {
      days: z
        .array(z.number({ error: daysMessage }).check(z.int({ error: daysMessage }), z.gte(1, { error: daysMessage }), z.lte(7, { error: daysMessage })), {
          error: daysMessage,
        })
        .check(z.minLength(1, { error: daysMessage }), z.maxLength(7, { error: daysMessage })),
      start: z.string({ error: timeMessage('start') }).check(z.regex(TIME, { error: timeMessage('start') })),
      end: z.string({ error: timeMessage('end') }).check(z.regex(TIME, { error: timeMessage('end') })),
      time_zone: z.string({ error: zoneMessage }).check(z.maxLength(64, { error: zoneMessage }), z.refine(isTimeZone, { error: zoneMessage })),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Invalid 'working_hours': unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')}`
          : "Invalid 'working_hours': must be an object with days, start, end and time_zone, or null for none",
    },
  )
  .check(z.refine((w: { start: string; end: string }) => w.start < w.end, { error: "Invalid 'working_hours': 'end' must be later than 'start' on the same day" }));

const emailMessage = "Missing or invalid 'email'";
export const SetWorkingHoursBody = strictBody({
  email: z.pipe(
    z.string({ error: emailMessage }).check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: emailMessage })),
    z.email({ error: emailMessage }),
  ),
  working_hours: z.nullable(WorkingHoursInput),
});
export type SetWorkingHoursBody = z.infer<typeof SetWorkingHoursBody>;
