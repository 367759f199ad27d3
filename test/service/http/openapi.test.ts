import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findTargetHandler } from 'hono/utils/handler';
import { uniqueSymbol } from 'hono-openapi';
import { startTestService, type TestService } from '../../support/test-service.js';
import { TAGS } from '../../../src/service/http/describe.js';

/**
 * /openapi.json against the app itself: the document is gathered from the routes' own `describe()`
 * and `validate()`, so these tests hold the routes to it (every route served is documented, or
 * says on itself that it is not part of the API; every documented operation is served), instead
 * of a second list of paths kept by hand.
 */

interface Operation {
  operationId: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: {
    content: {
      'application/json': {
        schema: {
          properties?: Record<string, unknown>;
          required?: string[];
          anyOf?: unknown[];
          examples?: unknown[];
        };
      };
    };
  };
  responses: Record<
    string,
    { description: string; content?: { 'application/json': { schema: Record<string, unknown> } } }
  >;
}
interface Document {
  openapi: string;
  info: { title: string; version: string; license?: { name: string } };
  servers?: { url: string }[];
  tags?: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

let svc: TestService;
let doc: Document;
beforeAll(async () => {
  svc = await startTestService();
  doc = (await (await svc.call('GET', '/openapi.json')).json()) as Document;
});
afterAll(() => svc.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** Every (method, path) the app serves, and whether its handlers say `describe()` or `undocumented()`. */
function servedRoutes(): { method: string; path: string; documented: boolean; hidden: boolean }[] {
  const byRoute = new Map<
    string,
    { method: string; path: string; documented: boolean; hidden: boolean }
  >();
  for (const r of svc.app.routes) {
    const method = r.method.toLowerCase();
    if (!METHODS.includes(method)) continue; // app.use() middleware
    const key = `${method} ${r.path}`;
    const entry = byRoute.get(key) ?? {
      method,
      path: openApiPath(r.path),
      documented: false,
      hidden: false,
    };
    const meta = (
      findTargetHandler(r.handler) as unknown as Record<
        symbol,
        { spec?: { hide?: boolean } } | undefined
      >
    )[uniqueSymbol];
    if (meta?.spec) {
      if (meta.spec.hide) entry.hidden = true;
      else entry.documented = true;
    }
    byRoute.set(key, entry);
  }
  return [...byRoute.values()];
}

function operations(): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([m, op]) => [m, path, op] as [string, string, Operation]),
  );
}

