import { z } from './zod.js';
import { TASK_STATUSES, TaskError, TaskStatus, TaskType } from './task-types.js';

const limitMessage = "Invalid 'limit': must be a whole number from 1 to 200";

/** `GET /api-tasks`: the team's recent tasks, newest first (the dashboard's activity list). */
export const TaskListQuery = z.strictObject(
  {
    status: z.optional(z.enum(TASK_STATUSES, { error: "Invalid 'status': must be one of pending, processing, completed, failed" })),
    limit: z._default(
      z.coerce
        .number({ error: limitMessage })
        .check(z.int({ error: limitMessage }), z.gte(1, { error: limitMessage }), z.lte(200, { error: limitMessage })),
      50,
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${issue.keys.map((k) => `'${k}'`).join(', ')}` : undefined,
  },
);

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
  created_at: z.string(),
  updated_at: z.string(),
});
export const TaskListResponse = z.object({ tasks: z.array(TaskSummary), count: z.number().check(z.int()) });
export type TaskListResponse = z.infer<typeof TaskListResponse>;
