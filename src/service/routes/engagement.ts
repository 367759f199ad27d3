import { isUuid } from '../db/is-uuid.js';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import { CommentBody, EngagementResponse, LikeBody } from '../../contract/posts.js';
import type { Queryable } from '../db/database.js';
import { queueWrite } from '../tasks/queue-write.js';
import { awaitsApproval, queuedBy } from '../auth/queued-by.js';
import { awaitingApprovalWords } from '../approvals/ai-writes.js';
import { POST_AUTHOR_COLUMNS, type PostAuthorFacts } from '../outreach/task-refusal.js';

/**
 * `POST /api-like` and `POST /api-comment` (spec "Engagement on collected posts"): a like or a
 * comment on a post the team collected, run as the member named by `user_email`
 * (docs/agent-protocol.md "Routing"). Checks in this order: API key (401), body (400), post (404),
 * member (404), then the write gate (tasks/write-gate.ts): the member's refused kinds, the
 * do-not-contact list for the post's author (409), the 48-hour rule (403). Once the task completes
 * the post shows liked/commented. With an `ai` key it follows the team's ai_writes as the network
 * writes do (auth/key-scope.ts): under `approve` it awaits a person's approval.
 */
export const engagementRoutes = new Hono<AppEnv>();

async function findPost(db: Queryable, teamId: string, postId: string) {
  const [post] = isUuid(postId)
    ? await db.query<{ id: string; activity_urn: string } & PostAuthorFacts>(
        `SELECT p.id, p.activity_urn, ${POST_AUTHOR_COLUMNS} FROM posts p WHERE p.id = $1 AND p.team_id = $2`,
        [postId, teamId],
      )
    : [];
  if (!post) throw new HttpError(404, 'Post not found or access denied');
  return post;
}

/** A member who has signed in (an invited e-mail that never did has no agent to run the task). */
async function findMember(db: Queryable, teamId: string, email: string) {
  const [member] = await db.query<{ user_id: string }>(
    'SELECT user_id FROM memberships WHERE team_id = $1 AND lower(email) = $2 AND user_id IS NOT NULL',
    [teamId, email.toLowerCase()],
  );
  if (!member) throw new HttpError(404, 'User not found in the team');
  return member;
}

/** Both engagements: the same checks, then one task assigned to the named member. */
async function queueEngagement(
  c: Context<AppEnv>,
  body: {
    post_id: string;
    user_email: string;
    actor_type?: 'user' | 'company';
    company_title?: string;
  },
  type: 'agent_like_post' | 'agent_comment_post',
  extraInput: Record<string, unknown>,
): Promise<{ id: string; refused: boolean; awaitingApproval: boolean }> {
  const { db, signals } = c.var.ctx;
  const team = c.var.team;
  const post = await findPost(db, team.id, body.post_id);
  const member = await findMember(db, team.id, body.user_email);
  return queueWrite(db, signals, {
    teamId: team.id,
    type,
    assignedUserId: member.user_id,
    by: await queuedBy(c),
    awaitApproval: awaitsApproval(c, type),
    post,
    input: {
      task_type: type,
      social_urn: post.activity_urn,
      ...extraInput,
      actor_type: body.actor_type,
      ...(body.actor_type === 'company' ? { company_title: body.company_title } : {}),
      post_id: post.id,
    },
  });
}

/** What the answer says: queued, awaiting approval, or failed at once (the member turned it off). */
function queuedWords(
  what: 'Like' | 'Comment',
  email: string,
  task: { id: string; refused: boolean; awaitingApproval: boolean },
): string {
  if (task.awaitingApproval) return awaitingApprovalWords(`${what} queued as ${email}`, task.id);
  return task.refused
    ? `${what} refused: ${email} turned ${what === 'Like' ? 'likes' : 'comments'} off for their account (refused_by_member)`
    : `${what} queued as ${email}`;
}

const ENGAGEMENT_ERRORS = {
  401: '`Missing API Key` or `Invalid API Key`',
  403: '`Plugin installation required: …` (no extension active in 48 hours)',
  404: '`Post not found or access denied` or `User not found in the team`',
  409: '`Refused: the post’s author is on the team’s do-not-contact list …`: the post’s author (a person or a company page), or their company, is listed',
};

engagementRoutes.post(
  '/api-like',
  describe({
    summary: 'Like a collected post as a team member (or as a company page)',
    tag: 'Posts',
    security: 'apiKey',
    responses: {
      200: {
        description: 'Like queued; `task_id` is polled with get-task-status',
        schema: EngagementResponse,
      },
    },
    errors: {
      400: 'Invalid body (`company_title` is required with actor_type company)',
      ...ENGAGEMENT_ERRORS,
    },
  }),
  requireApiKey(),
  validate('json', LikeBody, {
    example: {
      post_id: '1d7a3c5e-2b4f-4c6d-8e9f-0a1b2c3d4e5f',
      user_email: 'ada@example.com',
      actor_type: 'user',
    },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const task = await queueEngagement(c, body, 'agent_like_post', {});
    const answer: EngagementResponse = {
      success: true,
      message: queuedWords('Like', body.user_email, task),
      task_id: task.id,
    };
    return c.json(answer);
  },
);

engagementRoutes.post(
  '/api-comment',
  describe({
    summary: 'Comment on a collected post as a team member (or as a company page)',
    tag: 'Posts',
    security: 'apiKey',
    responses: {
      200: {
        description: 'Comment queued; `task_id` is polled with get-task-status',
        schema: EngagementResponse,
      },
    },
    errors: {
      400: 'Invalid body',
      ...ENGAGEMENT_ERRORS,
    },
  }),
  requireApiKey(),
  validate('json', CommentBody, {
    example: {
      post_id: '1d7a3c5e-2b4f-4c6d-8e9f-0a1b2c3d4e5f',
      user_email: 'ada@example.com',
      comment_text: 'Well put.',
    },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const task = await queueEngagement(c, body, 'agent_comment_post', {
      comment_text: body.comment_text,
    });
    const answer: EngagementResponse = {
      success: true,
      message: queuedWords('Comment', body.user_email, task),
      task_id: task.id,
    };
    return c.json(answer);
  },
);
