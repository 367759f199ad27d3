import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { z } from '../../contract/zod.js';
import { ErrorBody } from '../../contract/common.js';
import { ERROR_SCHEMA_REF, TAGS } from './describe.js';

/**
 * The OpenAPI document served at /openapi.json: gathered by hono-openapi from the `describe()` and
 * `validate()` of every route of the app, so each operation is documented where it is served.
 * Built once per app (the routes do not change while it runs); `servers` is added per request.
 */
type Document = Awaited<ReturnType<typeof generateSpecs>>;
// generateSpecs reads any app, but its parameter (Hono<Env>) refuses ours (Hono<AppEnv>).
// biome-ignore lint/suspicious/noExplicitAny: see above
type AnyApp = Hono<any>;
const built = new WeakMap<AnyApp, Promise<Document>>();

export async function openApiDocument(app: AnyApp, serverUrl: string): Promise<Document> {
  let pending = built.get(app);
  if (!pending) {
    pending = build(app);
    pending.catch(() => built.delete(app));
    built.set(app, pending);
  }
  return { ...(await pending), servers: [{ url: serverUrl }] };
}

async function build(app: AnyApp): Promise<Document> {
  const document = await generateSpecs(app, {
    documentation: {
      info: {
        title: 'Network Agent API',
        version: '1.0.0',
        description:
          'Watch a professional network and act on it through an HTTP/JSON API; a browser extension installed by team members ' +
          'executes every network task. Errors are `{"error": "<one sentence>"}`; a 400 names the field that is wrong.',
        // The project is not open source (package.json: private, no licence granted).
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'x-api-key',
            description:
              'The team’s API key (auth-verify-otp, or the dashboard), or a key an admin made with a purpose (`POST /api-keys`): ' +
              "`read`, `write` or `ai`. A call its scope does not allow answers 403 `Access denied: this API key's scope is …` " +
              '(docs/security.md).',
          },
          agentToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'agent_token from auth-verify-otp: says which member is calling',
          },
        },
        schemas: { Error: errorSchema() },
      },
    },
    // A validated input can always be refused: 400 with the message naming the field.
    defaultValidationErrorResponse: {
      description:
        'Invalid input: malformed JSON, an unknown or mistyped field, or a value out of range; the message names it',
      content: { 'application/json': { schema: ERROR_SCHEMA_REF } },
    },
  });
  tidy(document);
  unnestRecursion(document.components?.schemas ?? {});
  return document;
}

/**
 * A recursive schema (the network map's template: any JSON value, nested) is described one level
 * deep, its inner values as any JSON: client generators (openapi-typescript) cannot type a schema
 * that is an array or a map of itself.
 */
function unnestRecursion(schemas: Record<string, unknown>): void {
  for (const [name, schema] of Object.entries(schemas)) {
    const self = `#/components/schemas/${name}`;
    const stack = [schema];
    while (stack.length) {
      const v = stack.pop();
      if (v === null || typeof v !== 'object') continue;
      for (const [k, x] of Object.entries(v)) {
        if (x && typeof x === 'object' && (x as { $ref?: string }).$ref === self)
          (v as Record<string, unknown>)[k] = {};
        else stack.push(x);
      }
    }
  }
}

/**
 * Two spots where zod's JSON Schema and OpenAPI tools part ways, mended in place:
 * - a recursive schema (the network map's templates) is referred to as `#/$defs/<name>`, but
 *   hono-openapi moves `$defs` into `components.schemas`: the references follow it;
 * - a record keyed by an enum (`z.record(z.enum([...]), v)`, every key required) comes out as
 *   `propertyNames` + `required`, which tools read as required properties that are not defined:
 *   it is written as what it means, one property per key.
 */
function tidy(node: unknown): void {
  const stack = [node];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    const o = v as Record<string, unknown>;
    if (typeof o.$ref === 'string' && o.$ref.startsWith('#/$defs/'))
      o.$ref = `#/components/schemas/${o.$ref.slice('#/$defs/'.length)}`;
    const keys = (o.propertyNames as { enum?: unknown[] } | undefined)?.enum;
    if (
      keys &&
      !o.properties &&
      o.additionalProperties &&
      typeof o.additionalProperties === 'object'
    ) {
      o.properties = Object.fromEntries(keys.map((k) => [String(k), o.additionalProperties]));
      o.additionalProperties = false;
      delete o.propertyNames;
    }
    stack.push(...Object.values(o));
  }
}

/** `{error}`, every error answer of the service, once in `components` and referred to. */
function errorSchema(): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(ErrorBody, { io: 'output' });
  return schema;
}
