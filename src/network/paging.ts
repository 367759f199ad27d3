import type { NetworkMap } from '../contract/network-map.js';

/**
 * Paging inside one task (docs/network-map.md, "Paging"). The network answers a list page by page,
 * in pages that may be smaller than asked, by offset (`start`) or by a `paginationToken` (with the
 * offset ignored), with totals that are ceilings rather than counts. So a short page is not the end;
 * the end is an empty page, a page with nothing new, a missing token, or an offset past the total.
 */

export interface Page<T> {
  items: T[];
  /** How many entries the page held, read or not: the next offset moves by this much. */
  size: number;
  total: number | null;
  token: string | null;
  by: 'start' | 'token';
}

export interface PageRequest {
  start: number;
  count: number;
  token: string | null;
}

export async function collectPages<T>(options: {
  want: number;
  start?: number;
  fetchPage: (request: PageRequest) => Promise<Page<T>>;
  key: (item: T) => string;
  /** Waits between two pages, like a person scrolling. */
  pause: () => Promise<void>;
  /** Stops early when what was collected is enough for the caller (e.g. enough posts that match). */
  enough?: (items: T[]) => boolean;
}): Promise<{ items: T[]; total: number | null }> {
  const items: T[] = [];
  const seen = new Set<string>();
  let start = options.start ?? 0;
  let token: string | null = null;
  let total: number | null = null;
  // A guard against a network that pages forever: at worst one item per page.
  for (let pages = 0; items.length < options.want && pages <= options.want; pages++) {
    if (pages > 0) await options.pause();
    const page = await options.fetchPage({ start, count: options.want - items.length, token });
    total = page.total ?? total;
    let fresh = 0;
    for (const item of page.items) {
      const key = options.key(item);
      if (seen.has(key)) continue;
      seen.add(key);
      fresh++;
      if (items.length < options.want) items.push(item);
    }
    if (page.size === 0 || fresh === 0 || options.enough?.(items)) break;
    start += page.size;
    // A token the answer carries is followed whatever the map expected: some finders page by offset
    // in one voice of the network and by token (offset ignored) in another.
    if (page.token) {
      if (page.token === token) break;
      token = page.token;
    } else if (page.by === 'token' || (page.total !== null && start >= page.total)) {
      break;
    }
  }
  return { items, total };
}

/** A random pause within the map's pacing, cut short by the task's abort. */
export function pacedPause(map: NetworkMap, signal: AbortSignal): () => Promise<void> {
  const [min, max] = map.pacing.between_pages_ms;
  return () =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const ms = min + Math.random() * Math.max(0, max - min);
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
}