describe('/openapi.json is the routes', () => {
  test('every route the app serves is documented by its own describe(), or says it is no part of the API', () => {
    const routes = servedRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const unmarked = routes
      .filter((r) => !r.documented && !r.hidden)
      .map((r) => `${r.method} ${r.path}`);
    expect(unmarked).toEqual([]);
    const served = routes
      .filter((r) => r.documented)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    const documented = operations()
      .map(([m, p]) => `${m} ${p}`)
      .sort();
    expect(documented).toEqual(served);
    // The few that are not in the reference: the dashboard, the reference itself, the health probe,
    // the operator's routes the ops CLI calls (docs/operations.md), and the MCP endpoint, which
    // speaks JSON-RPC (docs/mcp.md): POST, and GET and DELETE answering 405.
    expect(
      routes
        .filter((r) => r.hidden)
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        '/',
        '/dashboard/assets/{file}',
        '/docs',
        '/docs/assets/init.js',
        '/docs/assets/{file}',
        '/health',
        '/mcp',
        '/mcp',
        '/mcp',
        '/metrics',
        '/openapi.json',
        '/ops/network-health',
        '/ops/network-map',
        '/ops/network-map/rollback',
        '/ops/network-map/status',
      ].sort(),
    );
  });

  test('every documented operation is really routed: without credentials it answers its own 400/401, never the unknown path 404', async () => {
    for (const [method, path] of operations()) {
      const res = await svc.call(
        method.toUpperCase(),
        path.replace('{id}', '00000000-0000-4000-8000-000000000000'),
      );
      const body = (await res.json()) as { error?: string };
      expect([method, path, body.error]).not.toEqual([method, path, 'Not found']);
      expect([400, 401], `${method} ${path}`).toContain(res.status);
    }
  });

  test('each operation: a unique operationId named after its route, a summary, a known tag, its security, error answers in the {error} shape', () => {
    const ids = new Set<string>();
    for (const [method, path, op] of operations()) {
      const what = `${method} ${path}`;
      const cap = (w: string) => (w ? w[0]!.toUpperCase() + w.slice(1) : w);
      // A path parameter is one word, snake_case made camel: {conversation_urn} -> ByConversationUrn.
      const fromRoute =
        method +
        path
          .split(/[^A-Za-z0-9{}_]+/)
          .map((w) =>
            w.startsWith('{') ? `By${w.slice(1, -1).split('_').map(cap).join('')}` : cap(w),
          )
          .join('');
      expect(op.operationId, what).toBe(fromRoute);
      expect(ids.has(op.operationId), what).toBe(false);
      ids.add(op.operationId);
      expect(op.summary, what).toBeTruthy();
      expect(Object.keys(TAGS), what).toContain(op.tags?.[0]);
      expect([[], [{ apiKey: [] }], [{ apiKey: [], agentToken: [] }]], what).toContainEqual(
        op.security,
      );
      for (const [status, r] of Object.entries(op.responses)) {
        if (Number(status) >= 400)
          expect(r.content?.['application/json'].schema, `${what} ${status}`).toEqual({
            $ref: '#/components/schemas/Error',
          });
      }
      // A validated input can be refused: 400 is always documented then.
      if (op.requestBody || op.parameters?.some((p) => p.in !== 'path'))
        expect(Object.keys(op.responses), what).toContain('400');
    }
    expect(doc.components.schemas.Error).toEqual({
      type: 'object',
      properties: { error: { type: 'string' } },
      required: ['error'],
      additionalProperties: false,
    });
  });

  test('bodies and queries come from the contract: required fields, examples, path parameters', () => {
    const op = (path: string, method: string) => doc.paths[path]![method]!;
    const body = (path: string, method = 'post') =>
      op(path, method).requestBody!.content['application/json'].schema;
    expect(body('/network-agent/send-connection-request').properties).toHaveProperty('note');
    expect(body('/network-agent/send-connection-request').required).toEqual(['profile_urn']);
    expect(body('/network-agent/auth-verify-otp').required).toEqual(['email', 'otp']);
    expect(Object.keys(body('/network-agent/auth-send-otp').properties!)).toEqual([
      'email',
      'full_name',
    ]);
    expect(body('/api-keyword-watchlist').anyOf).toHaveLength(2);
    expect(body('/api-people-watchlist').properties).toHaveProperty('list_id');
    // Every body carries an example (the reference shows it; the bad-input sweep starts from it).
    for (const [method, path, o] of operations()) {
      if (o.requestBody)
        expect(
          o.requestBody.content['application/json'].schema.examples,
          `${method} ${path}`,
        ).toHaveLength(1);
    }
    expect(op('/api-team-members', 'delete').parameters).toEqual([
      expect.objectContaining({ name: 'email', in: 'query', required: true }),
    ]);
    expect(op('/network-agent/get-task-status', 'get').parameters).toEqual([
      expect.objectContaining({ name: 'api_agent_task_id', in: 'query', required: true }),
    ]);
    for (const path of [
      '/agent/tasks/{id}/extend',
      '/agent/tasks/{id}/complete',
      '/agent/tasks/{id}/fail',
    ]) {
      expect(op(path, 'post').parameters).toContainEqual(
        expect.objectContaining({
          name: 'id',
          in: 'path',
          required: true,
          schema: expect.objectContaining({ format: 'uuid' }),
        }),
      );
    }
    expect(op('/agent/heartbeat', 'post').parameters ?? []).toEqual([]);
    expect(Object.keys(op('/agent/tasks/claim', 'post').responses)).toContain('204');
    expect(Object.keys(op('/agent/tasks/{id}/complete', 'post').responses)).toContain('409');
    expect(Object.keys(op('/network-agent/like-post', 'post').responses)).toContain('404');
    expect(Object.keys(op('/network-agent/send-connection-request', 'post').responses)).toContain(
      '429',
    );
    expect(Object.keys(op('/api-team-members', 'post').responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '409']),
    );
  });

  test('info carries a licence, every tag a description, and servers the public URL or else `/`, never the Host header', async () => {
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.tags?.map((t) => t.name)).toEqual(Object.keys(TAGS));
    expect(doc.servers).toEqual([{ url: '/' }]);
    // A request naming another host (a forged Host header, a poisoned cache) changes nothing.
    const forged = (await (
      await svc.app.request('https://evil.example.org/openapi.json', {
        headers: { host: 'evil.example.org', 'x-forwarded-host': 'evil.example.org' },
      })
    ).json()) as Document;
    expect(forged.servers).toEqual([{ url: '/' }]);
    const configured = await startTestService({ PUBLIC_URL: 'https://agent.example.com/' });
    try {
      const d = (await (
        await configured.app.request('https://evil.example.org/openapi.json', {
          headers: { host: 'evil.example.org' },
        })
      ).json()) as Document;
      expect(d.servers).toEqual([{ url: 'https://agent.example.com' }]);
    } finally {
      await configured.close();
    }
  });
});

describe('/docs', () => {
  test('carries a Content-Security-Policy that runs only its own files and forbids framing', async () => {
    const res = await svc.call('GET', '/docs');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    // Swagger UI reads the document and sends "Try it out" requests to this service.
    expect(directives.get('connect-src')).toContain("'self'");
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // Every script the page runs is a file this service serves (script-src 'self' allows no inline one).
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      expect(inline!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attrs!)?.[1];
      expect(src).toMatch(/^\/docs\/assets\//);
      const file = await svc.call('GET', src!);
      expect(file.status, src).toBe(200);
      expect(file.headers.get('content-type')).toMatch(/^text\/javascript/);
      await file.arrayBuffer();
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
