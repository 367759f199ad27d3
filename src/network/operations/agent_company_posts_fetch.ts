import { fetchCompanyPosts } from '../parse/feed-posts.js';
import type { Operation } from './context.js';

/** fetch-company-posts: the company page's recent posts. */
export const agentCompanyPostsFetch: Operation<'agent_company_posts_fetch'> = async (input, ctx) => ({
  posts: await fetchCompanyPosts(ctx.map, ctx.fetch, input.company, input.count, ctx.signal),
});
