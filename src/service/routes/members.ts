import { Hono } from 'hono';
import type { AppEnv } from '../context.js';

// TODO(2026-11-22): routes of this family are being built (issue 2).
export const memberRoutes = new Hono<AppEnv>();
