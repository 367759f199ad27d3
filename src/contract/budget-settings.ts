import { z } from './zod.js';
import { strictBody } from './common.js';
import { TASK_TYPES, type TaskType } from './task-types.js';
import { MAX_BUDGET, MAX_GAP_S, type Pacing } from './budgets.js';
import { AiWrites } from './approvals.js';
import { MAX_WARM_UP_DAYS } from './account-health.js';
import { aiInstructions } from './drafts.js';
import { TeamReplyLabels } from './reply-labels.js';

/**
 * The bodies that change a team's safety settings (docs/budgets.md): PATCH /api-team and
 * PUT /api-team-members/working-hours. Apart from budgets.ts so the extension, which only reads
 * budgets, does not carry them.
 */

// ---- PATCH /api-team -------------------------------------------------------------------------

const limitField = (type: TaskType, window: 'per_day' | 'per_week') => {
  const message = `Invalid 'budgets.${type}.${window}': must be a whole number from 0 to ${MAX_BUDGET}, or null for no limit`;
  return z.optional(
    z.nullable(
      z
        .number({ error: message })
        .check(
          z.int({ error: message }),
          z.gte(0, { error: message }),
          z.lte(MAX_BUDGET, { error: message }),
        ),
    ),
  );
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

const BudgetsPatch = z.strictObject(
  Object.fromEntries(TASK_TYPES.map((t) => [t, z.optional(budgetOf(t))])) as Record<
    TaskType,
    z.ZodMiniOptional<ReturnType<typeof budgetOf>>
  >,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Invalid 'budgets': unknown task type ${issue.keys.map((k) => `'${k}'`).join(', ')}`
        : "Invalid 'budgets': must be an object keyed by task type",
  },
);

const gapField = (name: keyof Pacing) => {
  const message = `Invalid 'pacing.${name}': must be a whole number of seconds from 0 to ${MAX_GAP_S}`;
  return z.optional(
    z
      .number({ error: message })
      .check(
        z.int({ error: message }),
        z.gte(0, { error: message }),
        z.lte(MAX_GAP_S, { error: message }),
      ),
  );
};

const PacingPatch = z.nullable(
  z.strictObject(
    {
      write_min_s: gapField('write_min_s'),
      write_max_s: gapField('write_max_s'),
      read_min_s: gapField('read_min_s'),
      read_max_s: gapField('read_max_s'),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Invalid 'pacing': unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')}`
          : "Invalid 'pacing': must be an object, or null for the defaults",
    },
  ),
);

const withdrawDaysMessage =
  "Invalid 'withdraw_pending_after_days': must be a whole number from 0 to 365 (0: off)";

const warmUpDaysMessage = `Invalid 'warm_up.days': must be a whole number of days from 1 to ${MAX_WARM_UP_DAYS}`;
const factorMessage = "Invalid 'warm_up.start_factor': must be a number from 0.01 to 1";

