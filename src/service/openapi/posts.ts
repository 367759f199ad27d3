import type { OperationDoc } from './operation-doc.js';
import { CommentBody, EngagementResponse, LikeBody, PostsQuery, PostsResponse, SENIORITY_LEVELS } from '../../contract/posts.js';

const keyErrors = { 401: { description: '`Missing API Key` or `Invalid API Key`' } };

export const postOperations: OperationDoc[] = [
  {
    method: 'get',
    path: '/api-posts',
    operationId: 'listPosts',
    summary: 'Collected posts of a watchlist, or of the whole team',
    description:
      'Pages of 20 (`page`, first is 1) or an inclusive 0-indexed `range_from`..`range_to` (at most 100). ' +
      '`end_date` is inclusive (whole day, UTC). `seniority_level`: one or a comma-separated list of ' +
      `${SENIORITY_LEVELS.join(', ')}. \`sort_by\`: recent (default), popular_first or engagement ` +
      '(likes + 2*comments + 3*shares). `trending=true`: posts whose engagement per hour is at least twice ' +
      "the watchlist's median over its last 200 posts.",
    tag: 'Posts',
    security: 'apiKey',
    query: PostsQuery,
    responses: {
      200: { description: 'The page and the total number of matching posts', schema: PostsResponse },
      400: { description: 'A parameter has a bad value' },
      ...keyErrors,
      404: { description: '`Watchlist not found or access denied`' },
    },
  },
  {
    method: 'post',
    path: '/api-like',
    operationId: 'likePost',
    summary: 'Like a collected post as a team member (or as a company page)',
    tag: 'Posts',
    security: 'apiKey',
    body: LikeBody,
    responses: {
      200: { description: 'Like queued; `task_id` is polled with get-task-status', schema: EngagementResponse },
      400: { description: 'Invalid body (`company_title` is required with actor_type company)' },
      ...keyErrors,
      403: { description: '`Plugin installation required: …` (no extension active in 48 hours)' },
      404: { description: '`Post not found or access denied` or `User not found in the team`' },
    },
  },
  {
    method: 'post',
    path: '/api-comment',
    operationId: 'commentPost',
    summary: 'Comment on a collected post as a team member (or as a company page)',
    tag: 'Posts',
    security: 'apiKey',
    body: CommentBody,
    responses: {
      200: { description: 'Comment queued; `task_id` is polled with get-task-status', schema: EngagementResponse },
      400: { description: 'Invalid body' },
      ...keyErrors,
      403: { description: '`Plugin installation required: …` (no extension active in 48 hours)' },
      404: { description: '`Post not found or access denied` or `User not found in the team`' },
    },
  },
];
