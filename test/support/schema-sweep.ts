import type { TestService } from './test-service.js';

/**
 * What the sweeps over every request and every agent result (bad-input-everywhere,
 * integers-in-range) read of /openapi.json and of the contract's JSON schemas, and how they build
 * a valid value of a schema to change one field of.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  examples?: unknown[];
  format?: string;
}
export interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** Operations in the document's order, sign-out last (it revokes the token a sweep uses). */
export async function documentedOperations(
  svc: TestService,
): Promise<[string, string, Operation][]> {
  const doc = (await (await svc.call('GET', '/openapi.json')).json()) as Document;
  return Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, op]) => [method, path, op] as [string, string, Operation],
      ),
    )
    .sort(([, a], [, b]) => Number(a === '/agent/sign-out') - Number(b === '/agent/sign-out'));
}

/** A valid value of a JSON schema (the contract's output schemas), with lifelike strings where they are read. */
export function exampleOf(schema: JsonSchema, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return exampleOf(union.find((s) => s.type !== 'null') ?? union[0]!, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, exampleOf(s, k)]),
      );
    case 'array':
      if (schema.prefixItems) return schema.prefixItems.map((s) => exampleOf(s, name));
      return schema.items ? [exampleOf(schema.items, name)] : [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string':
      if (name.endsWith('_at')) return new Date().toISOString();
      if (name === 'email' || name.endsWith('_email')) return 'ada@example.com';
      if (name === 'social_urn') return 'urn:li:activity:7250000000000000001';
      if (name.endsWith('_urn')) return 'urn:li:fsd_profile:ACoAAAdaLovelace';
      if (name.endsWith('url') || name.endsWith('_urls'))
        return 'https://www.linkedin.com/in/ada-lovelace/';
      return 'Ada';
    default:
      return null;
  }
}

/** Every leaf of a JSON value, as paths (`labels.0.name`). */
export function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...prefix, i]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
  return [prefix];
}

/** The value with the one at `path` replaced. */
export function withValueAt(
  value: unknown,
  path: (string | number)[],
  replacement: unknown,
): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[path[0]!] = withValueAt(copy[path[0]!], path.slice(1), replacement);
  return copy;
}
