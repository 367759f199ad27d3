import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { readQuery } from '../http/validate.js';
import { PostsQuery, type PostsResponse } from '../../contract/posts.js';
import { listPosts } from '../collection/list-posts.js';
import { registerCollectionHooks } from '../collection/register-hooks.js';

// Completing collection, like and comment tasks files and marks the posts this family serves.
registerCollectionHooks();

/** `GET /api-posts` (spec "Posts"): a team's collected posts, one watchlist's or all of them. */
export const postRoutes = new Hono<AppEnv>();

postRoutes.get('/api-posts', requireApiKey(), async (c) => {
  const query = readQuery(c, PostsQuery);
  const answer: PostsResponse = await listPosts(c.var.ctx.db, c.var.team.id, query);
  return c.json(answer);
});
