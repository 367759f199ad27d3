import type { JsonNode } from '../normalized.js';

/**
 * Map paths (docs/network-map.md, "Paths"): `data.elements[].items[].itemUnion.entityResult`,
 * `profilePositionGroups.elements[0]`, `@MemberRelationship.memberRelationshipUnion`,
 * `content."com.linkedin.voyager.feed.render.ImageComponent".images[]` (a key holding dots or
 * dashes is quoted). Each key may be answered inline or through its `*key` reference into
 * `included` (JsonNode does that), so one path reads both the normalised and the plain form of an
 * answer.
 */

interface Step {
  key: string;
  /** `[]`: flatten the list; a number: take that element. */
  index?: 'all' | number;
}

const cache = new Map<string, { type: string | null; steps: Step[] }>();

function parse(path: string): { type: string | null; steps: Step[] } {
  const hit = cache.get(path);
  if (hit) return hit;
  const parts = splitPath(path);
  const type = parts[0]!.startsWith('@') ? parts.shift()!.slice(1) : null;
  const steps = parts.map((part): Step => {
    const m = /^(.*?)\[(\d*)\]$/.exec(part);
    const key = unquote(m ? m[1]! : part);
    if (!m) return { key };
    return { key, index: m[2] === '' ? 'all' : Number(m[2]) };
  });
  const parsed = { type, steps };
  cache.set(path, parsed);
  return parsed;
}

/** The path's keys: split at the dots that stand outside double quotes. */
function splitPath(path: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const c of path) {
    if (c === '"') quoted = !quoted;
    if (c === '.' && !quoted) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

/** `"a.b"` is the key `a.b`; `*"a.b"` its reference `*a.b`. */
function unquote(part: string): string {
  const m = /^(\*?)"(.*)"$/.exec(part);
  return m ? `${m[1]}${m[2]}` : part;
}

interface PathResult {
  nodes: JsonNode[];
  /** The path reached its first list (`[]`): the answer has this shape even when the list is empty. */
  reachedList: boolean;
}

/** Every node a path leads to from `root`, absent ones left out. */
export function follow(root: JsonNode, path: string): PathResult {
  const { type, steps } = parse(path);
  let nodes: JsonNode[] = type ? root.doc.ofTypeSuffix(type) : [root];
  let reachedList = false;
  for (const step of steps) {
    const next: JsonNode[] = [];
    for (const node of nodes) {
      const child = node.child(step.key);
      if (!child.present) continue;
      if (step.index === undefined) next.push(child);
      else if (step.index === 'all') {
        if (Array.isArray(child.value)) reachedList = true;
        next.push(...child.items().filter((n) => n.present));
      } else {
        const element = child.child(step.index);
        if (element.present) next.push(element);
      }
    }
    nodes = next;
  }
  return { nodes, reachedList };
}

/** The first node any of the paths leads to. */
export function firstOf(root: JsonNode, paths: readonly string[]): JsonNode | null {
  for (const path of paths) {
    const { nodes } = follow(root, path);
    if (nodes.length) return nodes[0]!;
  }
  return null;
}

/**
 * The nodes of the first path that leads to any; `found` says whether any path matched the answer's
 * shape at all (an empty list is found, a missing one is not).
 */
export function listOf(
  root: JsonNode,
  paths: readonly string[],
): { nodes: JsonNode[]; found: boolean } {
  let found = false;
  for (const path of paths) {
    const r = follow(root, path);
    if (r.nodes.length) return { nodes: r.nodes, found: true };
    found ||= r.reachedList;
  }
  return { nodes: [], found };
}
