import { Hono } from 'hono';
import { z } from '../../contract/zod.js';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import {
  CreateKeywordWatchlistBody,
  createKeywordWatchlistMode,
  CreateKeywordWatchlistDirectResponse,
  CreateKeywordWatchlistPromptResponse,
  KeywordWatchlistList,
  KeywordWatchlistView,
  UpdateKeywordWatchlistBody,
  updateKeywordWatchlistMode,
  UpdateKeywordWatchlistResponse,
  WatchlistQuery,
  DeleteWatchlistQuery,
  DeleteWatchlistResponse,
} from '../../contract/watchlists.js';
import {
  createKeywordWatchlist,
  createPromptKeywordWatchlist,
} from '../watchlists/create-keyword-watchlist.js';
import {
  updateKeywordWatchlist,
  updateKeywordWatchlistPrompt,
  WATCHLIST_NOT_FOUND,
} from '../watchlists/update-keyword-watchlist.js';
import { keywordWatchlists } from '../watchlists/views.js';
import {
  DELETE_DESCRIPTION,
  PLAN_LIMIT,
  UNAUTHORIZED,
  WATCHLIST_NOT_FOUND_DOC,
} from '../watchlists/route-errors.js';
import { deleteWatchlist } from '../watchlists/delete-watchlist.js';
import {
  OUTBOUND_NEEDS_ADMIN,
  OUTBOUND_NOT_FOR_AI,
  requireOutboundAdmin,
} from '../auth/outbound-admin.js';

