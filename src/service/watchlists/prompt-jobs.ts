import type { ServiceContext } from '../context.js';
import { planOf } from '../plans/plans.js';
import { generateTopics } from './generate-topics.js';
import { keywordSetKey } from './keywords.js';
import { replaceKeywords } from './keyword-store.js';

/**
 * How long an instance holds a prompt generation it runs. Longer than the worst run (the page
 * fetches, side by side, then the LLM: each at most OUTBOUND_TIMEOUT_S, 25 s at most); after it, a
 * generation whose instance stopped is taken up again.
 */
export const PROMPT_CLAIM_SECONDS = 60;
/** Generations keywords are capped at, below the plan's cap: a prompt names a topic, not a list. */
const MAX_GENERATED_KEYWORDS = 10;

type Deps = Pick<ServiceContext, 'db' | 'config' | 'log' | 'outbound'>;

/**
 * Generates keywords and labels for one prompt watchlist and writes them, unless the prompt was
 * replaced meanwhile (its generation number moved on): then the result is dropped.
 */
export async function runPromptGeneration(
  ctx: Deps,
  watchlistId: string,
  generation: number,
): Promise<void> {
  const [w] = await ctx.db.query<{ prompt: string; plan: string }>(
    `SELECT w.prompt, t.plan FROM watchlists w JOIN teams t ON t.id = w.team_id
      WHERE w.id = $1 AND w.prompt_generation = $2 AND w.prompt_status = 'pending'`,
    [watchlistId, generation],
  );
  if (!w) return;
  try {
    const max = Math.min(planOf(w.plan).limits.keywordsPerWatchlist, MAX_GENERATED_KEYWORDS);
    const topics = await generateTopics(ctx, w.prompt, max);
    if (topics.keywords.length === 0)
      throw new Error('No keywords could be derived from the prompt');
    const written = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE watchlists
            SET prompt_status = 'ready', prompt_error = NULL, prompt_claimed_until = NULL,
                labels = $3, keyword_set_key = $4, updated_at = now()
          WHERE id = $1 AND prompt_generation = $2 AND prompt_status = 'pending'
          RETURNING id`,
        [watchlistId, generation, JSON.stringify(topics.labels), keywordSetKey(topics.keywords)],
      );
      if (rows.length === 0) return false;
      await replaceKeywords(tx, watchlistId, topics.keywords);
      return true;
    });
    if (written) {
      ctx.log.info('prompt_keywords_generated', {
        watchlist_id: watchlistId,
        source: topics.source,
        keywords: topics.keywords.length,
        pages: topics.pages.length,
      });
    }
  } catch (err) {
    // Cut off by shutdown: left pending; its claim runs out and another run takes it up.
    if (ctx.outbound.stopped) {
      ctx.log.info('prompt_generation_interrupted', { watchlist_id: watchlistId });
      return;
    }
    const message = (err as Error).message.slice(0, 500);
    ctx.log.warn('prompt_generation_failed', { watchlist_id: watchlistId, message });
    await ctx.db.query(
      `UPDATE watchlists SET prompt_status = 'failed', prompt_error = $3, prompt_claimed_until = NULL, updated_at = now()
        WHERE id = $1 AND prompt_generation = $2 AND prompt_status = 'pending'`,
      [watchlistId, generation, message],
    );
  }
}

/**
 * Starts a generation in the background right after its request committed (the row was inserted
 * already claimed by this instance). The request does not wait; errors end up on the row.
 */
export function startPromptGeneration(ctx: Deps, watchlistId: string, generation: number): void {
  const run = runPromptGeneration(ctx, watchlistId, generation)
    .catch((err: Error) =>
      ctx.log.error('prompt_generation_crashed', {
        watchlist_id: watchlistId,
        message: err.message,
      }),
    )
    .finally(() => inFlight.delete(run));
  inFlight.add(run);
}

/** Generations started by requests of this process and not finished yet. */
const inFlight = new Set<Promise<void>>();

/** Resolves when every generation started so far has finished (shutdown, tests). */
export async function settlePromptGenerations(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/**
 * Takes up prompt generations left pending with no live claim: the instance that started them
 * stopped (a restart, a crash). Runs at start-up and then periodically (jobs.ts); several instances
 * may run it at once, SKIP LOCKED and the claim give each generation to one of them.
 */
export async function resumePendingPrompts(ctx: Deps, limit = 10): Promise<number> {
  const claimed = await ctx.db.query<{ id: string; prompt_generation: number }>(
    `UPDATE watchlists SET prompt_claimed_until = now() + make_interval(secs => $2)
      WHERE id IN (SELECT id FROM watchlists
                    WHERE prompt_status = 'pending' AND (prompt_claimed_until IS NULL OR prompt_claimed_until < now())
                    ORDER BY updated_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, prompt_generation`,
    [limit, PROMPT_CLAIM_SECONDS],
  );
  await Promise.all(claimed.map((w) => runPromptGeneration(ctx, w.id, w.prompt_generation)));
  return claimed.length;
}
