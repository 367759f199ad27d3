import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { parseWith, readBody, readQuery } from '../http/validate.js';
import { z } from '../../contract/zod.js';
import { HttpError } from '../http/http-error.js';
import { CreateCompanyWatchlistBody, WatchlistQuery } from '../../contract/watchlists.js';
import { createListWatchlist } from '../watchlists/create-list-watchlist.js';
import { WATCHLIST_NOT_FOUND } from '../watchlists/update-keyword-watchlist.js';
import { listWatchlist, watchlistSummaries } from '../watchlists/views.js';
import { rejectNul } from '../watchlists/reject-nul.js';

/** Company watchlists (spec "Company watchlists"); the creation answer mirrors the people one. */
export const companyWatchlistRoutes = new Hono<AppEnv>();

companyWatchlistRoutes.post('/api-company-watchlist', requireApiKey('watchlist'), async (c) => {
  const raw = await readBody(c, z.record(z.string(), z.unknown()));
  rejectNul(raw);
  const body = parseWith(CreateCompanyWatchlistBody, raw);
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
});

companyWatchlistRoutes.get('/api-company-watchlist', requireApiKey('watchlist'), async (c) => {
  const { id } = readQuery(c, WatchlistQuery);
  if (id !== undefined) {
    const w = await listWatchlist(c.var.ctx.db, c.var.team.id, 'company', id);
    if (!w) throw new HttpError(404, WATCHLIST_NOT_FOUND);
    return c.json(w);
  }
  const watchlists = await watchlistSummaries(c.var.ctx.db, c.var.team.id, 'company');
  return c.json({ watchlists, count: watchlists.length });
});
