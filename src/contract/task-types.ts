import { TASK_TYPES } from './task-kinds.js';
import { z } from './zod.js';

export { TASK_TYPES };
export const TaskType = z.enum(TASK_TYPES);
export type TaskType = z.infer<typeof TaskType>;

/**
 * `awaiting_approval`: a write from an AI client that a person approves before any agent may claim
 * it (docs/mcp.md); approving makes it `pending`.
 */
export const TASK_STATUSES = [
  'awaiting_approval',
  'pending',
  'processing',
  'completed',
  'failed',
] as const;
export const TaskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatus>;

/** Error codes an agent reports (docs/agent-protocol.md), plus the service's own `agent_lost`. */
export const AGENT_ERROR_CODES = [
  'network_signed_out',
  'network_rate_limited',
  'network_challenge',
  'invitation_limit',
  'not_found',
  /** The network refused this one target (HTTP 403: a private, renamed or blocked profile). */
  'access_denied',
  'not_first_degree',
  'already_connected',
  'invitation_pending',
  /** agent_invitation_withdraw: no pending invitation to that person (accepted, expired or withdrawn). */
  'invitation_not_found',
  'network_changed',
  'network_error',
  'timeout',
  'paused_by_user',
  'agent_lost',
] as const;
export const AgentErrorCode = z.enum(AGENT_ERROR_CODES);
export type AgentErrorCode = z.infer<typeof AgentErrorCode>;

/**
 * The error of one task as an agent reports it, written once: the service's `fail` body
 * (`FailBody` in agent.ts), the extension's task results (src/network/types.ts) and the worker's
 * check of what its content script sends (extension-messages.ts) all derive from it.
 */
export const AgentTaskError = z.object({
  code: AgentErrorCode,
  message: z.string().check(z.maxLength(2000)),
  retryable: z.boolean(),
  /** invitation_limit: when the network says its limit resets. */
  retry_after: z.optional(z.string().check(z.maxLength(100))),
});
export type AgentTaskError = z.infer<typeof AgentTaskError>;

/**
 * The codes a task's error may carry: the agents' ones, and those only the service sets:
 * `refused_by_member` (a task routed to a member who turned its kind off, docs/agent-protocol.md
 * "Consent"); `stopped_by_reply` (a sequence step's task not yet started, cancelled because the
 * person replied, docs/sequences.md); `sequence_stopped` (the same, because the person was taken
 * out of the sequence or it was deleted); `sender_changed` (the same, because the person moved to
 * another sender of a pooled sequence, who runs the step instead); `rejected_by_member` (a write from
 * an AI client that a person rejected) and `approval_expired` (one nobody approved in time,
 * docs/mcp.md).
 */
const TASK_ERROR_CODES = [
  ...AGENT_ERROR_CODES,
  'refused_by_member',
  'stopped_by_reply',
  'sequence_stopped',
  'sender_changed',
  'rejected_by_member',
  'approval_expired',
] as const;

/** A task's error as `get-task-status` and the task list show it: the code and the message. */
export const TaskError = z.object({
  code: z.enum(TASK_ERROR_CODES),
  message: AgentTaskError.shape.message,
});
export type TaskError = z.infer<typeof TaskError>;
