import { Hono } from 'hono';
import { z } from '../../contract/zod.js';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { parseWith, readBody, readQuery } from '../http/validate.js';
import { HttpError } from '../http/http-error.js';
import {
  CreateKeywordWatchlistDirectBody,
  CreateKeywordWatchlistPromptBody,
  UPDATABLE_FIELDS,
  UpdateKeywordWatchlistPatchBody,
  UpdateKeywordWatchlistPromptBody,
  WatchlistQuery,
} from '../../contract/watchlists.js';
import { createKeywordWatchlist, createPromptKeywordWatchlist } from '../watchlists/create-keyword-watchlist.js';
import { updateKeywordWatchlist, updateKeywordWatchlistPrompt, WATCHLIST_NOT_FOUND } from '../watchlists/update-keyword-watchlist.js';
import { keywordWatchlists } from '../watchlists/views.js';
import { rejectNul } from '../watchlists/reject-nul.js';

/** Any JSON object; the mode it is read in is decided by the fields it has. */
const JsonObject = z.record(z.string(), z.unknown());
const has = (body: Record<string, unknown>, field: string) => Object.hasOwn(body, field);

/** Keyword watchlists (spec "Keyword watchlists"): create in direct or prompt mode, read, update. */
export const keywordWatchlistRoutes = new Hono<AppEnv>();

keywordWatchlistRoutes.post('/api-keyword-watchlist', requireApiKey('watchlist'), async (c) => {
  const raw = await readBody(c, JsonObject);
  rejectNul(raw);
  if (has(raw, 'keywords') && has(raw, 'prompt')) {
    throw new HttpError(400, "Send either 'keywords' (direct mode) or 'prompt' (prompt mode), not both");
  }
  if (has(raw, 'prompt')) {
    const body = parseWith(CreateKeywordWatchlistPromptBody, raw);
    return c.json(await createPromptKeywordWatchlist(c.var.ctx, c.var.team, body), 201);
  }
  const body = parseWith(CreateKeywordWatchlistDirectBody, raw);
  const created = await createKeywordWatchlist(c.var.ctx, c.var.team, body);
  return c.json(created.body, created.status);
});

keywordWatchlistRoutes.get('/api-keyword-watchlist', requireApiKey('watchlist'), async (c) => {
  const { id } = readQuery(c, WatchlistQuery);
  const watchlists = await keywordWatchlists(c.var.ctx.db, c.var.team.id, id);
  if (id !== undefined) {
    if (!watchlists[0]) throw new HttpError(404, WATCHLIST_NOT_FOUND);
    return c.json(watchlists[0]);
  }
  return c.json({ watchlists, count: watchlists.length });
});

keywordWatchlistRoutes.patch('/api-keyword-watchlist', requireApiKey('watchlist'), async (c) => {
  const raw = await readBody(c, JsonObject);
  rejectNul(raw);
  if (raw.id === undefined || raw.id === null || (typeof raw.id === 'string' && raw.id.trim() === '')) {
    throw new HttpError(400, 'Missing required parameter: id');
  }
  const patchFields = UPDATABLE_FIELDS.filter((f) => has(raw, f));
  if (has(raw, 'prompt')) {
    if (patchFields.length > 0) {
      throw new HttpError(400, `Send either 'prompt' (prompt mode) or fields to change, not both (got ${patchFields.map((f) => `'${f}'`).join(', ')})`);
    }
    const body = parseWith(UpdateKeywordWatchlistPromptBody, raw);
    return c.json(await updateKeywordWatchlistPrompt(c.var.ctx, c.var.team, body));
  }
  if (patchFields.length === 0) throw new HttpError(400, 'No valid update fields provided');
  const body = parseWith(UpdateKeywordWatchlistPatchBody, raw);
  return c.json(await updateKeywordWatchlist(c.var.ctx, c.var.team, body));
});
