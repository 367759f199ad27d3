import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { requireMember } from '../auth/require-member.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import {
  ApprovalDecisionResponse,
  ApprovalListResponse,
  ApprovalParam,
  ApproveBody,
} from '../../contract/approvals.js';
import { listApprovals } from '../approvals/list-approvals.js';
import { approveWrite, rejectWrite } from '../approvals/decide.js';
import { APPROVAL_HOURS } from '../tasks/enqueue.js';

/** The key is shared by the team, so the member's own agent token says who decides. */
const member = [requireApiKey(), requireMember({ recordActivity: false })] as const;

const NOTE =
  'Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>`. ' +
  'Writes (like, comment, invitation, message, withdrawal) queued by an AI client (over `/mcp`, or with an `ai` key) while the team’s ' +
  `\`ai_writes\` is \`approve\` wait here until an admin, or the member they run as, decides; after ${APPROVAL_HOURS} hours ` +
  'they end `failed` with `approval_expired` (docs/mcp.md).';
const AUTH = {
  401: '`Missing API Key`, `Invalid API Key`, or `Invalid agent token`',
};
const DECIDE_ERRORS = {
  ...AUTH,
  400: "`Invalid 'task_id': must be a task id`",
  403:
    '`Access denied: only an admin or the member this write runs as may approve or reject it`, or ' +
    "`Access denied: this API key's scope is ai (…)`: a call with an `ai` key never decides, even with a member’s token",
  404: '`No write awaiting approval with that id` (another team’s, already decided, or expired)',
};
const TASK_ID = { task_id: '0b6f4e8e-3c1d-4b7a-9d5e-2f1a7c9e4b21' };

/** Writes from AI clients awaiting a person's approval: the list, approve (with edited text), reject. */
export const approvalRoutes = new Hono<AppEnv>()
  .get(
    '/api-approvals',
    describe({
      summary: 'Writes from AI clients awaiting approval, with the exact text each would send',
      description: `${NOTE} Oldest first (closest to expiring); \`can_decide\` says whether the caller may decide each.`,
      tag: 'Approvals',
      security: 'member',
      responses: { 200: { description: 'The awaiting writes', schema: ApprovalListResponse } },
      errors: AUTH,
    }),
    ...member,
    async (c) => c.json(await listApprovals(c.var.ctx.db, c.var.team.id, c.var.agent)),
  )
  .post(
    '/api-approvals/:task_id/approve',
    describe({
      summary: 'Approve a write from an AI client, optionally with edited text',
      description:
        `${NOTE} \`text\` replaces the text it sends (a comment’s \`comment_text\`, a message’s \`message_text\`, ` +
        'an invitation’s `note`). The task becomes `pending` and runs like any other; the do-not-contact checks run again.',
      tag: 'Approvals',
      security: 'member',
      responses: { 200: { description: 'Approved and queued', schema: ApprovalDecisionResponse } },
      errors: {
        ...DECIDE_ERRORS,
        400: "`Invalid 'task_id': must be a task id`, `Invalid 'text': …`, or `Invalid 'text': this write sends no text`",
        409: '`Refused: this person is on the team’s do-not-contact list …` (added while it waited)',
      },
    }),
    ...member,
    validate('param', ApprovalParam, { example: TASK_ID }),
    validate('json', ApproveBody, { example: { text: 'Well put, thank you for sharing.' } }),
    async (c) =>
      c.json(
        await approveWrite(
          c.var.ctx,
          c.var.team.id,
          c.req.valid('param').task_id,
          c.var.agent,
          c.req.valid('json').text,
        ),
      ),
  )
  .post(
    '/api-approvals/:task_id/reject',
    describe({
      summary: 'Reject a write from an AI client: it ends failed, never sent',
      description: `${NOTE} The task ends \`failed\` with the error code \`rejected_by_member\`.`,
      tag: 'Approvals',
      security: 'member',
      responses: { 200: { description: 'Rejected', schema: ApprovalDecisionResponse } },
      errors: DECIDE_ERRORS,
    }),
    ...member,
    validate('param', ApprovalParam, { example: TASK_ID }),
    async (c) =>
      c.json(
        await rejectWrite(c.var.ctx, c.var.team.id, c.req.valid('param').task_id, c.var.agent),
      ),
  );
