import type { ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type { ErrorAnswer } from './error-answer.js';

/** An answer a route gives later: its status and JSON body, or none. */
export interface LaterAnswer {
  status: 200 | 204;
  json?: unknown;
}

/**
 * The socket's response of a request the Node adapter serves; undefined for a request made in
 * process (`app.request`), which has none.
 */
export function socketResponse(c: Context): ServerResponse | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.outgoing as ServerResponse | undefined;
}

/**
 * Writes `answer` to `res` when it settles, and returns at once the response by which the Node
 * adapter leaves the socket to the route. A request that waits long, the long-poll claim, then
 * holds nothing of Hono's chain while it waits (its context, the frames of the handler and
 * middlewares): only what `answer` holds. An error is answered as the app's error handler would
 * (`onError`, error-answer.ts). Only for a route whose middlewares set no header and do nothing
 * after `next()`.
 */
export function answerLater(
  res: ServerResponse,
  answer: Promise<LaterAnswer>,
  onError: (err: Error) => ErrorAnswer,
): Response {
  answer.then(
    (a) => write(res, a.status, {}, a.json),
    (err: unknown) => {
      const e = onError(err instanceof Error ? err : new Error(String(err)));
      write(res, e.status, e.headers, e.body);
    },
  );
  return RESPONSE_ALREADY_SENT;
}

function write(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  json: unknown,
): void {
  // The client left: there is nobody to answer.
  if (res.destroyed) return;
  if (json === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  const body = JSON.stringify(json);
  res
    .writeHead(status, {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    })
    .end(body);
}
