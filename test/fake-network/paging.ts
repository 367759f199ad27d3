import { type Answer, apiError } from './answer.js';
import type { URLQuery } from './request.js';
import { type FakeVoice, measuredIn2026 } from './voices.js';

/**
 * Page sizes per voice. Feeds: `tokenOnly` pages by `paginationToken` alone and ignores `start`
 * (paged; measured_2026 for a profile's posts, facts "Newer evidence": "pages by
 * metadata.paginationToken and ignores start"). Search: today "At most 49 a page"; measured_2026
 * `count=<≤50>`; paged 2. Connections: today's example asks 40 (we cap there); paged 10.
 */
export const LIMITS: Record<
  FakeVoice,
  { feed: number; feedTokenOnly: boolean; search: number; connections: number; invitations: number }
> = {
  today: { feed: 100, feedTokenOnly: false, search: 49, connections: 40, invitations: 100 },
  drifted: { feed: 100, feedTokenOnly: false, search: 49, connections: 40, invitations: 100 },
  paged: { feed: 2, feedTokenOnly: true, search: 2, connections: 10, invitations: 2 },
  measured_2026: { feed: 100, feedTokenOnly: true, search: 50, connections: 40, invitations: 100 },
  sdui_2026: { feed: 100, feedTokenOnly: true, search: 50, connections: 40, invitations: 100 },
};

/**
 * A search `paging.total` that is a ceiling, not a count (facts, "Newer evidence": "`paging.total` is
 * a ceiling, not a count"): paged answers the real number + 40; measured_2026 a round number above it.
 * The network's collections stop at 1,000 (facts, "Normalised JSON").
 */
export function searchTotal(voice: FakeVoice, real: number): number {
  if (voice === 'paged') return real + 40;
  if (measuredIn2026(voice)) return Math.min(1000, (Math.floor(real / 10) + 5) * 10);
  return real;
}

/** `start` and `count` of a query, `count` capped at `max`. */
export function paging(q: URLQuery, max: number) {
  const start = Math.max(0, Number(q.get('start') ?? 0) || 0);
  const count = Math.min(max, Math.max(1, Number(q.get('count') ?? 10) || 10));
  return { start, count };
}

export function newestFirst<T extends { activityId: string }>(posts: T[]): T[] {
  return [...posts].sort((a, b) => (BigInt(b.activityId) > BigInt(a.activityId) ? 1 : -1));
}

/**
 * An opaque next-page token (facts: feeds are "paged by metadata.paginationToken"): base64url of the
 * feed it belongs to and the offset of the next page. A token of another feed is refused.
 */
export function makeToken(feed: string, offset: number): string {
  return Buffer.from(`v1|${feed}|${offset}`).toString('base64url');
}
export function readToken(token: string, feed: string): number | null {
  const [v, f, n] = Buffer.from(token, 'base64url').toString('utf8').split('|');
  if (v !== 'v1' || f !== feed || !/^\d+$/.test(n ?? '')) return null;
  return Number(n);
}

/** A feed page: by `paginationToken` when given (or when the voice ignores `start`), else by `start`. */
export function feedPage<T extends { activityId: string }>(
  all: T[],
  q: URLQuery,
  feed: string,
  tokenOnly: boolean,
  max: number,
): Answer | { posts: T[]; start: number; next: string | null } {
  const { start: askedStart, count } = paging(q, max);
  const token = q.get('paginationToken');
  let start = tokenOnly ? 0 : askedStart;
  if (token) {
    const at = readToken(token, feed);
    if (at === null) return apiError(400, undefined, 'Invalid paginationToken');
    start = at;
  }
  const posts = all.slice(start, start + count);
  const end = start + posts.length;
  return { posts, start, next: end < all.length ? makeToken(feed, end) : null };
}
