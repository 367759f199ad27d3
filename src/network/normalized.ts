/**
 * Reading the network's normalised JSON: `{data, included[]}` where entities carry `entityUrn` and a
 * field named `*name` holds a URN (or a list of URNs) of an entity in `included`
 * (docs/network-internal-api.md, "Normalised JSON"). A JsonNode is a value plus the JSON path that led to
 * it, so a reader that finds a part missing can name the path in its network_changed error
 * (read/answer.ts), never answer an empty success. Plain (non-normalised) JSON reads the same way:
 * inline fields are found first.
 */

type Key = string | number;

export class NormalizedDoc {
  private readonly byUrn = new Map<string, unknown>();
  constructor(
    readonly raw: unknown,
    /** Names the answer in error messages, e.g. `profile`. */
    readonly source: string,
  ) {
    const included = isObject(raw) && Array.isArray(raw.included) ? raw.included : [];
    for (const entity of included) {
      if (isObject(entity) && typeof entity.entityUrn === 'string')
        this.byUrn.set(entity.entityUrn, entity);
    }
  }

  resolve(urn: string): unknown {
    return this.byUrn.get(urn);
  }

  /** Entities of `included` whose `$type` is `type` or ends in `.type` (`Profile`, `MemberRelationship`). */
  ofTypeSuffix(type: string): JsonNode[] {
    const included =
      isObject(this.raw) && Array.isArray(this.raw.included) ? this.raw.included : [];
    return included
      .map((e, i) => new JsonNode(e, `included[${i}]`, this))
      .filter(
        (n) =>
          isObject(n.value) &&
          typeof n.value.$type === 'string' &&
          (n.value.$type === type || n.value.$type.endsWith(`.${type}`)),
      );
  }

  root(): JsonNode {
    return new JsonNode(this.raw, '', this);
  }
}

export function normalized(raw: unknown, source: string): JsonNode {
  return new NormalizedDoc(raw, source).root();
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function joinPath(path: string, key: Key): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

export class JsonNode {
  constructor(
    readonly value: unknown,
    readonly path: string,
    readonly doc: NormalizedDoc,
  ) {}

  get present(): boolean {
    return this.value !== undefined && this.value !== null;
  }

  /** One step: inline field first, else the `*field` reference resolved against `included`. */
  private step(key: Key): JsonNode {
    const here = this.value;
    if (typeof key === 'number') {
      return new JsonNode(
        Array.isArray(here) ? this.resolveItem(here[key]) : undefined,
        joinPath(this.path, key),
        this.doc,
      );
    }
    if (!isObject(here)) return new JsonNode(undefined, joinPath(this.path, key), this.doc);
    if (here[key] !== undefined && here[key] !== null)
      return new JsonNode(here[key], joinPath(this.path, key), this.doc);
    const ref = here[`*${key}`];
    const refPath = joinPath(this.path, `*${key}`);
    if (typeof ref === 'string')
      return new JsonNode(this.doc.resolve(ref), `${refPath}<${ref}>`, this.doc);
    if (Array.isArray(ref)) return new JsonNode(ref, refPath, this.doc);
    return new JsonNode(undefined, joinPath(this.path, key), this.doc);
  }

  private resolveItem(item: unknown): unknown {
    return typeof item === 'string' &&
      item.startsWith('urn:') &&
      this.doc.resolve(item) !== undefined
      ? this.doc.resolve(item)
      : item;
  }

  /** One step by a key taken literally (keys such as `com.linkedin.….ImageComponent` hold dots). */
  child(key: Key): JsonNode {
    return this.step(key);
  }

  /** Optional navigation: absent parts give an absent node. Keys may be dotted: `a.b`. */
  at(...keys: Key[]): JsonNode {
    let node: JsonNode = this;
    for (const k of splitKeys(keys)) node = node.step(k);
    return node;
  }

  /** Elements of a list (URN items resolved); an absent list is empty. */
  items(): JsonNode[] {
    if (!Array.isArray(this.value)) return [];
    return this.value.map(
      (v, i) => new JsonNode(this.resolveItem(v), joinPath(this.path, i), this.doc),
    );
  }

  str(...keys: Key[]): string | null {
    const v = this.at(...keys).value;
    return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
  }

  num(...keys: Key[]): number | null {
    const v = this.at(...keys).value;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
}

function splitKeys(keys: Key[]): Key[] {
  return keys.flatMap((k): Key[] => (typeof k === 'string' ? k.split('.') : [k]));
}
