// The contract's schemas the extension's worker checks (src/contract/worker-checked.ts), as JSON
// Schema, for the worker's build: the worker checks against them with src/shared/json-schema-check.ts
// instead of carrying zod (42 kB of its 80 kB budget before; scripts/bundle-size.mjs). Generated at
// every build from the contract itself, so the contract stays the one source of what is valid.
import { z } from 'zod/mini';
import { WORKER_CHECKED } from '../src/contract/worker-checked.js';
import { CHECKED_KEYWORDS, type JsonSchema } from '../src/shared/json-schema-check.js';

/** The module id the worker imports the schemas from. */
const CONTRACT_SCHEMAS_ID = 'virtual:contract-schemas';

/**
 * What cannot be said in JSON Schema must not be in a schema the worker checks: a transform, a
 * refinement or a custom check would be dropped silently, and the worker would let through what the
 * contract refuses. The build fails instead, naming it.
 */
function refuseUnrepresentable(schema: z.core.$ZodType, where: string) {
  const def = schema._zod.def as z.core.$ZodTypeDef & { checks?: z.core.$ZodCheck[] };
  if (def.type === 'transform' || def.type === 'pipe' || def.type === 'custom') {
    throw new Error(
      `${where}: a ${def.type} cannot be checked by the worker (src/contract/worker-checked.ts)`,
    );
  }
  for (const check of def.checks ?? []) {
    if (check._zod.def.check === 'custom')
      throw new Error(
        `${where}: a refinement cannot be checked by the worker (src/contract/worker-checked.ts)`,
      );
  }
}

const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Zod writes what several schemas share under one document, `__shared`, each part referred to as
 * `__shared#/$defs/schemaN`. The worker parses these schemas at every start, and that long name is
 * the most repeated string in them: each part becomes a schema of its own, `_N`, named so by every
 * `$ref` to it.
 */
const SHARED_REF = /^__shared#\/\$defs\/(.+)$/;
const sharedId = (name: string) => `_${name.replace(/^schema/, '')}`;

/** Drops what the checker knows by itself (an integer is a safe integer) and refuses keywords it does not know. */
function compact(node: unknown, where: string): unknown {
  if (Array.isArray(node)) return node.map((n) => compact(n, where));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === '$id') continue;
    if (!CHECKED_KEYWORDS.has(key))
      throw new Error(
        `${where}: JSON Schema keyword '${key}' is not one src/shared/json-schema-check.ts checks`,
      );
    if (
      (node as JsonSchema).type === 'integer' &&
      ((key === 'minimum' && value === -SAFE) || (key === 'maximum' && value === SAFE))
    )
      continue;
    // Names of properties, and values, are data, not schemas.
    if (key === 'properties' || key === '$defs') {
      out[key] = Object.fromEntries(
        Object.entries(value as object).map(([k, v]) => [k, compact(v, `${where}.${k}`)]),
      );
    } else if (key === 'enum' || key === 'const' || key === 'default' || key === 'required') {
      out[key] = value;
    } else if (key === '$ref') {
      out[key] = (value as string).replace(SHARED_REF, (_, name: string) => sharedId(name));
    } else {
      out[key] = compact(value, where);
    }
  }
  return out;
}

/** Every checked schema by its id, as JSON Schema (draft 2020-12), refs between them by id. */
export function contractSchemas(
  checked: Record<string, z.core.$ZodType> = WORKER_CHECKED,
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(checked)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io: 'input',
    target: 'draft-2020-12',
    uri: (id) => id,
    reused: 'ref',
    override: (ctx) => refuseUnrepresentable(ctx.zodSchema, 'contract schema'),
  });
  const { __shared, ...own } = schemas;
  const shared = Object.entries(__shared?.$defs ?? {}).map(
    ([name, s]) => [sharedId(name), s] as const,
  );
  const out: Record<string, JsonSchema> = Object.fromEntries(
    [...Object.entries(own), ...shared].map(([id, s]) => [id, compact(s, id) as JsonSchema]),
  );
  for (const ref of JSON.stringify(out).match(/"\$ref":"[^"]*"/g) ?? []) {
    const target = ref.slice(8, -1).split('#')[0]!;
    if (!out[target]) throw new Error(`contract schema: ${ref} names no schema the worker holds`);
  }
  return out;
}

/** The Vite plugin serving them as `virtual:contract-schemas` (wxt.config.ts, vitest.config.ts). */
export function contractSchemasModule() {
  const resolved = `\0${CONTRACT_SCHEMAS_ID}`;
  return {
    name: 'network-agent:contract-schemas',
    resolveId: (id: string) => (id === CONTRACT_SCHEMAS_ID ? resolved : null),
    // JSON.parse of a string: V8 reads it faster than the same object as a literal.
    load: (id: string) =>
      id === resolved
        ? `export default JSON.parse(${JSON.stringify(JSON.stringify(contractSchemas()))});`
        : null,
  };
}
