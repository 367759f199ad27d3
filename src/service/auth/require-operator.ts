import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.js';
import { HttpError } from '../http/http-error.js';

/** The operator routes: `authorization: Bearer <operator token>` (auth/operator-credential.ts). */
export const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) throw new HttpError(401, 'Missing operator token');
  if (!c.var.ctx.operator.accepts(token)) throw new HttpError(401, 'Invalid operator token');
  return next();
});
