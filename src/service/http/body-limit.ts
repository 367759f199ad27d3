import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';

/**
 * Refuses a request body over `maxSize` bytes with 413 before it is read. Hono's `bodyLimit` asks
 * for the request's body stream first, which makes the Node adapter build a whole web `Request` for
 * every call; most requests need no stream: a body without one (GET, HEAD) has nothing to count,
 * and a declared `content-length` is the body's size (Node's parser holds the client to it). Only a
 * chunked body is counted as it streams in, by Hono's own middleware.
 */
export function limitBody(maxSize: number) {
  const error = { error: `Request body too large (limit ${maxSize} bytes)` };
  const streamed = bodyLimit({ maxSize, onError: (c) => c.json(error, 413) });
  return createMiddleware(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > maxSize ? c.json(error, 413) : next();
    }
    return streamed(c, next);
  });
}
