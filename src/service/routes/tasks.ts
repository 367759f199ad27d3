import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { readQuery } from '../http/validate.js';
import { TaskListQuery } from '../../contract/task-list.js';
import { listRecentTasks } from '../tasks/list-recent.js';

/** `GET /api-tasks?status=&limit=`: the team's recent tasks for the dashboard, newest first. */
export const taskRoutes = new Hono<AppEnv>().get('/api-tasks', requireApiKey(), async (c) => {
  const query = readQuery(c, TaskListQuery);
  return c.json(await listRecentTasks(c.var.ctx.db, c.var.team.id, query));
});