/** How new members' write budgets are ramped up (docs/budgets.md, "Warm-up"); null returns to the defaults. */
const WarmUpPatch = z.nullable(
  z.strictObject(
    {
      enabled: z.optional(z.boolean({ error: "Invalid 'warm_up.enabled': must be true or false" })),
      days: z.optional(
        z
          .number({ error: warmUpDaysMessage })
          .check(
            z.int({ error: warmUpDaysMessage }),
            z.gte(1, { error: warmUpDaysMessage }),
            z.lte(MAX_WARM_UP_DAYS, { error: warmUpDaysMessage }),
          ),
      ),
      start_factor: z.optional(
        z
          .number({ error: factorMessage })
          .check(z.gte(0.01, { error: factorMessage }), z.lte(1, { error: factorMessage })),
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Invalid 'warm_up': unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')}`
          : "Invalid 'warm_up': must be an object, or null for the defaults",
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
  i_accept_the_risk: z.optional(
    z.boolean({ error: "Invalid 'i_accept_the_risk': must be true or false" }),
  ),
  /** Days after a member's invitation or message in which another member's is refused (0: off). */
  contact_window_days: z.optional(
    z
      .number({ error: "Invalid 'contact_window_days': must be a whole number from 0 to 365" })
      .check(
        z.int({ error: "Invalid 'contact_window_days': must be a whole number from 0 to 365" }),
        z.gte(0, { error: "Invalid 'contact_window_days': must be a whole number from 0 to 365" }),
        z.lte(365, {
          error: "Invalid 'contact_window_days': must be a whole number from 0 to 365",
        }),
      ),
  ),
  /** Writes from AI clients over /mcp (docs/mcp.md): approve (default), allow or off. */
  ai_writes: z.optional(AiWrites),
  /** The weekly summary mail and `summary.weekly` event (docs/api.md, "Weekly summary"); off by default. */
  weekly_summary: z.optional(
    z.boolean({ error: "Invalid 'weekly_summary': must be true or false" }),
  ),
  /** New members' warm-up (docs/budgets.md, "Warm-up"): turning it off or shortening it needs the risk accepted. */
  warm_up: z.optional(WarmUpPatch),
  /** Pending invitations older than this many days are withdrawn (docs/budgets.md "Hygiene"; 0: off). */
  withdraw_pending_after_days: z.optional(
    z
      .number({ error: withdrawDaysMessage })
      .check(
        z.int({ error: withdrawDaysMessage }),
        z.gte(0, { error: withdrawDaysMessage }),
        z.lte(365, { error: withdrawDaysMessage }),
      ),
  ),
  /** One member's challenge or rate limit pauses every member's writes (docs/budgets.md); on by default. */
  team_stops_together: z.optional(
    z.boolean({ error: "Invalid 'team_stops_together': must be true or false" }),
  ),
  /** Ends the team's pause of writes before its time (needs `i_accept_the_risk`). */
  resume_writes: z.optional(z.literal(true, { error: "Invalid 'resume_writes': must be true" })),
  /** What the team tells its model for every draft (docs/ai.md); '' for nothing. */
  ai_instructions: z.optional(aiInstructions('ai_instructions')),
  /** The team's own reply labels, replacing the ones it had (docs/ai.md, "Replies sorted"). */
  reply_labels: z.optional(TeamReplyLabels),
}).check(
  z.refine(
    // Any setting at all: the risk alone changes nothing.
    (b: Record<string, unknown>) =>
      Object.entries(b).some(([k, v]) => k !== 'i_accept_the_risk' && v !== undefined),
    {
      error:
        "Nothing to change: send 'budgets', 'pacing', 'contact_window_days', 'ai_writes', 'weekly_summary', 'warm_up', 'withdraw_pending_after_days', 'team_stops_together', 'resume_writes', 'ai_instructions' and/or 'reply_labels'",
    },
  ),
);
export type PatchTeamBody = z.infer<typeof PatchTeamBody>;

// ---- PUT /api-team-members/working-hours ------------------------------------------------------

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const daysMessage =
  "Invalid 'working_hours.days': must be a non-empty list of ISO weekdays, 1 (Monday) to 7 (Sunday)";
const timeMessage = (f: string) =>
  `Invalid 'working_hours.${f}': must be a time like 08:00 (24-hour clock)`;
const zoneMessage =
  "Invalid 'working_hours.time_zone': must be an IANA time zone such as Europe/Paris";

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const WorkingHoursInput = z
  .strictObject(
    {
      days: z
        .array(
          z
            .number({ error: daysMessage })
            .check(
              z.int({ error: daysMessage }),
              z.gte(1, { error: daysMessage }),
              z.lte(7, { error: daysMessage }),
            ),
          {
            error: daysMessage,
          },
        )
        .check(z.minLength(1, { error: daysMessage }), z.maxLength(7, { error: daysMessage })),
      start: z
        .string({ error: timeMessage('start') })
        .check(z.regex(TIME, { error: timeMessage('start') })),
      end: z
        .string({ error: timeMessage('end') })
        .check(z.regex(TIME, { error: timeMessage('end') })),
      time_zone: z
        .string({ error: zoneMessage })
        .check(
          z.maxLength(64, { error: zoneMessage }),
          z.refine(isTimeZone, { error: zoneMessage }),
        ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Invalid 'working_hours': unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')}`
          : "Invalid 'working_hours': must be an object with days, start, end and time_zone, or null for none",
    },
  )
  .check(
    z.refine((w: { start: string; end: string }) => w.start < w.end, {
      error: "Invalid 'working_hours': 'end' must be later than 'start' on the same day",
    }),
  );

const emailMessage = "Missing or invalid 'email'";
export const SetWorkingHoursBody = strictBody({
  email: z.pipe(
    z
      .string({ error: emailMessage })
      .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: emailMessage })),
    z.email({ error: emailMessage }),
  ),
  working_hours: z.nullable(WorkingHoursInput),
});
export type SetWorkingHoursBody = z.infer<typeof SetWorkingHoursBody>;

// ---- PATCH /api-team-members/warm-up ----------------------------------------------------------

/** An admin ends a member's warm-up now: their account gets the team's full write budgets at once. */
export const EndWarmUpBody = strictBody({
  email: z.pipe(
    z
      .string({ error: emailMessage })
      .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: emailMessage })),
    z.email({ error: emailMessage }),
  ),
  ends_now: z.literal(true, { error: "Invalid 'ends_now': must be true" }),
  i_accept_the_risk: z.optional(
    z.boolean({ error: "Invalid 'i_accept_the_risk': must be true or false" }),
  ),
});
export type EndWarmUpBody = z.infer<typeof EndWarmUpBody>;
