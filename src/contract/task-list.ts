import { z } from 'zod';
import { TASK_STATUSES, TaskError, TaskStatus, TaskType } from './task-types.js';

/** `GET /api-tasks`: the team's recent tasks, newest first (the dashboard's activity list). */
export const TaskListQuery = z.strictObject(
  {
    status: z
      .enum(TASK_STATUSES, { error: "Invalid 'status': must be one of pending, processing, completed, failed" })
      .optional(),
    limit: z.coerce
      .number({ error: "Invalid 'limit': must be a whole number from 1 to 200" })
      .int({ error: "Invalid 'limit': must be a whole number from 1 to 200" })
      .min(1, { error: "Invalid 'limit': must be a whole number from 1 to 200" })
      .max(200, { error: "Invalid 'limit': must be a whole number from 1 to 200" })
      .default(50),
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
  attempt: z.number().int(),
  error: TaskError.nullable(),
  /** The member the task is routed to; null when any eligible member may run it. */
  assigned_email: z.string().nullable(),
  /** The member whose agent claimed it last, if any. */
  claimed_by_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const TaskListResponse = z.object({ tasks: z.array(TaskSummary), count: z.number().int() });
export type TaskListResponse = z.infer<typeof TaskListResponse>;
