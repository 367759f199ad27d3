import type { NetworkPost } from '../../contract/task-outputs.js';
import type { JsonNode, NormalizedDoc } from '../normalized.js';
import type { FieldReader } from './fields.js';
import { readPost } from './post.js';
import { postUrnIn } from './urns.js';

/**
 * One item of a keyword (CONTENT) search. The network has answered three kinds
 * (docs/network-internal-api.md, "Keyword post search"): a whole update, an entity result with the
 * text in `summary`, and — newest, 2026-10 — a hollow wrapper holding only a tracking URN, which the
 * operation resolves itself by fetching that update. Items that are not posts (a people cluster in
 * the same answer) are `other`; a result that lacks what a post cannot do without is `skipped`.
 */
type SearchItem =
  | { kind: 'post'; urn: string; post: NetworkPost }
  | { kind: 'skipped'; urn: string }
  | { kind: 'hollow'; urn: string }
  | { kind: 'other' };

export function classifySearchItem(item: JsonNode, f: FieldReader): SearchItem {
  const update = f.object(item, 'search_item', 'update');
  const result = f.object(item, 'search_item', 'result');
  // The item itself may be the update or the result when the map's list path points at it. The
  // first that reads as a result decides: a post, or one skipped for a field it lacks (counted
  // once, and no hollow result to read again by its URN).
  const read =
    (update && readPost(update, f, 'post')) ??
    (result && readPost(result, f, 'post_result')) ??
    readPost(item, f, 'post') ??
    readPost(item, f, 'post_result');
  if (read && 'post' in read) return { kind: 'post', urn: read.post.social_urn, post: read.post };
  if (read) return { kind: 'skipped', urn: read.skipped };
  for (const value of f.strings(item, 'search_item', 'urn')) {
    const urn = postUrnIn(value);
    if (urn) return { kind: 'hollow', urn };
  }
  const anywhere = postUrnAnywhere(item.value, item.doc, 0, new Set());
  return anywhere ? { kind: 'hollow', urn: anywhere } : { kind: 'other' };
}

/**
 * A post URN in any string of a hollow item, wherever it sits, `*references` followed into
 * `included`: the 2026 wrappers moved it from one release to the next, and some carry none.
 */
function postUrnAnywhere(
  value: unknown,
  doc: NormalizedDoc,
  depth: number,
  seen: Set<unknown>,
): string | null {
  if (typeof value === 'string') return postUrnIn(value);
  if (typeof value !== 'object' || value === null || depth > 8 || seen.has(value)) return null;
  seen.add(value);
  for (const [key, v] of Object.entries(value)) {
    const found =
      postUrnAnywhere(v, doc, depth + 1, seen) ??
      (key.startsWith('*') && typeof v === 'string'
        ? postUrnAnywhere(doc.resolve(v), doc, depth + 1, seen)
        : null);
    if (found) return found;
  }
  return null;
}
