import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { PostsQuery, PostsResponse, SENIORITY_LEVELS } from '../../contract/posts.js';
import { listPosts } from '../collection/list-posts.js';
import { registerCollectionHooks } from '../collection/register-hooks.js';
import { exportPosts, POST_CSV_COLUMNS } from '../collection/export-posts.js';
import { csvResponse } from '../csv/write-csv.js';

// Completing collection, like and comment tasks files and marks the posts this family serves.
registerCollectionHooks();

/** `GET /api-posts` (spec "Posts"): a team's collected posts, one watchlist's or all of them. */
export const postRoutes = new Hono<AppEnv>().get(
  '/api-posts',
  describe({
    summary: 'Collected posts of a watchlist, or of the whole team',
    description:
      'Pages of 20 (`page`, first is 1) or an inclusive 0-indexed `range_from`..`range_to` (at most 100). ' +
      '`end_date` is inclusive (whole day, UTC). `seniority_level`: one or a comma-separated list of ' +
      `${SENIORITY_LEVELS.join(', ')}. \`sort_by\`: recent (default), popular_first or engagement ` +
      '(likes + 2*comments + 3*shares). `trending=true`: posts whose engagement per hour is at least twice ' +
      "the watchlist's median over its last 200 posts. `format=csv`: every matching post as CSV, in the same order, " +
      'streamed (paging parameters do not apply).',
    tag: 'Posts',
    security: 'apiKey',
    responses: {
      200: {
        description: 'The page and the total number of matching posts',
        schema: PostsResponse,
        csv: POST_CSV_COLUMNS.map((c) => c.header).join(', '),
      },
    },
    errors: {
      400: 'A parameter has a bad value',
      401: '`Missing API Key` or `Invalid API Key`',
      404: '`Watchlist not found or access denied`',
    },
  }),
  requireApiKey(),
  validate('query', PostsQuery, {
    example: {
      watchlist_id: '6f1c2e0a-8d4b-4e3f-9a7c-1b2d3e4f5a6b',
      page: '1',
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      sort_by: 'recent',
    },
  }),
  async (c) => {
    const { db, log } = c.var.ctx;
    const q = c.req.valid('query');
    if (q.format === 'csv') {
      const rows = await exportPosts(db, c.var.team.id, q);
      return csvResponse('posts.csv', POST_CSV_COLUMNS, rows, (err) =>
        log.error('csv_export_failed', { what: 'posts', message: err.message }),
      );
    }
    const answer: PostsResponse = await listPosts(db, c.var.team.id, q);
    return c.json(answer);
  },
);
