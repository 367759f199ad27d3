import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { requireMember } from '../auth/require-member.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import { ConsentBody, ConsentView } from '../../contract/consent.js';
import { TaskListResponse } from '../../contract/task-list.js';
import { WRITE_TYPES } from '../../contract/budgets.js';
import {
  acknowledgeConsent,
  consentView,
  loadConsent,
  withdrawConsent,
} from '../consent/member-consent.js';
import { listRecentTasks } from '../tasks/list-recent.js';
import { TAG, UNAUTHORIZED } from './agent.js';

/** Actions done in the member's name shown at once. */
const ACTIVITY_LIMIT = 30;

// Reading or answering the consent is not activity: it must not make the team agent-active.
const member = () => [requireApiKey(), requireMember({ recordActivity: false })] as const;

/**
 * What runs in the member's own name, and the member's say over it (docs/agent-protocol.md,
 * "Consent"): the text to acknowledge, its acknowledgement, the kinds refused, and the list of the
 * likes, comments, connection requests and messages their agent ran, with who queued each.
 */
export const consentRoutes = new Hono<AppEnv>()
  .get(
    '/agent/consent',
    describe({
      summary: 'The consent text this member is asked to acknowledge, and their answer so far',
      description:
        'The text names the kinds of tasks the team can queue for this member, who can queue them and the risk to the member’s network account. ' +
        'Until its `version` is acknowledged, claims answer 403 `Consent required: …`. Not activity (the 48-hour rule).',
      tag: TAG,
      security: 'member',
      responses: { 200: { description: 'The text and the member’s answer', schema: ConsentView } },
      errors: { 401: UNAUTHORIZED },
    }),
    ...member(),
    async (c) => {
      const consent = await loadConsent(c.var.ctx.db, c.var.team.id, c.var.agent.userId);
      if (!consent) throw new HttpError(401, 'Invalid agent token');
      return c.json(consentView(consent));
    },
  )
  .post(
    '/agent/consent',
    describe({
      summary: 'Acknowledge the consent text, and say which write kinds the member refuses',
      description:
        'Records the member, the time and the version. `refused_types` (likes, comments, connection requests, messages) replaces the refused kinds ' +
        '(absent: kept): tasks of those kinds are never assigned to the member, and those routed to them alone fail with `refused_by_member`. Not activity.',
      tag: TAG,
      security: 'member',
      responses: { 200: { description: 'Recorded', schema: ConsentView } },
      errors: {
        401: UNAUTHORIZED,
        409: '`Consent text changed: …`: `version` is not the current text’s; nothing was recorded',
      },
    }),
    ...member(),
    validate('json', ConsentBody, {
      example: { version: '2026-11-27', refused_types: ['agent_send_message'] },
    }),
    async (c) => {
      const { ctx, team, agent } = c.var;
      const consent = await acknowledgeConsent(ctx.db, team.id, agent.userId, c.req.valid('json'));
      // The member's waiting tasks may be claimed now.
      await ctx.signals.taskReady(team.id);
      return c.json(consentView(consent));
    },
  )
  .delete(
    '/agent/consent',
    describe({
      summary: 'Withdraw the acknowledgement',
      description:
        'Nothing is handed to the member until they acknowledge again; their tasks wait. Not activity.',
      tag: TAG,
      security: 'member',
      responses: { 200: { description: 'Withdrawn', schema: ConsentView } },
      errors: { 401: UNAUTHORIZED },
    }),
    ...member(),
    async (c) => {
      const consent = await withdrawConsent(c.var.ctx.db, c.var.team.id, c.var.agent.userId);
      if (!consent) throw new HttpError(401, 'Invalid agent token');
      return c.json(consentView(consent));
    },
  )
  .get(
    '/agent/activity',
    describe({
      summary:
        'The likes, comments, connection requests and messages this member’s agent ran, newest first',
      description: `The last ${ACTIVITY_LIMIT}, each with its target, its status and who queued it (\`queued_by\`). Not activity.`,
      tag: TAG,
      security: 'member',
      responses: {
        200: { description: 'The actions done in the member’s name', schema: TaskListResponse },
      },
      errors: { 401: UNAUTHORIZED },
    }),
    ...member(),
    async (c) =>
      c.json(
        await listRecentTasks(c.var.ctx.db, c.var.team.id, {
          limit: ACTIVITY_LIMIT,
          claimedBy: c.var.agent.userId,
          types: WRITE_TYPES,
        }),
      ),
  );
