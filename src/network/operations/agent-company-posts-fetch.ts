import { collectPosts } from '../steps/posts.js';
import type { Operation } from './context.js';

/** fetch-company-posts: the company page's recent posts, up to `count`. */
export const agentCompanyPostsFetch: Operation<'agent_company_posts_fetch'> = async (
  input,
  ctx,
) => ({
  posts: await collectPosts(ctx, 'company_posts', { slug: input.company }, input.count),
});
