import { z } from './zod.js';

/** Every task type of the agent protocol (docs/agent-protocol.md, "Task types"). */
export const TASK_TYPES = [
  'agent_profile_fetch',
  'agent_profiles_tracking',
  'agent_like_post',
  'agent_comment_post',
  'agent_connection_request',
  'agent_company_fetch',
  'agent_company_posts_fetch',
  'agent_profiles_search',
  'agent_connections_fetch',
  'agent_send_message',
  'agent_keyword_tracking',
  'agent_company_tracking',
] as const;
export const TaskType = z.enum(TASK_TYPES);
export type TaskType = z.infer<typeof TaskType>;

export const TASK_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
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
  'network_changed',
  'network_error',
  'timeout',
  'paused_by_user',
  'agent_lost',
] as const;
export const AgentErrorCode = z.enum(AGENT_ERROR_CODES);
export type AgentErrorCode = z.infer<typeof AgentErrorCode>;

export const TaskError = z.object({
  code: AgentErrorCode,
  message: z.string().check(z.maxLength(2000)),
});
export type TaskError = z.infer<typeof TaskError>;
