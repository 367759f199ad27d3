import { z } from './zod.js';
import { TASK_TARGET_KINDS } from './task-kinds.js';
import { TASK_STATUSES, TaskError, TaskStatus, TaskType } from './task-types.js';

const limitMessage = "Invalid 'limit': must be a whole number from 1 to 200";

/** `GET /api-tasks`: the team's recent tasks, newest first (the dashboard's activity list). */
export const TaskListQuery = z.strictObject(
  {
    status: z.optional(
      z.enum(TASK_STATUSES, {
        error: `Invalid 'status': must be one of ${TASK_STATUSES.join(', ')}`,
      }),
    ),
    limit: z._default(
      z.coerce
        .number({ error: limitMessage })
        .check(
          z.int({ error: limitMessage }),
          z.gte(1, { error: limitMessage }),
          z.lte(200, { error: limitMessage }),
        ),
      50,
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown query parameter: ${issue.keys.map((k) => `'${k}'`).join(', ')}`
        : undefined,
  },
);

/** What a task acts on, in words a person reads (worded by src/contract/task-target.ts). */
export const TaskTarget = z.object({
  kind: z.enum(TASK_TARGET_KINDS),
  /** A name, slug, keyword or a post's author and first words; never a bare id. */
  label: z.string(),
  /** Where to see it on the network, when known. */
  url: z.nullable(z.string()),
  /** A like or comment on a collected post: that post's id as `/api-posts` gives it. */
  post_id: z.nullable(z.string()),
});
export type TaskTarget = z.infer<typeof TaskTarget>;

/**
 * Who queued a task: `api_key` a call with the team's key alone, `member` a signed-in member (the
 * dashboard: `email` and `name` say who), `watchlist` the scheduler for a watchlist, `sync` the
 * relationship sync (docs/relationships.md), `sequence` a step of a sequence (docs/sequences.md), `mcp` an
 * AI client over /mcp (`client`: the name it gave, docs/mcp.md). Null for tasks queued before this was recorded.
 */
export const QueuedBy = z.object({
  kind: z.enum(['api_key', 'member', 'watchlist', 'sync', 'sequence', 'mcp', 'ai']),
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  client: z.nullable(z.string()),
  /** `ai`: the team's model that drafted it (docs/ai.md); email and name say who asked for the draft. */
  model: z.optional(z.string()),
});
export type QueuedBy = z.infer<typeof QueuedBy>;

export const TaskSummary = z.object({
  id: z.string(),
  type: TaskType,
  status: TaskStatus,
  attempt: z.number().check(z.int()),
  error: z.nullable(TaskError),
  /** The member the task is routed to; null when any eligible member may run it. */
  assigned_email: z.nullable(z.string()),
  /** The member whose agent claimed it last, if any. */
  claimed_by_email: z.nullable(z.string()),
  /** The names of those two members, when they gave one. */
  assigned_name: z.nullable(z.string()),
  claimed_by_name: z.nullable(z.string()),
  target: TaskTarget,
  /** A collection task's watchlist. */
  watchlist: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** A like or comment made as a company page: the page's title. */
  as_company: z.nullable(z.string()),
  queued_by: z.nullable(QueuedBy),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskSummary = z.infer<typeof TaskSummary>;
export const TaskListResponse = z.object({
  tasks: z.array(TaskSummary),
  count: z.number().check(z.int()),
});
export type TaskListResponse = z.infer<typeof TaskListResponse>;
