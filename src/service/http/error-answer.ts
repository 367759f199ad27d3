import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ServiceContext } from '../context.js';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../db/unavailable.js';
import { HttpError } from './http-error.js';

/** What the client sees of an error: its status, headers and `{error}` body. */
export interface ErrorAnswer {
  status: ContentfulStatusCode;
  headers: Record<string, string>;
  body: { error: string };
}

/**
 * The answer to an error a route threw: an `HttpError` as it says, a database out of reach as 503
 * with `Retry-After`, anything else as 500, logged (the client sees no detail).
 */
export function errorAnswer(
  err: Error,
  ctx: ServiceContext,
  request: { method: string; path: string },
): ErrorAnswer {
  if (err instanceof HttpError) {
    return { status: err.status, headers: err.headers, body: { error: excerpt(err.message) } };
  }
  if (isDatabaseUnavailable(err)) {
    ctx.log.warn('database_unavailable', { ...request, message: err.message });
    return {
      status: 503,
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_S) },
      body: {
        error:
          'The service is temporarily unavailable (its database cannot be reached); try again shortly',
      },
    };
  }
  ctx.log.error('unhandled_error', { ...request, message: err.message, stack: err.stack });
  return { status: 500, headers: {}, body: { error: 'Internal server error' } };
}

/** Error messages may quote the input (a field name): never more than a short excerpt of it. */
const MAX_ERROR_CHARS = 300;
function excerpt(message: string): string {
  return message.length <= MAX_ERROR_CHARS ? message : `${message.slice(0, MAX_ERROR_CHARS)}…`;
}
