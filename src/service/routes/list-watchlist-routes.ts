import { Hono } from 'hono';
import { z } from '../../contract/zod.js';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import {
  DeleteWatchlistQuery,
  DeleteWatchlistResponse,
  UpdateListWatchlistBody,
  updateListWatchlistMode,
  UpdateListWatchlistResponse,
  WatchlistQuery,
} from '../../contract/watchlists.js';
import { createListWatchlist } from '../watchlists/create-list-watchlist.js';
import { WATCHLIST_NOT_FOUND } from '../watchlists/update-keyword-watchlist.js';
import { listWatchlist, watchlistSummaries } from '../watchlists/views.js';
import {
  DELETE_DESCRIPTION,
  PLAN_LIMIT,
  UNAUTHORIZED,
  WATCHLIST_NOT_FOUND_DOC,
} from '../watchlists/route-errors.js';
import { updateListWatchlist } from '../watchlists/update-list-watchlist.js';
import { deleteWatchlist } from '../watchlists/delete-watchlist.js';

/** What a people or company watchlist's routes say and take; the routes themselves are the same. */
interface ListWatchlistKind<Body extends z.ZodMiniType> {
  kind: 'people' | 'company';
  /** `/api-people-watchlist`, `/api-company-watchlist`. */
  path: string;
  /** What the watchlist follows, as the docs name it: `profiles`, `companies`. */
  noun: string;
  createBody: Body;
  createResponse: z.ZodMiniType;
  list: z.ZodMiniType;
  view: z.ZodMiniType;
  create: {
    summary: string;
    description: string;
    badEntries: string;
    example: Record<string, unknown>;
  };
  /** The entries a creation body names, in the body's own field. */
  entries(body: z.infer<Body>): {
    entries: unknown[] | undefined;
    name?: string;
    description?: string;
    list_id?: string;
  };
  /** The creation answer's count field: `profiles_count`, `companies_count`. */
  countField: string;
}

const ID_EXAMPLE = { id: '6f1c2e0a-8d4b-4e3f-9a7c-1b2d3e4f5a6b' };

/** Create, read, update and delete of one kind of list watchlist (spec "People watchlists", "Company watchlists"). */
export function listWatchlistRoutes<Body extends z.ZodMiniType>(k: ListWatchlistKind<Body>) {
  return new Hono<AppEnv>()
    .post(
      k.path,
      describe({
        summary: k.create.summary,
        description: k.create.description,
        tag: 'Watchlists',
        security: 'apiKey',
        responses: { 201: { description: 'Created', schema: k.createResponse } },
        errors: {
          400: k.create.badEntries,
          ...UNAUTHORIZED,
          ...PLAN_LIMIT,
          404: '`List not found or access denied`',
        },
      }),
      requireApiKey('watchlist'),
      validate('json', k.createBody, { example: k.create.example }),
      async (c) => {
        const body = k.entries(c.req.valid('json') as z.infer<Body>);
        const w = await createListWatchlist(c.var.ctx, c.var.team, {
          kind: k.kind,
          entries: body.entries,
          name: body.name,
          description: body.description,
          listId: body.list_id,
        });
        return c.json(
          {
            id: w.id,
            name: w.name,
            slug: w.slug,
            type: k.kind,
            [k.countField]: w.membersCount,
            list_id: w.listId,
            created: true,
          },
          201,
        );
      },
    )
    .get(
      k.path,
      describe({
        summary: `The team's ${k.kind} watchlists, or one with \`id\` (with \`${k.countField}\` and \`lists\`)`,
        tag: 'Watchlists',
        security: 'apiKey',
        responses: {
          200: {
            description:
              '`{watchlists: [{id, name, slug, type, createdAt}], count}`, or one watchlist',
            schema: z.union([k.list, k.view]),
          },
        },
        errors: { ...UNAUTHORIZED, ...WATCHLIST_NOT_FOUND_DOC },
      }),
      requireApiKey('watchlist'),
      validate('query', WatchlistQuery, { example: ID_EXAMPLE }),
      async (c) => {
        const { id } = c.req.valid('query');
        if (id !== undefined) {
          const w = await listWatchlist(c.var.ctx.db, c.var.team.id, k.kind, id);
          if (!w) throw new HttpError(404, WATCHLIST_NOT_FOUND);
          return c.json(w);
        }
        const watchlists = await watchlistSummaries(c.var.ctx.db, c.var.team.id, k.kind);
        return c.json({ watchlists, count: watchlists.length });
      },
    )
    .patch(
      k.path,
      describe({
        summary: `Rename a ${k.kind} watchlist, change its frequency, pause or resume it`,
        description:
          'Only the fields sent change, and only their parts are answered. `disable: true` pauses collection (its queued ' +
          "tasks are dropped, collected posts stay); `false` resumes it at the scheduler's next tick. `fetchFreqInHours` " +
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
        example: { ...ID_EXAMPLE, fetchFreqInHours: 24, disable: true },
      }),
      async (c) =>
        c.json(await updateListWatchlist(c.var.ctx, c.var.team, k.kind, c.req.valid('json'))),
    )
    .delete(
      k.path,
      describe({
        summary: `Delete a ${k.kind} watchlist`,
        description: `${DELETE_DESCRIPTION} Its list of ${k.noun} stays, for \`list_id\` to reuse.`,
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
      validate('query', DeleteWatchlistQuery, { example: ID_EXAMPLE }),
      async (c) => {
        const { id } = c.req.valid('query');
        if (!(await deleteWatchlist(c.var.ctx.db, c.var.team.id, k.kind, id)))
          throw new HttpError(404, WATCHLIST_NOT_FOUND);
        const answer: DeleteWatchlistResponse = { success: true, id, message: 'Watchlist deleted' };
        return c.json(answer);
      },
    );
}
