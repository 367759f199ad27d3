import { Hono, type MiddlewareHandler } from 'hono';
import { uniqueSymbol } from 'hono-openapi';
import type { AppEnv } from '../context.js';

/**
 * `routes` as they are, except that each route `inOneLayer` names (`POST /agent/tasks/claim`) runs
 * its middlewares and handler as one layer of Hono's chain. Hono's `compose` keeps a suspended
 * async frame per layer for as long as a request waits in it, half a kilobyte each: for a route
 * whose requests wait long and many at once, the long-poll claim, that is memory per waiting
 * claim. The route's documented middlewares (`describe`, `validate`) follow the runner in its list
 * for the API reference alone (http/openapi-document.ts reads them): the runner always answers or
 * throws, so they are never reached.
 *
 * The runner hands each result on as `compose` does, but an error reaches the app's error handler
 * from the runner's layer rather than from the middleware that threw: so a middleware of such a
 * route may not catch what the ones after it throw, nor change the answer after `next()`.
 */
export function withRoutesInOneLayer(routes: Hono<AppEnv>, inOneLayer: string[]): Hono<AppEnv> {
  const result = new Hono<AppEnv>();
  const groups: { method: string; path: string; handlers: MiddlewareHandler[] }[] = [];
  for (const r of routes.routes) {
    const last = groups.at(-1);
    if (last && last.method === r.method && last.path === r.path) last.handlers.push(r.handler);
    else groups.push({ method: r.method, path: r.path, handlers: [r.handler] });
  }
  const named = new Set(inOneLayer);
  for (const { method, path, handlers } of groups) {
    if (!named.has(`${method} ${path}`)) {
      result.on(method, [path], ...handlers);
      continue;
    }
    named.delete(`${method} ${path}`);
    result.on(method, [path], oneLayer(handlers), ...handlers.filter((h) => uniqueSymbol in h));
  }
  if (named.size) throw new Error(`No such route to run in one layer: ${[...named].join(', ')}`);
  return result;
}

function oneLayer(handlers: MiddlewareHandler[]): MiddlewareHandler {
  return (c, next) => {
    const step = (i: number): Promise<unknown> => {
      const handler = handlers[i];
      if (!handler) return next();
      return Promise.resolve(handler(c, () => step(i + 1) as Promise<void>)).then(
        (res: unknown) => {
          // As Hono's compose, not `instanceof`: a native Response (the Node adapter's
          // RESPONSE_ALREADY_SENT) is no instance of the adapter's global Response.
          if (res && res !== c && !c.finalized) c.res = res as Response;
          return c;
        },
      );
    };
    return step(0) as Promise<void>;
  };
}
