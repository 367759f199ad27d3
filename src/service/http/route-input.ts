import type { Context, MiddlewareHandler } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import { z } from '../../contract/zod.js';
import { firstIssueMessage } from '../../contract/common.js';
import { cleanJson, hasUnstorableText, jsonDepth, MAX_JSON_DEPTH } from '../../contract/text.js';
import type { AppEnv } from '../context.js';
import { HttpError } from './http-error.js';

/**
 * `validate(target, schema)`: a route's input, checked on the route itself with a contract schema,
 * and documented from the same schema in /openapi.json (hono-openapi reads the schema this
 * middleware carries; see http/describe.ts). The handler reads the result with `c.req.valid(target)`.
 *
 * One rule for text at the boundary, before any schema sees the input:
 * - a body must be a JSON object (an empty body counts as `{}`): else 400 `Malformed JSON body` or
 *   `Request body must be a JSON object`;
 * - JSON nested deeper than MAX_JSON_DEPTH levels is refused, naming the depth;
 * - a string (or a field name) holding a NUL or a lone surrogate cannot be stored by the database:
 *   400 `Invalid '<field>': contains a character that cannot be stored`, except where the input is
 *   an agent's result (`text: 'clean'`): a stray character from the network must never lose work,
 *   so it is cleaned instead (contract/text.ts).
 * Then the schema; its first issue is the message (the spec's exact messages live in the contract).
 * A check without a message of its own names the field it failed on (`Invalid 'attempt': Too big:
 * expected number to be <=2147483647`), so every 400 says which field is wrong.
 */

type Target = 'json' | 'query' | 'param';

interface ValidateOptions {
  /** `refuse` (default): 400 naming the field. `clean`: agent results, cleaned (contract/text.ts). */
  text?: 'refuse' | 'clean';
  /** A valid input, shown in the reference (and the base of the bad-input sweep's requests). */
  example?: Record<string, unknown>;
  /**
   * For a body of several shapes (a union, as documented) read in the mode its fields ask for: the
   * schema of that mode, or the message refusing the body (the contract's `…Mode` functions).
   */
  mode?: (raw: Record<string, unknown>) => z.core.$ZodType | string;
}

export function validate<T extends Target, S extends z.core.$ZodType>(
  target: T,
  schema: S,
  options: ValidateOptions = {},
) {
  const middleware: MiddlewareHandler<
    AppEnv,
    string,
    { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }
  > = async (c, next) => {
    const raw =
      target === 'json'
        ? await readJsonObject(c, options.text ?? 'refuse')
        : checkedStrings(target === 'query' ? c.req.query() : c.req.param());
    const chosen = options.mode ? options.mode(raw) : schema;
    if (typeof chosen === 'string') throw new HttpError(400, chosen);
    const parsed = z.safeParse(chosen, raw, NAMING_THE_FIELD);
    if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error));
    c.req.addValidatedData(target, parsed.data as Record<string, unknown>);
    return next();
  };
  const documented = resolver(schema as unknown as Parameters<typeof resolver>[0]);
  return Object.assign(middleware, {
    [uniqueSymbol]: {
      target,
      ...documented,
      // The example rides on the schema: the request body's `examples`, or each query parameter's.
      toOpenAPISchema: async (custom?: Record<string, unknown>) => {
        const result = await documented.toOpenAPISchema(custom);
        if (options.example)
          withExample(result.schema as JsonSchemaObject, options.example, target);
        return result;
      },
    },
  });
}

type JsonSchemaObject = {
  properties?: Record<string, { examples?: unknown[] }>;
  examples?: unknown[];
};
function withExample(schema: JsonSchemaObject, example: Record<string, unknown>, target: Target) {
  if (target === 'json') schema.examples = [example];
  else
    for (const [name, value] of Object.entries(example))
      if (schema.properties?.[name]) schema.properties[name].examples = [value];
}

/** The body as a JSON object, checked by the boundary rule above. */
async function readJsonObject(
  c: Context,
  text: 'refuse' | 'clean',
): Promise<Record<string, unknown>> {
  const body = await c.req.text();
  let json: unknown;
  if (body.trim() === '') json = {};
  else {
    try {
      json = JSON.parse(body);
    } catch {
      throw new HttpError(400, 'Malformed JSON body');
    }
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new HttpError(400, 'Request body must be a JSON object');
  if (jsonDepth(json) > MAX_JSON_DEPTH)
    throw new HttpError(400, `Request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  if (text === 'clean') return cleanJson(json)!.value as Record<string, unknown>;
  refuseUnstorable(json);
  return json as Record<string, unknown>;
}

function checkedStrings(values: Record<string, string>): Record<string, string> {
  refuseUnstorable(values);
  return values;
}

/**
 * The same checks for input that did not come in a request body (an MCP tool's arguments): the
 * boundary rule for text and depth, then the schema; a 400 HttpError naming the field otherwise.
 */
export function parseInput<S extends z.core.$ZodType>(
  schema: S,
  raw: Record<string, unknown>,
): z.output<S> {
  if (jsonDepth(raw) > MAX_JSON_DEPTH)
    throw new HttpError(400, `Arguments nest deeper than ${MAX_JSON_DEPTH} levels`);
  refuseUnstorable(raw);
  const parsed = z.safeParse(schema, raw, NAMING_THE_FIELD);
  if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error));
  return parsed.data;
}

/** Field names in messages are quoted, never more than this much of them. */
const MAX_FIELD_CHARS = 60;

const quotedField = (path: string) =>
  path.length > MAX_FIELD_CHARS ? `${path.slice(0, MAX_FIELD_CHARS)}…` : path;

/** The parse's error map: below the contract's own messages, above zod's (which name no field). */
const NAMING_THE_FIELD: z.core.ParseContext<z.core.$ZodIssue> = {
  error(issue) {
    const path = issue.path ?? [];
    if (path.length === 0) return undefined;
    const plain = z.config().localeError?.(issue);
    const message = typeof plain === 'string' ? plain : (plain?.message ?? 'Invalid input');
    return `Invalid '${quotedField(path.map(String).join('.'))}': ${message}`;
  },
};

/** 400 naming the first field (as `a.b.0.c`) whose name or text the database cannot store. */
function refuseUnstorable(value: object): void {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasUnstorableText(v)) throw unstorable(path);
    } else if (v !== null && typeof v === 'object') {
      const entries = Array.isArray(v)
        ? v.map((x, i) => [String(i), x] as const)
        : Object.entries(v);
      for (const [key, x] of entries) {
        const at = path ? `${path}.${key}` : key;
        if (hasUnstorableText(key)) throw unstorable(path || 'body');
        stack.push([x, at]);
      }
    }
  }
}

function unstorable(path: string): HttpError {
  return new HttpError(
    400,
    `Invalid '${quotedField(path)}': contains a character that cannot be stored`,
  );
}
