/**
 * Checks a value against JSON Schema, the subset zod's `toJSONSchema` writes for the contract's
 * schemas the worker checks (scripts/contract-schemas.ts refuses any other keyword at build time).
 * Answers the value as zod would parse it: defaults filled in, keys an object does not name dropped
 * (an object that neither lists `additionalProperties` nor is strict is a plain `z.object`). What is
 * wrong is found as zod finds it (which issues stop a value's checks, which union option answers),
 * and the first issue is reported with its path and a message in zod's words.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema | boolean;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  default?: unknown;
}

/** The keywords checked here; the build refuses a schema with any other. */
export const CHECKED_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'const',
  'enum',
  'anyOf',
  '$ref',
  '$defs',
  'default',
]);

export type Checked<T> =
  | { ok: true; data: T }
  | { ok: false; path: (string | number)[]; message: string };

type Path = (string | number)[];

interface Issue {
  path: Path;
  message: string;
  /**
   * A value of the wrong kind, rather than one of the right kind out of bounds. As in zod, a union
   * option with such an issue is out of the running, and the checks after it on the value are skipped.
   */
  fatal: boolean;
}

/** As zod names what it received. */
function received(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return typeof v;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isType(type: string, v: unknown): boolean {
  switch (type) {
    case 'null':
      return v === null;
    case 'integer':
      return Number.isSafeInteger(v);
    case 'number':
      return Number.isFinite(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isObject(v);
    default:
      return typeof v === type;
  }
}

const patterns = new Map<string, RegExp>();
const regex = (source: string) =>
  patterns.get(source) ?? patterns.set(source, new RegExp(source)).get(source)!;

const show = (v: unknown) => JSON.stringify(v);

/** A fresh copy of a default, so that no checked value shares it. */
const copy = (v: unknown): unknown => (v === undefined ? v : JSON.parse(JSON.stringify(v)));

/**
 * Checks `value` against the schema `id` of `docs`. A `$ref` is `#…` within the schema it is in, or
 * `<id>` / `<id>#/$defs/<name>` of another one.
 */
export function checkJsonSchema<T>(
  docs: Record<string, JsonSchema>,
  id: string,
  value: unknown,
): Checked<T> {
  const resolved = new Map<string, [JsonSchema, string]>();
  function resolve(ref: string, doc: string): [JsonSchema, string] {
    const known = resolved.get(`${doc} ${ref}`);
    if (known) return known;
    const [target, pointer = ''] = ref.split('#');
    const at = target || doc;
    let node: unknown = docs[at];
    for (const part of pointer.split('/').filter(Boolean))
      node = (node as Record<string, unknown> | undefined)?.[part];
    if (!node) throw new Error(`JSON Schema ${ref} not found from ${doc}`);
    resolved.set(`${doc} ${ref}`, [node as JsonSchema, at]);
    return [node as JsonSchema, at];
  }

  /** Checks `v` against `s`, adding what is wrong to `issues`; answers the value as zod parses it. */
  function run(
    s: JsonSchema | boolean | undefined,
    v: unknown,
    path: Path,
    doc: string,
    issues: Issue[],
  ): unknown {
    const mark = issues.length;
    const issue = (message: string, fatal = true) => {
      issues.push({ path, message, fatal });
      return v;
    };
    /** A bound, length or pattern not met; skipped once the value is known to be wrong. */
    const bound = (message: string, fatal = false) => {
      for (let i = mark; i < issues.length; i++) if (issues[i]!.fatal) return;
      issue(message, fatal);
    };
    if (s === undefined || s === true) return v;
    if (s === false) return issue('Invalid input');
    if (s.$ref) {
      const [target, at] = resolve(s.$ref, doc);
      return run(target, v, path, at, issues);
    }
    if (s.anyOf) {
      // `z.nullable(x)` is written `anyOf: [x, {type: 'null'}]`: not a union to zod, but x or null.
      const others = s.anyOf.filter((o) => o.type !== 'null' || Object.keys(o).length > 1);
      if (others.length === 1 && s.anyOf.length === 2)
        return v === null ? v : run(others[0], v, path, doc, issues);
      const tried: Issue[][] = [];
      for (const option of s.anyOf) {
        const own: Issue[] = [];
        const value = run(option, v, path, doc, own);
        if (!own.length) return value;
        tried.push(own);
      }
      // As zod: when exactly one option is of the right kind, its issues are the answer; else the
      // union is wrong as a whole.
      const near = tried.filter((own) => !own.some((i) => i.fatal));
      if (near.length === 1) {
        issues.push(...near[0]!);
        return v;
      }
      return issue('Invalid input');
    }
    if (s.type !== undefined) {
      const types = ([] as string[]).concat(s.type);
      if (!types.some((t) => isType(t, v))) {
        if (types.includes('integer') && Number.isInteger(v))
          return issue(`Too big: expected int to be <=${Number.MAX_SAFE_INTEGER}`, false);
        // zod's words: a number that is not whole is not an "int"; anything else is not a "number".
        const expected = types
          .map((t) => (t !== 'integer' ? t : Number.isFinite(v) ? 'int' : 'number'))
          .join(' | ');
        return issue(`Invalid input: expected ${expected}, received ${received(v)}`);
      }
    }
    if ('const' in s && v !== s.const) return issue(`Invalid input: expected ${show(s.const)}`);
    if (s.enum && !s.enum.includes(v))
      return issue(`Invalid option: expected one of ${s.enum.map(show).join('|')}`);
    if (typeof v === 'string') {
      if (s.minLength !== undefined && v.length < s.minLength)
        bound(`Too small: expected string to have >=${s.minLength} characters`);
      if (s.maxLength !== undefined && v.length > s.maxLength)
        bound(`Too big: expected string to have <=${s.maxLength} characters`);
      if (s.pattern && !regex(s.pattern).test(v))
        bound(`Invalid string: must match pattern /${s.pattern}/`);
      return v;
    }
    if (typeof v === 'number') {
      if (s.minimum !== undefined && v < s.minimum)
        bound(`Too small: expected number to be >=${s.minimum}`);
      if (s.maximum !== undefined && v > s.maximum)
        bound(`Too big: expected number to be <=${s.maximum}`);
      if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum)
        bound(`Too small: expected number to be >${s.exclusiveMinimum}`);
      if (s.exclusiveMaximum !== undefined && v >= s.exclusiveMaximum)
        bound(`Too big: expected number to be <${s.exclusiveMaximum}`);
      return v;
    }
    if (Array.isArray(v)) return runArray(s, v, path, doc, issues, issue, bound);
    if (isObject(v) && (s.properties || s.additionalProperties !== undefined || s.propertyNames))
      return runObject(s, v, path, doc, issues);
    return v;
  }

  function runArray(
    s: JsonSchema,
    v: unknown[],
    path: Path,
    doc: string,
    issues: Issue[],
    issue: (message: string) => unknown,
    bound: (message: string, fatal?: boolean) => void,
  ): unknown {
    // A tuple's length is part of its kind (zod checks it first); a list's is a bound on it.
    if (s.prefixItems && (v.length < (s.minItems ?? 0) || v.length > (s.maxItems ?? Infinity))) {
      return issue(
        `Too ${v.length < (s.minItems ?? 0) ? `small: expected array to have >=${s.minItems}` : `big: expected array to have <=${s.maxItems}`} items`,
      );
    }
    const prefix = s.prefixItems ?? [];
    const out = v.map((item, i) =>
      run(i < prefix.length ? prefix[i] : s.items, item, [...path, i], doc, issues),
    );
    if (!s.prefixItems) {
      if (s.minItems !== undefined && v.length < s.minItems)
        bound(`Too small: expected array to have >=${s.minItems} items`);
      // zod stops at a list too long, as at a value of the wrong kind.
      if (s.maxItems !== undefined && v.length > s.maxItems)
        bound(`Too big: expected array to have <=${s.maxItems} items`, true);
    }
    return out;
  }

  function runObject(
    s: JsonSchema,
    v: Record<string, unknown>,
    path: Path,
    doc: string,
    issues: Issue[],
  ): Record<string, unknown> {
    const properties = s.properties ?? {};
    const required = s.required ?? [];
    // Built as entries: a key such as `__proto__` stays a key, never a prototype.
    const out: [string, unknown][] = [];
    for (const [key, schema] of Object.entries(properties)) {
      const given = Object.hasOwn(v, key) ? v[key] : undefined;
      if (given === undefined) {
        if (schema.default !== undefined) out.push([key, copy(schema.default)]);
        else if (required.includes(key)) run(schema, undefined, [...path, key], doc, issues);
        continue;
      }
      out.push([key, run(schema, given, [...path, key], doc, issues)]);
    }
    const unknown = Object.keys(v).filter((k) => !Object.hasOwn(properties, k));
    if (s.additionalProperties === false) {
      if (unknown.length)
        issues.push({
          path,
          message: `Unrecognized key${unknown.length > 1 ? 's' : ''}: ${unknown.map(show).join(', ')}`,
          fatal: false,
        });
      return Object.fromEntries(out);
    }
    // A plain object (neither strict nor a record) drops the keys it does not name, as zod's does.
    if (s.additionalProperties === undefined && !s.propertyNames) return Object.fromEntries(out);
    for (const key of required)
      if (!Object.hasOwn(properties, key) && !Object.hasOwn(v, key))
        run(s.additionalProperties, undefined, [...path, key], doc, issues);
    for (const key of unknown) {
      if (s.propertyNames) run(s.propertyNames, key, [...path, key], doc, issues);
      out.push([key, run(s.additionalProperties, v[key], [...path, key], doc, issues)]);
    }
    return Object.fromEntries(out);
  }

  const root = docs[id];
  if (!root) throw new Error(`No JSON Schema ${id}`);
  const issues: Issue[] = [];
  const data = run(root, value, [], id, issues);
  const first = issues[0];
  return first
    ? { ok: false, path: first.path, message: first.message }
    : { ok: true, data: data as T };
}
