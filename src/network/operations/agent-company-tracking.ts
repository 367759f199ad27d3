import { normalizeCompanySlug } from '../../contract/urns.js';
import { NetworkError } from '../errors.js';
import { collectPosts } from '../steps/posts.js';
import type { Operation } from './context.js';

/** Company-watchlist collection: the company's recent posts, filed by the service. */
export const agentCompanyTracking: Operation<'agent_company_tracking'> = async (input, ctx) => {
  const slug = normalizeCompanySlug(input.company);
  if (!slug) throw new NetworkError('not_found', `Not a company identifier: ${input.company}`);
  return { posts: await collectPosts(ctx, 'company_posts', { slug }, input.count) };
};
