import type { NetworkPost } from '../../contract/task-outputs.js';
import { callNetwork } from '../call.js';
import { NetworkError } from '../errors.js';
import { collectPages } from '../paging.js';
import { listItems, notUnderstood } from '../read/answer.js';
import { postFromUpdate } from '../read/post.js';
import { classifySearchItem } from '../read/search-items.js';
import type { Operation, OperationContext } from './context.js';

/** How far past `count` search results the operation reads to find `count` posts that match. */
const SEARCH_DEPTH = 3;

/**
 * Keyword-watchlist collection: posts matching the keyword, newest first (CONTENT results sorted by
 * date posted), with the watchlist's required (AND) and excluded (NOT) keywords applied to each
 * post's text, case-insensitively, up to `count` posts that match: pages go on past posts the
 * keywords leave out, to three times `count` results at most.
 *
 * Results that come hollow (a URN and nothing else, as measured in 2026-10) are resolved here by
 * fetching each update by its URN: one call per hollow post, paced like the pages. Reading the
 * rendered results page instead would tie us to markup that no fact describes
 * (docs/network-internal-api.md, "Decisions the facts forced").
 */
export const agentKeywordTracking: Operation<'agent_keyword_tracking'> = async (input, ctx) => {
  const matching = (p: NetworkPost) => matches(p, input.required_keywords, input.excluded_keywords);
  const seen = new Set<string>();
  let unresolved: NetworkError | null = null;
  let resolved = 0;
  const { items } = await collectPages<NetworkPost>({
    want: input.count * SEARCH_DEPTH,
    enough: (posts) => posts.filter(matching).length >= input.count,
    fetchPage: async (page) => {
      const answer = await callNetwork(ctx, 'content_search', { keywords: input.keyword, start: page.start, count: page.count }, (a) => ({
        ...listItems('content_search', a, (node) => {
          const item = classifySearchItem(node, a.fields);
          return item.kind === 'other' ? null : item;
        }),
        total: a.fields.total(a.root),
      }));
      const posts: NetworkPost[] = [];
      for (const item of answer.items) {
        // A result met on an earlier page (the network ignored the offset) is not fetched again.
        if (seen.has(item.urn)) continue;
        seen.add(item.urn);
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
      return { items: posts, size: answer.size, total: answer.total, token: null, by: 'start' as const };
    },
    key: (post) => post.social_urn,
    pause: ctx.pause,
  });
  if (unresolved && resolved === 0) throw unresolved;
  return { posts: items.filter(matching).slice(0, input.count) };
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
