import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { GetTaskStatusQuery, TaskStatusResponse } from '../../contract/network-tasks.js';
import { getTaskStatus } from '../tasks/get-status.js';

/** `GET /network-agent/get-task-status` (spec): the caller's poll for a task's result. */
export const taskStatusRoutes = new Hono<AppEnv>().get(
  '/network-agent/get-task-status',
  describe({
    summary: 'Status, input and result of a task',
    description:
      '`task_output` is null until the task is completed; a failed task carries `error: {code, message}`. ' +
      'States: pending, processing, completed, failed.',
    tag: 'Network tasks',
    security: 'apiKey',
    responses: { 200: { description: 'The task', schema: TaskStatusResponse } },
    errors: {
      400: "`Missing or invalid 'api_agent_task_id'`",
      401: '`Missing API Key` or `Invalid API Key`',
      404: '`Task not found`: no task of this team has that id (another team’s task answers the same)',
    },
  }),
  requireApiKey(),
  validate('query', GetTaskStatusQuery, {
    example: { api_agent_task_id: '0b6f4e8e-3c1d-4b7a-9d5e-2f1a7c9e4b21' },
  }),
  async (c) => {
    const { api_agent_task_id } = c.req.valid('query');
    const data = await getTaskStatus(c.var.ctx.db, c.var.team.id, api_agent_task_id);
    const answer: TaskStatusResponse = { success: true, data };
    return c.json(answer);
  },
);
