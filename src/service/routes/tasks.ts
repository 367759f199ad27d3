import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { TaskListQuery, TaskListResponse } from '../../contract/task-list.js';
import { listRecentTasks } from '../tasks/list-recent.js';

/** `GET /api-tasks?status=&limit=`: the team's recent tasks for the dashboard, newest first. */
export const taskRoutes = new Hono<AppEnv>().get(
  '/api-tasks',
  describe({
    summary: 'Recent tasks of the team, newest first',
    tag: 'Network tasks',
    security: 'apiKey',
    responses: { 200: { description: 'The tasks', schema: TaskListResponse } },
    errors: { 400: 'Invalid `status` or `limit`', 401: '`Missing API Key` or `Invalid API Key`' },
  }),
  requireApiKey(),
  validate('query', TaskListQuery, { example: { status: 'completed', limit: 50 } }),
  async (c) => c.json(await listRecentTasks(c.var.ctx.db, c.var.team.id, c.req.valid('query'))),
);
