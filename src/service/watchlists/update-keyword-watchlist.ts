import type { ServiceContext } from '../context.js';
import type { TeamRow } from '../auth/identities.js';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { assertKeywordCount, lockTeamPlan } from '../plans/plan-limits.js';
import type {
  Label,
  UpdateKeywordWatchlistPatchBody,
  UpdateKeywordWatchlistPromptBody,
  UpdateKeywordWatchlistResponse,
} from '../../contract/watchlists.js';
import { cleanKeywords, keywordSetKey, validKeywords } from './keywords.js';
import { labelsFromKeywords } from './labels.js';
import { deletePendingKeywordTasks, replaceKeywords } from './keyword-store.js';
import { keywordResults, NO_VALID_KEYWORDS } from './create-keyword-watchlist.js';
import { PROMPT_CLAIM_SECONDS, startPromptGeneration } from './prompt-jobs.js';
import { isUuid } from '../db/is-uuid.js';
import { applyCommonFields, WatchlistUpdate } from './watchlist-update.js';
import { draftMember } from '../ai/draft-subject.js';

export const WATCHLIST_NOT_FOUND = 'Watchlist not found or access denied';

/** The team's keyword watchlist `id`, locked for the update; 404 for unknown, other type or team. */
async function lockKeywordWatchlist(tx: Queryable, teamId: string, id: string) {
  if (!isUuid(id)) throw new HttpError(404, WATCHLIST_NOT_FOUND);
  const [w] = await tx.query<{ id: string; disabled: boolean }>(
    `SELECT id, disabled FROM watchlists WHERE id = $1 AND team_id = $2 AND type = 'keyword' FOR UPDATE`,
    [id, teamId],
  );
  if (!w) throw new HttpError(404, WATCHLIST_NOT_FOUND);
  return w;
}

/**
 * Patch mode (spec "Update keyword watchlist"): only the fields sent change, and only their parts
 * are in the answer. All of it is one transaction: a refused keyword set (blank, over the plan)
 * leaves the watchlist exactly as it was.
 */
export async function updateKeywordWatchlist(
  ctx: Pick<ServiceContext, 'db'>,
  team: TeamRow,
  body: UpdateKeywordWatchlistPatchBody,
): Promise<UpdateKeywordWatchlistResponse> {
  const entries = body.keywords ? cleanKeywords(body.keywords) : null;
  const keywords = entries ? validKeywords(entries) : null;
  if (keywords && keywords.length === 0) throw new HttpError(400, NO_VALID_KEYWORDS);

  return ctx.db.transaction(async (tx) => {
    const plan = await lockTeamPlan(tx, team.id);
    const w = await lockKeywordWatchlist(tx, team.id, body.id);
    const answer: UpdateKeywordWatchlistResponse = {
      success: true,
      id: w.id,
      message: 'Watchlist updated',
    };
    const update = new WatchlistUpdate(w.id);
    await applyCommonFields(tx, w, body, answer, update, deletePendingKeywordTasks);
    if (body.slack_webhook_url !== undefined) {
      update.set('slack_webhook_url', body.slack_webhook_url);
      answer.slack_webhook_url = body.slack_webhook_url;
    }
    if (body.draft_comments !== undefined) {
      // The comments are drafted in this member's name: one of the team's (404 otherwise).
      if (body.draft_comments) await draftMember(tx, team.id, body.draft_comments.member_email);
      update.set(
        'draft_comments',
        body.draft_comments
          ? JSON.stringify({ ...body.draft_comments, since: new Date().toISOString() })
          : null,
      );
      answer.draft_comments = body.draft_comments;
    }
    let labels: Label[] | undefined = body.labels;
    if (entries && keywords) {
      assertKeywordCount(keywords.length, plan);
      const ids = await replaceKeywords(tx, w.id, keywords);
      update.set('keyword_set_key', keywordSetKey(keywords));
      // Keywords set by hand supersede a prompt generation still running.
      update.assign('prompt_generation = prompt_generation + 1');
      update.assign(
        `prompt_status = CASE WHEN prompt_status = 'pending' THEN 'ready' ELSE prompt_status END`,
      );
      update.assign('prompt_claimed_until = NULL');
      labels ??= labelsFromKeywords(keywords);
      answer.keywords = keywords.map((k) => k.keyword);
      answer.results = keywordResults(entries, ids);
    }
    if (labels !== undefined) {
      update.set('labels', JSON.stringify(labels));
      answer.labels = labels;
    }
    await update.run(tx);
    return answer;
  });
}

/**
 * Prompt mode: keywords and labels are wiped now (with the pending keyword tasks; posts stay) and
 * regenerated in the background from the new prompt.
 */
export async function updateKeywordWatchlistPrompt(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'log' | 'outbound'>,
  team: TeamRow,
  body: UpdateKeywordWatchlistPromptBody,
): Promise<UpdateKeywordWatchlistResponse> {
  const updated = await ctx.db.transaction(async (tx) => {
    await lockTeamPlan(tx, team.id);
    const w = await lockKeywordWatchlist(tx, team.id, body.id);
    await replaceKeywords(tx, w.id, []);
    const [row] = await tx.query<{
      name: string;
      fetch_freq_hours: number;
      prompt_generation: number;
    }>(
      `UPDATE watchlists
          SET prompt = $2, prompt_status = 'pending', prompt_error = NULL, prompt_generation = prompt_generation + 1,
              prompt_claimed_until = now() + make_interval(secs => $3), labels = '[]', keyword_set_key = NULL,
              updated_at = now()
        WHERE id = $1
        RETURNING name, fetch_freq_hours, prompt_generation`,
      [w.id, body.prompt, PROMPT_CLAIM_SECONDS],
    );
    return { id: w.id, ...row! };
  });
  startPromptGeneration(ctx, updated.id, updated.prompt_generation);
  return {
    success: true,
    id: updated.id,
    name: updated.name,
    fetchFreqInHours: updated.fetch_freq_hours,
    prompt: body.prompt,
    message:
      'Keywords and labels were cleared and are being regenerated from the prompt in the background; they appear in a few seconds.',
  };
}
