import { TeamReplyLabel } from './reply-labels.js';
import { z } from './zod.js';
import { strictBody } from './common.js';
import { Role } from './auth.js';
import { CallHealth } from './agent.js';
import { OperationHealthView } from './operation-health-view.js';
import { MemberSafety, Pacing, TeamBudget } from './budgets.js';
import { TaskType } from './task-types.js';
import { AiWrites } from './approvals.js';
import { AiUsageToday } from './drafts.js';
import { AccountHealth, WarmUpSettings, WarmUpView } from './account-health.js';
import { WritesPaused } from './team-pause.js';

/**
 * Team membership endpoints (issue: "an admin adds members by e-mail and sets roles"). They are
 * called with the team's `x-api-key` and the caller's own `authorization: Bearer <agent_token>`
 * (the token from auth-verify-otp), because the key is shared and does not say who is asking.
 */

const emailMessage = "Missing or invalid 'email'";
export const Email = z.pipe(
  z
    .string({ error: emailMessage })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: emailMessage })),
  z.email({ error: emailMessage }),
);

export const AddMemberBody = strictBody({
  email: Email,
  role: z._default(
    z.enum(['admin', 'member'], { error: "Invalid 'role': must be 'admin' or 'member'" }),
    'member',
  ),
});

export const SetRoleBody = strictBody({
  email: Email,
  role: z.enum(['admin', 'member'], { error: "Invalid 'role': must be 'admin' or 'member'" }),
});

export const RemoveMemberQuery = z.object({ email: Email });

export const MemberView = z.object({
  user_id: z.nullable(z.string()),
  email: z.string(),
  full_name: z.nullable(z.string()),
  role: Role,
  status: z.enum(['active', 'invited']),
  joined_at: z.nullable(z.string()),
  last_active_at: z.nullable(z.string()),
  agent_active: z.boolean(),
  network_signed_in: z.nullable(z.boolean()),
  network_public_identifier: z.nullable(z.string()),
  paused: z.nullable(z.boolean()),
  extension_version: z.nullable(z.string()),
  invite_limited_until: z.nullable(z.string()),
  /** The network map version the member's extension runs with, and the calls of it that failed lately. */
  network_map_version: z.nullable(z.number().check(z.int())),
  network_health: z.array(CallHealth),
  /**
   * Operations whose answers lately lacked required fields or whose ways failed, as the member's
   * extension reports them (docs/network-map.md, "Repairing a drift"), and those its reports stopped
   * naming before a whole answer of them was seen (`unknown`); empty when all are known whole.
   */
  operation_health: z.array(OperationHealthView),
  /**
   * Consent (docs/agent-protocol.md): when the member acknowledged what runs in their name, and which
   * version of the text; null until then (and after a withdrawal). `consent_current`: that version is
   * the one they are asked now, so their agent is given tasks. `refused_types`: the write kinds they
   * turned off, never assigned to them.
   */
  consent_acknowledged_at: z.nullable(z.string()),
  consent_version: z.nullable(z.string()),
  consent_current: z.boolean(),
  refused_types: z.array(TaskType),
  /** Whether the member gets the weekly summary mail when the team sends it (default true). */
  weekly_summary_mail: z.boolean(),
  /** Budgets used, working hours and waiting tasks (docs/budgets.md); GET /api-team only, null for an invitation. */
  safety: z.optional(z.nullable(MemberSafety)),
  /** The account's warm-up while it runs (docs/budgets.md, "Warm-up"); null when done, off, or not begun. */
  warm_up: z.nullable(WarmUpView),
  /** The account's health (docs/budgets.md, "Health"); null for an invitation. */
  health: z.nullable(AccountHealth),
});
export type MemberView = z.infer<typeof MemberView>;

export const TeamView = z.object({
  team: z.object({
    id: z.string(),
    name: z.string(),
    plan: z.string(),
    agent_active: z.boolean(),
    /** Per member and task type, per rolling day and week (docs/budgets.md). */
    budgets: z.array(TeamBudget),
    /** Seconds between two writes and two reads of one member, drawn at random in [min, max]. */
    pacing: Pacing,
    /** Days in which a person another member invited or messaged is refused (docs/team-pool.md). */
    contact_window_days: z.number().check(z.int()),
    /** Writes from AI clients over /mcp: approve, allow or off (docs/mcp.md). */
    ai_writes: AiWrites,
    /** What the team tells its model for every draft (docs/ai.md); '' for nothing. */
    ai_instructions: z.string(),
    /** The team's model calls and tokens of the UTC day, with the plan's daily limits (docs/ai.md). */
    ai_usage_today: AiUsageToday,
    /** The team's own reply labels beside the built-in ones (docs/ai.md, "Replies sorted"). */
    reply_labels: z.array(TeamReplyLabel),
    /** The weekly summary mail and webhook event: off by default (docs/api.md, "Weekly summary"). */
    weekly_summary: z.boolean(),
    /** How new members' write budgets are ramped up (docs/budgets.md, "Warm-up"). */
    warm_up: WarmUpSettings,
    /** Pending invitations older than this many days are withdrawn; 0: off (docs/budgets.md "Hygiene"). */
    withdraw_pending_after_days: z.number().check(z.int()),
    /** One member's challenge or rate limit pauses every member's writes (docs/budgets.md). */
    team_stops_together: z.boolean(),
    /** While the team's writes are paused: which kinds, until when, and why; else null. */
    writes_paused: z.nullable(WritesPaused),
  }),
  me: z.object({ id: z.string(), email: z.string(), role: Role }),
  members: z.array(MemberView),
});
export type TeamView = z.infer<typeof TeamView>;

export const RemoveMemberResponse = z.object({ success: z.literal(true), message: z.string() });
export type RemoveMemberResponse = z.infer<typeof RemoveMemberResponse>;
