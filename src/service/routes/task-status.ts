import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { readQuery } from '../http/validate.js';
import { GetTaskStatusQuery, type TaskStatusResponse } from '../../contract/network-tasks.js';
import { getTaskStatus } from '../tasks/get-status.js';

/** `GET /network-agent/get-task-status` (spec): the caller's poll for a task's result. */
export const taskStatusRoutes = new Hono<AppEnv>().get('/network-agent/get-task-status', requireApiKey(), async (c) => {
  const { api_agent_task_id } = readQuery(c, GetTaskStatusQuery);
  const data = await getTaskStatus(c.var.ctx.db, c.var.team.id, api_agent_task_id);
  const answer: TaskStatusResponse = { success: true, data };
  return c.json(answer);
});
