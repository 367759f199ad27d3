import { expect, test } from 'vitest';
import { Hono, type MiddlewareHandler } from 'hono';
import { uniqueSymbol } from 'hono-openapi';
import type { AppEnv } from '../../../src/service/context.js';
import { describe as documented } from '../../../src/service/http/describe.js';
import { validate } from '../../../src/service/http/route-input.js';
import { HttpError } from '../../../src/service/http/http-error.js';
import { withRoutesInOneLayer } from '../../../src/service/http/one-layer.js';
import { z } from '../../../src/contract/zod.js';
import { createApp } from '../../../src/service/app.js';
import type { ServiceContext } from '../../../src/service/context.js';

// Either database: routes in memory, no database.

/**
 * A route run in one layer (http/one-layer.ts) answers exactly as before: its middlewares in order,
 * their refusals through the app's error handler, its input validated, while Hono's chain holds one
 * layer for it; its documentation stays on the route.
 */

function routes(calls: string[]) {
  const step =
    (name: string): MiddlewareHandler<AppEnv> =>
    (c, next) => {
      calls.push(name);
      if (c.req.header('x-refuse') === name) throw new HttpError(401, `${name} refused`);
      return next();
    };
  return new Hono<AppEnv>()
    .post(
      '/wait',
      documented({
        summary: 'Waits',
        tag: 'Agent protocol',
        security: 'member',
        responses: { 200: 'Waited' },
      }),
      step('first'),
      step('second'),
      validate('json', z.object({ n: z.number() })),
      async (c) => {
        // The layer of Hono's chain the handler runs in: a route of its own would count each one.
        calls.push(`handler at ${c.req.routeIndex}`);
        await new Promise((r) => setTimeout(r, 5));
        return c.json({ twice: c.req.valid('json').n * 2 });
      },
    )
    .post('/other', step('other'), (c) => c.json({ ok: true }));
}

function appWith(sub: Hono<AppEnv>) {
  const app = new Hono<AppEnv>();
  app.use('*', (_c, next) => next());
  app.route('/', sub);
  app.onError((err, c) =>
    err instanceof HttpError ? c.json({ error: err.message }, err.status) : c.text('boom', 500),
  );
  return app;
}

const post = (
  app: Hono<AppEnv>,
  path: string,
  body: string,
  headers: Record<string, string> = {},
) =>
  app.request(path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });

test('the route answers as it did, its handler in the layer after the global one', async () => {
  const before: string[] = [];
  const after: string[] = [];
  const plain = appWith(routes(before));
  const flat = appWith(withRoutesInOneLayer(routes(after), ['POST /wait']));
  for (const [app, calls] of [
    [plain, before],
    [flat, after],
  ] as const) {
    const ok = await post(app, '/wait', '{"n":21}');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ twice: 42 });
    const refused = await post(app, '/wait', '{"n":1}', { 'x-refuse': 'second' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'second refused' });
    const invalid = await post(app, '/wait', '{"n":"x"}');
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: string }).error).toMatch(/'n'/);
    expect((await post(app, '/other', '{}')).status).toBe(200);
    expect(calls.filter((c) => c === 'first')).toHaveLength(3);
  }
  // Without it, the handler is the route's fifth layer (describe, two steps, validate before it).
  expect(before).toContain('handler at 5');
  expect(after).toContain('handler at 1');
  expect(after.filter((c) => c.startsWith('handler'))).toEqual(['handler at 1']);
});

test('the documentation stays on the route, after a runner that always answers', () => {
  const app = appWith(withRoutesInOneLayer(routes([]), ['POST /wait']));
  const wait = app.routes.filter((r) => r.path === '/wait');
  // The runner, then describe() and validate() for the reference alone.
  expect(wait.map((r) => uniqueSymbol in r.handler)).toEqual([false, true, true]);
});

test('a route name that is not served is refused when the app is built', () => {
  expect(() => withRoutesInOneLayer(routes([]), ['POST /nowhere'])).toThrow(
    'No such route to run in one layer: POST /nowhere',
  );
});

test("the service's long-poll claim runs in one layer", () => {
  const app = createApp({} as ServiceContext);
  const claim = app.routes.filter((r) => r.path === '/agent/tasks/claim' && r.method === 'POST');
  // The runner, and describe() and validate() for the reference.
  expect(claim.map((r) => uniqueSymbol in r.handler)).toEqual([false, true, true]);
});