/** Keyword watchlists (spec "Keyword watchlists"): create in direct or prompt mode, read, update, delete. */
export const keywordWatchlistRoutes = new Hono<AppEnv>()
  .post(
    '/api-keyword-watchlist',
    describe({
      summary:
        'Create a keyword watchlist from keywords (direct mode) or from a plain-English prompt (prompt mode)',
      description:
        'Send `keywords` or `prompt`, never both. Direct mode is idempotent by keyword set: when the team has a keyword ' +
        'watchlist with the same primary keywords (order-insensitive, lower-cased, trimmed), it is returned with 200 and ' +
        '`created: false` (its own frequency and labels; no plan slot used). Without `labels`, one label per keyword is ' +
        'derived. Prompt mode answers at once; keywords and intent labels appear a few seconds later (GET with `id`); ' +
        "URLs in the prompt are read for their page's title, description and Open Graph data.",
      tag: 'Watchlists',
      security: 'apiKey',
      responses: {
        200: {
          description: 'Direct mode: an existing watchlist with the same keyword set',
          schema: CreateKeywordWatchlistDirectResponse,
        },
        201: {
          description:
            'Created (direct mode answer, or prompt mode answer with `prompt` and `message`)',
          schema: z.union([
            CreateKeywordWatchlistDirectResponse,
            CreateKeywordWatchlistPromptResponse,
          ]),
        },
      },
      errors: {
        400: '`Missing required parameter: keywords`, `Invalid fetchFreqInHours value`, both modes at once, …',
        ...UNAUTHORIZED,
        ...PLAN_LIMIT,
      },
    }),
    requireApiKey('watchlist'),
    validate('json', CreateKeywordWatchlistBody, {
      mode: createKeywordWatchlistMode,
      example: {
        keywords: [
          'warehouse robotics',
          { keyword: 'cobot', required_keywords: ['safety'], excluded_keywords: ['hiring'] },
        ],
        name: 'Robotics',
        labels: [{ name: 'robotics', description: 'Posts about robots in warehouses' }],
        fetchFreqInHours: 12,
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      if ('prompt' in body)
        return c.json(await createPromptKeywordWatchlist(c.var.ctx, c.var.team, body), 201);
      const created = await createKeywordWatchlist(c.var.ctx, c.var.team, body);
      return c.json(created.body, created.status);
    },
  )
  .get(
    '/api-keyword-watchlist',
    describe({
      summary: "The team's keyword watchlists, or one with `id`",
      description: 'Without `id`: `{watchlists, count}`. With `id`: the watchlist itself.',
      tag: 'Watchlists',
      security: 'apiKey',
      responses: {
        200: {
          description: 'The list, or one watchlist',
          schema: z.union([KeywordWatchlistList, KeywordWatchlistView]),
        },
      },
      errors: { ...UNAUTHORIZED, ...WATCHLIST_NOT_FOUND_DOC },
    }),
    requireApiKey('watchlist'),
    validate('query', WatchlistQuery, { example: { id: '6f1c2e0a-8d4b-4e3f-9a7c-1b2d3e4f5a6b' } }),
    async (c) => {
      const { id } = c.req.valid('query');
      const watchlists = await keywordWatchlists(c.var.ctx.db, c.var.team.id, id);
      if (id !== undefined) {
        if (!watchlists[0]) throw new HttpError(404, WATCHLIST_NOT_FOUND);
        return c.json(watchlists[0]);
      }
      return c.json({ watchlists, count: watchlists.length });
    },
  )
  .patch(
    '/api-keyword-watchlist',
    describe({
      summary:
        'Update a keyword watchlist (patch mode), or regenerate it from a new prompt (prompt mode)',
      description:
        'Patch mode: only the fields sent change, and only their parts are answered. `keywords` replaces the whole set: ' +
        'keyword rows and pending keyword-tracking tasks are recreated, collected posts stay; without `labels` one label ' +
        'per keyword is derived. `disable: true` pauses tracking, `false` resumes it. `slack_webhook_url` (where posts are sent; ' +
        '`null` clears it) is an admin’s to set or clear: the team key with an admin’s `authorization: Bearer <agent_token>`. ' +
        '`draft_comments` (`{member_email, instructions?, min_trending_score? (0), max_per_day? (5)}`, null turns it off): the team’s ' +
        'model drafts a comment in that member’s name on each post collected from then on with at least that trending score, at ' +
        'most `max_per_day` a UTC day, each awaiting approval (`/api-approvals`; docs/ai.md). `404 No member with that e-mail in the team`. ' +
        'Prompt mode (`id` and `prompt` only): keywords and labels are wiped and regenerated in the background.',
      tag: 'Watchlists',
      security: 'apiKey',
      responses: { 200: { description: 'Updated', schema: UpdateKeywordWatchlistResponse } },
      errors: {
        400:
          '`Missing required parameter: id`, `No valid update fields provided`, `keywords array is required and must not be empty`, ' +
          '`No valid keywords provided after cleaning`, `Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)`, ' +
          '`disable must be a boolean value`, `Name cannot be empty`',
        ...UNAUTHORIZED,
        403:
          `${PLAN_LIMIT[403]}; with \`slack_webhook_url\` sent, \`${OUTBOUND_NEEDS_ADMIN}\` ` +
          `or \`${OUTBOUND_NOT_FOR_AI}\``,
        ...WATCHLIST_NOT_FOUND_DOC,
      },
    }),
    requireApiKey('watchlist'),
    validate('json', UpdateKeywordWatchlistBody, {
      mode: updateKeywordWatchlistMode,
      example: {
        id: '6f1c2e0a-8d4b-4e3f-9a7c-1b2d3e4f5a6b',
        name: 'Robotics (EU)',
        fetchFreqInHours: 24,
        disable: false,
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      if ('slack_webhook_url' in body && body.slack_webhook_url !== undefined)
        await requireOutboundAdmin(c);
      if ('prompt' in body)
        return c.json(await updateKeywordWatchlistPrompt(c.var.ctx, c.var.team, body));
      return c.json(await updateKeywordWatchlist(c.var.ctx, c.var.team, body));
    },
  )
  .delete(
    '/api-keyword-watchlist',
    describe({
      summary: 'Delete a keyword watchlist',
      description: DELETE_DESCRIPTION,
      tag: 'Watchlists',
      security: 'apiKey',
      responses: { 200: { description: 'Deleted', schema: DeleteWatchlistResponse } },
      errors: {
        400: '`Missing required parameter: id`',
        ...UNAUTHORIZED,
        ...WATCHLIST_NOT_FOUND_DOC,
      },
    }),
    requireApiKey('watchlist'),
    validate('query', DeleteWatchlistQuery, {
      example: { id: '6f1c2e0a-8d4b-4e3f-9a7c-1b2d3e4f5a6b' },
    }),
    async (c) => {
      const { id } = c.req.valid('query');
      if (!(await deleteWatchlist(c.var.ctx.db, c.var.team.id, 'keyword', id)))
        throw new HttpError(404, WATCHLIST_NOT_FOUND);
      const answer: DeleteWatchlistResponse = { success: true, id, message: 'Watchlist deleted' };
      return c.json(answer);
    },
  );
