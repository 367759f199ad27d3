import { Hono } from 'hono';
import { z } from '../../contract/zod.js';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import { CreateCompanyWatchlistBody, CreateCompanyWatchlistResponse, CompanyWatchlistView, WatchlistQuery, CompanyWatchlistList, DeleteWatchlistQuery, DeleteWatchlistResponse, UpdateListWatchlistBody, updateListWatchlistMode, UpdateListWatchlistResponse } from '../../contract/watchlists.js';
import { createListWatchlist } from '../watchlists/create-list-watchlist.js';
import { WATCHLIST_NOT_FOUND } from '../watchlists/update-keyword-watchlist.js';
import { listWatchlist, watchlistSummaries } from '../watchlists/views.js';
import { DELETE_DESCRIPTION, PLAN_LIMIT, UNAUTHORIZED, WATCHLIST_NOT_FOUND_DOC } from '../watchlists/route-errors.js';
import { updateListWatchlist } from '../watchlists/update-list-watchlist.js';
import { deleteWatchlist } from '../watchlists/delete-watchlist.js';

/** Company watchlists (spec "Company watchlists"); the creation answer mirrors the people one. */
export const companyWatchlistRoutes = new Hono<AppEnv>()
  .post(
    '/api-company-watchlist',
    describe({
      summary: 'Create a company watchlist from company page URLs or slugs',
      description: "Collection starts at the scheduler's next cycle. `list_id` adds the companies to an existing company list of the team.",
      tag: 'Watchlists',
      security: 'apiKey',
      responses: { 201: { description: 'Created', schema: CreateCompanyWatchlistResponse } },
      errors: {
        400: 'Missing companies, or `Invalid company identifiers: …` naming the bad entries',
        ...UNAUTHORIZED,
        ...PLAN_LIMIT,
        404: '`List not found or access denied`',
      },
    }),
    requireApiKey('watchlist'),
    validate('json', CreateCompanyWatchlistBody, {
      example: { companies: ['https://www.linkedin.com/company/acme-robotics/', 'globex'], name: 'Competitors' },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const w = await createListWatchlist(c.var.ctx, c.var.team, {
        kind: 'company',
        entries: body.companies,
        name: body.name,
        description: body.description,
        listId: body.list_id,
      });
      return c.json(
        { id: w.id, name: w.name, slug: w.slug, type: 'company' as const, companies_count: w.membersCount, list_id: w.listId, created: true },
        201,
      );
    },
  )
  .get(
    '/api-company-watchlist',
    describe({
      summary: "The team's company watchlists, or one with `id` (with `companies_count` and `lists`)",
      tag: 'Watchlists',
      security: 'apiKey',
      responses: {
        200: {
          description: '`{watchlists: [{id, name, slug, type, createdAt}], count}`, or one watchlist',
          schema: z.union([CompanyWatchlistList, CompanyWatchlistView]),
        },
      },
      errors: { ...UNAUTHORIZED, ...WATCHLIST_NOT_FOUND_DOC },
    }),
    requireApiKey('watchlist'),
    validate('query', WatchlistQuery, { example: { id: '6f1c2e0a-8d4b-4e3f-9a7c-1b2d3e4f5a6b' } }),
    async (c) => {
      const { id } = c.req.valid('query');
      if (id !== undefined) {
        const w = await listWatchlist(c.var.ctx.db, c.var.team.id, 'company', id);
        if (!w) throw new HttpError(404, WATCHLIST_NOT_FOUND);
        return c.json(w);
      }
      const watchlists = await watchlistSummaries(c.var.ctx.db, c.var.team.id, 'company');
      return c.json({ watchlists, count: watchlists.length });
    },
  )
  .patch(
    '/api-company-watchlist',
    describe({
      summary: 'Rename a company watchlist, change its frequency, pause or resume it',
      description:
        'Only the fields sent change, and only their parts are answered. `disable: true` pauses collection (its queued ' +
        'tasks are dropped, collected posts stay); `false` resumes it at the scheduler\'s next tick. `fetchFreqInHours` ' +
        'applies from the next cycle.',
      tag: 'Watchlists',
      security: 'apiKey',
      responses: { 200: { description: 'Updated', schema: UpdateListWatchlistResponse } },
      errors: {
        400:
          '`Missing required parameter: id`, `No valid update fields provided`, ' +
          '`Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)`, `disable must be a boolean value`, `Name cannot be empty`',
        ...UNAUTHORIZED,
        ...WATCHLIST_NOT_FOUND_DOC,
      },
    }),
    requireApiKey('watchlist'),
    validate('json', UpdateListWatchlistBody, {
      mode: updateListWatchlistMode,
      example: { id: '6f1c2e0a-8d4b-4e3f-9a7c-1b2d3e4f5a6b', fetchFreqInHours: 24, disable: true },
    }),
    async (c) => c.json(await updateListWatchlist(c.var.ctx, c.var.team, 'company', c.req.valid('json'))),
  )
  .delete(
    '/api-company-watchlist',
    describe({
      summary: 'Delete a company watchlist',
      description: `${DELETE_DESCRIPTION} Its list of companies stays, for \`list_id\` to reuse.`,
      tag: 'Watchlists',
      security: 'apiKey',
      responses: { 200: { description: 'Deleted', schema: DeleteWatchlistResponse } },
      errors: { 400: '`Missing required parameter: id`', ...UNAUTHORIZED, ...WATCHLIST_NOT_FOUND_DOC },
    }),
    requireApiKey('watchlist'),
    validate('query', DeleteWatchlistQuery, { example: { id: '6f1c2e0a-8d4b-4e3f-9a7c-1b2d3e4f5a6b' } }),
    async (c) => {
      const { id } = c.req.valid('query');
      if (!(await deleteWatchlist(c.var.ctx.db, c.var.team.id, 'company', id))) throw new HttpError(404, WATCHLIST_NOT_FOUND);
      const answer: DeleteWatchlistResponse = { success: true, id, message: 'Watchlist deleted' };
      return c.json(answer);
    },
  );
