import type { z } from 'zod/mini';

/**
 * How a route family documents itself for /openapi.json: one entry per operation, with the same
 * contract schemas the route validates with. Each family keeps its list in `openapi/<family>.ts`,
 * and openapi/document.ts gathers them.
 */
export interface OperationDoc {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** none: public; apiKey: `x-api-key`; member: `x-api-key` + `authorization: Bearer <agent_token>`. */
  security: 'none' | 'apiKey' | 'member';
  body?: z.core.$ZodType;
  query?: z.core.$ZodType;
  responses: Record<number, { description: string; schema?: z.core.$ZodType }>;
}
