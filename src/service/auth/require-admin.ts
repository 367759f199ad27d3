import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.js';
import { HttpError } from '../http/http-error.js';

/** After requireMember: only an admin of the team goes on; anyone else is answered 403 `Access denied`. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.agent.role !== 'admin') throw new HttpError(403, 'Access denied');
  return next();
});
