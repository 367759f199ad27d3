import type { ServiceContext } from '../context.js';
import type { TeamRow } from '../auth/identities.js';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { assertKeywordCount, assertWatchlistSlot, lockTeamPlan } from '../plans/plan-limits.js';
import type {
  CreateKeywordWatchlistDirectBody,
  CreateKeywordWatchlistDirectResponse,
  CreateKeywordWatchlistPromptBody,
  CreateKeywordWatchlistPromptResponse,
  KeywordResult,
  Label,
} from '../../contract/watchlists.js';
import { cleanKeywords, keywordSetKey, validKeywords, type KeywordEntry } from './keywords.js';
import { labelsFromKeywords } from './labels.js';
import { replaceKeywords } from './keyword-store.js';
import { nameFromItems, nameFromPrompt } from './names.js';
import { uniqueSlug } from './slugs.js';
import { PROMPT_CLAIM_SECONDS, startPromptGeneration } from './prompt-jobs.js';

export const NO_VALID_KEYWORDS = 'No valid keywords provided after cleaning';

/** Per-keyword results in request order: the stored ones with their row id, the refused with why. */
export function keywordResults(entries: KeywordEntry[], ids: string[]): KeywordResult[] {
  let next = 0;
  return entries.map((e) =>
    'clean' in e
      ? { success: true, keyword: e.keyword, keyword_id: ids[next++]! }
      : { success: false, keyword: e.keyword, error: e.error },
  );
}

/**
 * Direct mode (spec "POST /api-keyword-watchlist"). Idempotent by keyword set: a team's keyword
 * watchlist with the same primary keywords is answered as it is (200, created false, its own
 * frequency and labels), using no plan slot. Otherwise 201 with a new watchlist.
 */
export async function createKeywordWatchlist(
  ctx: Pick<ServiceContext, 'db'>,
  team: TeamRow,
  body: CreateKeywordWatchlistDirectBody,
): Promise<{ status: 200 | 201; body: CreateKeywordWatchlistDirectResponse }> {
  const entries = cleanKeywords(body.keywords);
  const keywords = validKeywords(entries);
  if (keywords.length === 0) throw new HttpError(400, NO_VALID_KEYWORDS);
  const setKey = keywordSetKey(keywords);

  return ctx.db.transaction(async (tx) => {
    const plan = await lockTeamPlan(tx, team.id);
    const existing = await existingBySet(tx, team.id, setKey);
    if (existing) return { status: 200 as const, body: existing };

    await assertWatchlistSlot(tx, team.id, plan);
    assertKeywordCount(keywords.length, plan);
    const name = body.name || nameFromItems(keywords.map((k) => k.keyword));
    const slug = await uniqueSlug(tx, team.id, name, 'keyword-watchlist');
    const labels = body.labels ?? labelsFromKeywords(keywords);
    const id = crypto.randomUUID();
    await tx.query(
      `INSERT INTO watchlists (id, team_id, type, name, slug, description, fetch_freq_hours, labels, keyword_set_key)
       VALUES ($1, $2, 'keyword', $3, $4, $5, $6, $7, $8)`,
      [
        id,
        team.id,
        name,
        slug,
        body.description || null,
        body.fetchFreqInHours,
        JSON.stringify(labels),
        setKey,
      ],
    );
    const ids = await replaceKeywords(tx, id, keywords);
    return {
      status: 201 as const,
      body: {
        id,
        name,
        slug,
        type: 'keyword' as const,
        keywords: keywords.map((k) => k.keyword),
        fetchFreqInHours: body.fetchFreqInHours,
        labels,
        created: true,
        results: keywordResults(entries, ids),
      },
    };
  });
}

async function existingBySet(
  tx: Queryable,
  teamId: string,
  setKey: string,
): Promise<CreateKeywordWatchlistDirectResponse | null> {
  const [w] = await tx.query<{
    id: string;
    name: string;
    slug: string;
    fetch_freq_hours: number;
    labels: Label[];
  }>(
    `SELECT id, name, slug, fetch_freq_hours, labels FROM watchlists
      WHERE team_id = $1 AND type = 'keyword' AND keyword_set_key = $2 ORDER BY created_at, id LIMIT 1`,
    [teamId, setKey],
  );
  if (!w) return null;
  const rows = await tx.query<{ id: string; keyword: string }>(
    'SELECT id, keyword FROM watchlist_keywords WHERE watchlist_id = $1 ORDER BY position, created_at',
    [w.id],
  );
  return {
    id: w.id,
    name: w.name,
    slug: w.slug,
    type: 'keyword',
    keywords: rows.map((r) => r.keyword),
    fetchFreqInHours: w.fetch_freq_hours,
    labels: w.labels,
    created: false,
    results: rows.map((r) => ({ success: true, keyword: r.keyword, keyword_id: r.id })),
  };
}

const PROMPT_MESSAGE =
  'Keywords and intent labels are being generated from the prompt in the background; they appear in a few seconds (GET /api-keyword-watchlist?id=<id>).';

/** Prompt mode: the row is stored claimed by this instance, then generation starts after commit. */
export async function createPromptKeywordWatchlist(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'log' | 'outbound'>,
  team: TeamRow,
  body: CreateKeywordWatchlistPromptBody,
): Promise<CreateKeywordWatchlistPromptResponse> {
  const created = await ctx.db.transaction(async (tx) => {
    const plan = await lockTeamPlan(tx, team.id);
    await assertWatchlistSlot(tx, team.id, plan);
    const name = body.name || nameFromPrompt(body.prompt);
    const slug = await uniqueSlug(tx, team.id, name, 'keyword-watchlist');
    const id = crypto.randomUUID();
    await tx.query(
      `INSERT INTO watchlists (id, team_id, type, name, slug, description, fetch_freq_hours, prompt, prompt_status,
                               prompt_generation, prompt_claimed_until)
       VALUES ($1, $2, 'keyword', $3, $4, $5, $6, $7, 'pending', 1, now() + make_interval(secs => $8))`,
      [
        id,
        team.id,
        name,
        slug,
        body.description || null,
        body.fetchFreqInHours,
        body.prompt,
        PROMPT_CLAIM_SECONDS,
      ],
    );
    return { id, name, slug };
  });
  startPromptGeneration(ctx, created.id, 1);
  return {
    ...created,
    type: 'keyword',
    fetchFreqInHours: body.fetchFreqInHours,
    prompt: body.prompt,
    created: true,
    message: PROMPT_MESSAGE.replace('<id>', created.id),
  };
}
