import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { requireMember } from '../auth/require-member.js';
import { requireAdmin } from '../auth/require-admin.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import { webhookUrlProblem } from '../http/webhook-url.js';
import {
  CreateWebhookBody,
  CreateWebhookResponse,
  DeleteWebhookResponse,
  WebhookDeliveriesResponse,
  WebhookIdParam,
  WebhooksResponse,
} from '../../contract/webhooks.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  webhookDeliveries,
  WebhookLimitError,
} from '../webhooks/store.js';

const TAG = 'Webhooks';
const UNAUTHORIZED = {
  401: '`Missing API Key`, `Invalid API Key`, or `Invalid agent token`',
  403: '`Access denied`: only an admin of the team manages its webhooks',
};
/** Webhooks send the team's data to a URL of someone's choosing: only an admin (key + own agent token) may manage them. */
const admin = [requireApiKey(), requireMember({ recordActivity: false }), requireAdmin] as const;
const NOT_FOUND = { 404: '`Webhook not found`' };
const ID_EXAMPLE = { id: '3b9d6a2e-1c4f-4e8a-9b7d-5f6e7a8b9c0d' };

/** Signed webhooks (docs/webhooks.md): register a URL for events, list, read its delivery log, delete. */
export const webhookRoutes = new Hono<AppEnv>()
  .post(
    '/api-webhooks',
    describe({
      summary: 'Register a webhook: events are POSTed to your URL, signed',
      description:
        'Events: `task.completed`, `task.failed` (any task of the team, with its output or error), `posts.collected` ' +
        '(a watchlist filed new posts), `connection.accepted` and `message.received` (docs/relationships.md), `reply.classified` (the team’s model sorted a reply: docs/ai.md), `network.degraded` and `network.recovered` (docs/network-map.md), ' +
        '`summary.weekly` (the weekly summary, when the team turned it on: docs/api.md), `member.health_changed` (a member’s account health ' +
        'changed level: docs/budgets.md, "Health"). Each delivery carries `X-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` ' +
        'made with the `secret` of this answer (shown once), `X-Webhook-Id` (the same on every retry) and `X-Webhook-Event`. ' +
        'A 2xx answer is delivered; 408, 429, 5xx and unreachable endpoints are retried with backoff for a day. ' +
        'The URL must be https and public. At most 20 webhooks per team. Admins only: the team’s key and the admin’s own agent token.',
      tag: TAG,
      security: 'member',
      responses: {
        201: { description: 'Registered; keep the secret', schema: CreateWebhookResponse },
      },
      errors: {
        400: "`Missing or invalid 'url'`, `Invalid 'url': must be an https URL`, `Missing or invalid 'events' …`, `A team has at most 20 webhooks`",
        ...UNAUTHORIZED,
      },
    }),
    ...admin,
    validate('json', CreateWebhookBody, {
      example: {
        url: 'https://hooks.example.com/network-agent',
        events: ['task.completed', 'posts.collected'],
      },
    }),
    async (c) => {
      const { url, events } = c.req.valid('json');
      const { ctx, team } = c.var;
      const problem = webhookUrlProblem(url, ctx.config.ALLOW_PRIVATE_FETCH);
      if (problem) throw new HttpError(400, `Invalid 'url': ${problem}`);
      try {
        const created: CreateWebhookResponse = await ctx.db.transaction((tx) =>
          createWebhook(tx, ctx.secretKey, team.id, url, events),
        );
        ctx.log.info('webhook_created', {
          team_id: team.id,
          webhook_id: created.webhook.id,
          events,
        });
        return c.json(created, 201);
      } catch (err) {
        if (err instanceof WebhookLimitError) throw new HttpError(400, err.message);
        throw err;
      }
    },
  )
  .get(
    '/api-webhooks',
    describe({
      summary: "The team's webhooks, with the last day's deliveries by outcome",
      tag: TAG,
      security: 'member',
      responses: { 200: { description: 'The webhooks, oldest first', schema: WebhooksResponse } },
      errors: UNAUTHORIZED,
    }),
    ...admin,
    async (c) => {
      const answer: WebhooksResponse = {
        webhooks: await listWebhooks(c.var.ctx.db, c.var.team.id),
      };
      return c.json(answer);
    },
  )
  .get(
    '/api-webhooks/:id/deliveries',
    describe({
      summary: 'The delivery log of a webhook: the newest 50, with attempts, last status and error',
      tag: TAG,
      security: 'member',
      responses: { 200: { description: 'Newest first', schema: WebhookDeliveriesResponse } },
      errors: { 400: '`Invalid webhook id`', ...UNAUTHORIZED, ...NOT_FOUND },
    }),
    ...admin,
    validate('param', WebhookIdParam, { example: ID_EXAMPLE }),
    async (c) => {
      const deliveries = await webhookDeliveries(
        c.var.ctx.db,
        c.var.team.id,
        c.req.valid('param').id,
      );
      if (!deliveries) throw new HttpError(404, 'Webhook not found');
      const answer: WebhookDeliveriesResponse = { deliveries };
      return c.json(answer);
    },
  )
  .delete(
    '/api-webhooks/:id',
    describe({
      summary: 'Delete a webhook; its pending deliveries are dropped',
      tag: TAG,
      security: 'member',
      responses: { 200: { description: 'Deleted', schema: DeleteWebhookResponse } },
      errors: { 400: '`Invalid webhook id`', ...UNAUTHORIZED, ...NOT_FOUND },
    }),
    ...admin,
    validate('param', WebhookIdParam, { example: ID_EXAMPLE }),
    async (c) => {
      const { ctx, team } = c.var;
      const id = c.req.valid('param').id;
      if (!(await deleteWebhook(ctx.db, team.id, id)))
        throw new HttpError(404, 'Webhook not found');
      ctx.log.info('webhook_deleted', { team_id: team.id, webhook_id: id });
      const answer: DeleteWebhookResponse = { success: true, message: 'Webhook deleted' };
      return c.json(answer);
    },
  );
