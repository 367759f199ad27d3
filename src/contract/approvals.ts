import { z } from './zod.js';
import { strictBody } from './common.js';
import { TASK_TYPES, taskKind } from './task-kinds.js';
import { TaskType } from './task-types.js';
import { QueuedBy, TaskTarget } from './task-list.js';

/**
 * Writes from AI clients (docs/mcp.md). `ai_writes`, a team setting: `approve` (default) queues each
 * write awaiting a person's approval, `allow` queues it at once, `off` refuses it.
 */
const AI_WRITES = ['approve', 'allow', 'off'] as const;
export const AiWrites = z.enum(AI_WRITES, {
  error: `Invalid 'ai_writes': must be one of ${AI_WRITES.join(', ')}`,
});
export type AiWrites = z.infer<typeof AiWrites>;

/** The field holding the text a write sends, per task type that sends text (editable before approval). */
export const APPROVAL_TEXT_FIELDS: Partial<Record<TaskType, string>> = Object.fromEntries(
  TASK_TYPES.flatMap((t) => {
    const field = taskKind(t).text;
    return field ? [[t, field]] : [];
  }),
);

/** Another member's invitation or message to the person a write is for (docs/team-pool.md). */
export const ContactFact = z.object({
  /** Who contacted them; null: a member who has since left. */
  member_email: z.nullable(z.string()),
  at: z.string(),
  kind: z.enum(['invited', 'messaged']),
});
export type ContactFact = z.infer<typeof ContactFact>;

/** One write awaiting approval, with the exact text it would send. */
export const ApprovalView = z.object({
  task_id: z.string(),
  type: TaskType,
  target: TaskTarget,
  /** The member whose account it runs as (null: the team's oldest admin when it is claimed). */
  member_email: z.nullable(z.string()),
  member_name: z.nullable(z.string()),
  /** The input it would run with, text included. */
  task_input: z.record(z.string(), z.unknown()),
  /** The field of `task_input` holding the text it sends, null for a like or a withdrawal. */
  text_field: z.nullable(z.string()),
  text: z.nullable(z.string()),
  queued_by: z.nullable(QueuedBy),
  /**
   * The contact the asker's `force: true` went past when it was queued: another member invited or
   * messaged the person inside the team's contact window. Null: it was not forced past one.
   */
  forced_over: z.nullable(ContactFact),
  /**
   * Another member's latest invitation or message to the person inside the contact window, as it
   * stands now (it may have come while this write waited). Null: none.
   */
  recent_contact: z.nullable(ContactFact),
  created_at: z.string(),
  expires_at: z.string(),
  /** Whether the caller may approve or reject it: an admin, or the member it runs as. */
  can_decide: z.boolean(),
});
export type ApprovalView = z.infer<typeof ApprovalView>;

export const ApprovalListResponse = z.object({
  approvals: z.array(ApprovalView),
  count: z.number().check(z.int()),
});
export type ApprovalListResponse = z.infer<typeof ApprovalListResponse>;

export const ApprovalParam = z.object({
  task_id: z.uuid({ error: "Invalid 'task_id': must be a task id" }),
});

const textMessage = "Invalid 'text': must be a non-empty string of at most 8000 characters";
/** POST /api-approvals/{task_id}/approve: optionally, the text to send instead of the one queued. */
export const ApproveBody = strictBody({
  text: z.optional(
    z
      .string({ error: textMessage })
      .check(
        z.trim(),
        z.minLength(1, { error: textMessage }),
        z.maxLength(8000, { error: textMessage }),
      ),
  ),
});
export type ApproveBody = z.infer<typeof ApproveBody>;

export const ApprovalDecisionResponse = z.object({
  success: z.literal(true),
  task_id: z.string(),
  status: z.enum(['pending', 'failed']),
  message: z.string(),
});
export type ApprovalDecisionResponse = z.infer<typeof ApprovalDecisionResponse>;
