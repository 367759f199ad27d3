import type { NetworkPost } from '../../contract/task-outputs.js';
import { NetworkError } from '../errors.js';
import { graphqlSearch } from '../parse/search.js';
import { postFromUpdate } from '../parse/update.js';
import type { Operation } from './context.js';

/**
 * Keyword-watchlist collection: posts matching the keyword, newest first (resultType CONTENT sorted
 * by date_posted), then the watchlist's required (AND) and excluded (NOT) keywords applied to each
 * post's text, case-insensitively.
 */
export const agentKeywordTracking: Operation<'agent_keyword_tracking'> = async (input, ctx) => {
  const answer = await graphqlSearch(
    ctx.map,
    ctx.fetch,
    { resultType: 'CONTENT', keywords: input.keyword, filters: { sortBy: ['date_posted'] }, start: 0, count: input.count },
    ctx.signal,
  );
  const updates = answer.items.map((item) => item.at('searchFeedUpdate', 'update')).filter((u) => u.present);
  if (answer.items.length > 0 && updates.length === 0) {
    throw new NetworkError('network_changed', `The network's search answer has no ${answer.items[0]!.path}.searchFeedUpdate.update`);
  }
  const posts = updates.map(postFromUpdate).filter((p) => matches(p, input.required_keywords, input.excluded_keywords));
  return { posts };
};

export function matches(post: NetworkPost, required: string[], excluded: string[]): boolean {
  const text = post.content.toLowerCase();
  const words = (list: string[]) => list.map((k) => k.trim().toLowerCase()).filter(Boolean);
  return words(required).every((k) => text.includes(k)) && !words(excluded).some((k) => text.includes(k));
}
