import type { FieldGroupName, MapAlternative, NetworkMap } from '../../contract/network-map.js';
import { follow, listOf } from '../map/path.js';
import type { JsonNode } from '../normalized.js';
import { Completeness } from './completeness.js';

/** The readers of FieldReader for one node and one group. */
interface GroupFields {
  node(field: string): JsonNode | null;
  object(field: string): JsonNode | null;
  str(field: string): string | null;
  num(field: string): number | null;
  strings(field: string): string[];
  list(field: string): JsonNode[];
}

/**
 * Reads fields where the network map says they live: the alternative's own paths first, then the
 * map's field group (docs/network-map.md, "Fields"). The first path that holds a value of the
 * asked kind wins, so a field that moved is one more path in the map.
 */
export class FieldReader {
  /** Whether the results read from this answer are whole (completeness.ts). */
  readonly completeness = new Completeness();

  constructor(
    readonly map: NetworkMap,
    readonly alt: MapAlternative,
  ) {}

  paths(group: FieldGroupName, field: string): string[] {
    const own = this.alt.read?.fields?.[group]?.[field] ?? [];
    const shared = (this.map.fields[group] as Record<string, string[]> | undefined)?.[field] ?? [];
    return [...own, ...shared];
  }

  /** The first node any path of the field leads to. */
  node(from: JsonNode, group: FieldGroupName, field: string): JsonNode | null {
    return this.first(from, group, field, (n) => n.present);
  }

  /** The first object (not a string or number) a path of the field leads to. */
  object(from: JsonNode, group: FieldGroupName, field: string): JsonNode | null {
    return this.first(from, group, field, (n) => typeof n.value === 'object' && n.value !== null);
  }

  str(from: JsonNode, group: FieldGroupName, field: string): string | null {
    const n = this.first(
      from,
      group,
      field,
      (x) =>
        typeof x.value === 'string' || (typeof x.value === 'number' && Number.isFinite(x.value)),
    );
    return n === null ? null : String(n.value);
  }

  num(from: JsonNode, group: FieldGroupName, field: string): number | null {
    const n = this.first(
      from,
      group,
      field,
      (x) => typeof x.value === 'number' && Number.isFinite(x.value),
    );
    return n === null ? null : (n.value as number);
  }

  /** Every string any path of the field leads to, in the map's order (to pick one by its form). */
  strings(from: JsonNode, group: FieldGroupName, field: string): string[] {
    const out: string[] = [];
    for (const path of this.paths(group, field)) {
      for (const n of follow(from, path).nodes) if (typeof n.value === 'string') out.push(n.value);
    }
    return out;
  }

  /** The elements of the first path that leads to a non-empty list. */
  list(from: JsonNode, group: FieldGroupName, field: string): JsonNode[] {
    return listOf(from, this.paths(group, field)).nodes;
  }

  /** The fields of one group, read from one node: `f.of(company, 'company').str('name')`. */
  of(from: JsonNode, group: FieldGroupName): GroupFields {
    return {
      node: (field) => this.node(from, group, field),
      object: (field) => this.object(from, group, field),
      str: (field) => this.str(from, group, field),
      num: (field) => this.num(from, group, field),
      strings: (field) => this.strings(from, group, field),
      list: (field) => this.list(from, group, field),
    };
  }

  /** Where the alternative says the answer's one entity is. */
  one(root: JsonNode): JsonNode | null {
    return this.candidates(root)[0] ?? null;
  }

  /** Every object the alternative's `one` paths lead to, in order: the reader takes the first it can read. */
  candidates(root: JsonNode): JsonNode[] {
    return (this.alt.read?.one ?? ['data']).flatMap((path) =>
      follow(root, path).nodes.filter((n) => typeof n.value === 'object' && n.value !== null),
    );
  }

  /** The items of a list answer; `found` is false when the answer has none of the list's shapes. */
  items(root: JsonNode): { nodes: JsonNode[]; found: boolean } {
    return listOf(root, this.alt.read?.list ?? ['data.elements[]']);
  }

  total(root: JsonNode): number | null {
    for (const path of this.alt.read?.total ?? []) {
      const n = follow(root, path).nodes.find((x) => typeof x.value === 'number');
      if (n) return n.value as number;
    }
    return null;
  }

  token(root: JsonNode): string | null {
    for (const path of this.alt.read?.token ?? []) {
      const n = follow(root, path).nodes.find((x) => typeof x.value === 'string' && x.value !== '');
      if (n) return n.value as string;
    }
    return null;
  }

  private first(
    from: JsonNode,
    group: FieldGroupName,
    field: string,
    accept: (n: JsonNode) => boolean,
  ): JsonNode | null {
    for (const path of this.paths(group, field)) {
      const hit = follow(from, path).nodes.find(accept);
      if (hit) return hit;
    }
    return null;
  }
}
