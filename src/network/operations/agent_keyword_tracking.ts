import type { NetworkPost } from '../../contract/task-outputs.js';
import { callNetwork } from '../call.js';
import { NetworkError } from '../errors.js';
import { collectPages } from '../paging.js';
import { listItems, notUnderstood } from '../read/answer.js';
import { postFromUpdate } from '../read/post.js';
import { classifySearchItem, type SearchItem } from '../read/search-items.js';
import type { Operation, OperationContext } from './context.js';

type Found = Exclude<SearchItem, { kind: 'other' }>;

/**
 * Keyword-watchlist collection: posts matching the keyword, newest first (CONTENT results sorted by
 * date posted), page by page up to `count`; then the watchlist's required (AND) and excluded (NOT)
 * keywords applied to each post's text, case-insensitively.
 *
 * Results that come hollow (a URN and nothing else, as measured in 2026-10) are resolved here by
 * fetching each update by its URN: one call per hollow post, paced like the pages. Reading the
 * rendered results page instead would tie us to markup that no fact describes (docs/network-map.md,
 * "Hollow search results").
 */
export const agentKeywordTracking: Operation<'agent_keyword_tracking'> = async (input, ctx) => {
  const { items } = await collectPages<Found>({
    want: input.count,
    fetchPage: (page) =>
      callNetwork(ctx, 'content_search', { keywords: input.keyword, start: page.start, count: page.count }, (answer) => {
        const { items: found, size } = listItems('content_search', answer, (node) => {
          const item = classifySearchItem(node, answer.fields);
          return item.kind === 'other' ? null : item;
        });
        return { items: found, size, total: answer.fields.total(answer.root), token: null, by: 'start' as const };
      }),
    key: (item) => item.urn,
    pause: ctx.pause,
  });
  const posts: NetworkPost[] = [];
  let unresolved: NetworkError | null = null;
  let resolved = 0;
  for (const item of items) {
    if (item.kind === 'post') {
      posts.push(item.post);
      continue;
    }
    await ctx.pause();
    try {
      const post = await postByUrn(ctx, item.urn);
      if (post) posts.push(post);
      resolved++;
    } catch (err) {
      // One post that no way can fetch may be one deleted post; every one failing is a changed network.
      if (!(err instanceof NetworkError) || err.code !== 'network_changed') throw err;
      unresolved = err;
    }
  }
  if (unresolved && resolved === 0) throw unresolved;
  return { posts: posts.filter((p) => matches(p, input.required_keywords, input.excluded_keywords)) };
};

/** One update by its URN; a post that is gone or not visible any more is left out. */
async function postByUrn(ctx: OperationContext, urn: string): Promise<NetworkPost | null> {
  try {
    return await callNetwork(ctx, 'post', { post_urn: urn }, (answer) => {
      for (const candidate of answer.fields.candidates(answer.root)) {
        const post = postFromUpdate(candidate, answer.fields);
        if (post) return post;
      }
      throw notUnderstood('post', answer, `readable update for ${urn} (URN and author or text)`);
    });
  } catch (err) {
    if (err instanceof NetworkError && (err.code === 'not_found' || err.code === 'access_denied')) return null;
    throw err;
  }
}

export function matches(post: NetworkPost, required: string[], excluded: string[]): boolean {
  const text = post.content.toLowerCase();
  const words = (list: string[]) => list.map((k) => k.trim().toLowerCase()).filter(Boolean);
  return words(required).every((k) => text.includes(k)) && !words(excluded).some((k) => text.includes(k));
}
