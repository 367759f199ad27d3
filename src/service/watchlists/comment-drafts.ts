import type { DraftComments } from '../../contract/watchlists.js';
import type { ServiceContext } from '../context.js';
import { makeDraft } from '../ai/drafts.js';
import { HttpError } from '../http/http-error.js';

/**
 * Comment drafts where the work is (docs/ai.md, "Drafting where the work is"): a keyword watchlist
 * with `draft_comments` gets, for the posts its collections filed since it was set, a comment
 * drafted by the team's model in the member's name, awaiting approval like any draft — the posts
 * with the highest trending score first, at or above `min_trending_score`, at most `max_per_day`
 * a UTC day. A row of watchlist_comment_drafts is the claim: one draft per post and watchlist,
 * whichever instance takes it. The filing of posts wakes the job (collection/register-hooks.ts).
 */

export const COMMENT_DRAFTS_DUE = 'comment_drafts_due';

/** Watchlists looked at per run. */
const WATCHLISTS = 50;

interface Setting {
  id: string;
  team_id: string;
  team_name: string;
  plan: string;
  draft_comments: DraftComments & { since: string };
}

export async function draftWatchlistComments(ctx: ServiceContext): Promise<number> {
  const watchlists = await ctx.db.query<Setting>(
    `SELECT w.id, w.team_id, t.name AS team_name, t.plan, w.draft_comments
       FROM watchlists w JOIN teams t ON t.id = w.team_id
      WHERE w.draft_comments IS NOT NULL AND NOT w.disabled AND w.type = 'keyword'
        AND EXISTS (SELECT 1 FROM watchlist_posts wp WHERE wp.watchlist_id = w.id
                     AND wp.first_seen_at >= (w.draft_comments->>'since')::timestamptz
                     AND NOT EXISTS (SELECT 1 FROM watchlist_comment_drafts d WHERE d.watchlist_id = w.id AND d.post_id = wp.post_id))
      LIMIT ${WATCHLISTS}`,
  );
  let drafted = 0;
  for (const w of watchlists) drafted += await draftFor(ctx, w);
  return drafted;
}

/** Claims today's room of the watchlist's best new posts, then drafts each. */
async function draftFor(ctx: ServiceContext, w: Setting): Promise<number> {
  const setting = w.draft_comments;
  const posts = await ctx.db.transaction(async (tx) => {
    // One instance counts and claims at a time, so the day's number holds.
    const [locked] = await tx.query(
      'SELECT id FROM watchlists WHERE id = $1 FOR UPDATE SKIP LOCKED',
      [w.id],
    );
    if (!locked) return [];
    return tx.query<{ post_id: string }>(
      `WITH today AS (
         SELECT count(*)::int AS n FROM watchlist_comment_drafts
          WHERE watchlist_id = $1 AND status <> 'failed'
            AND created_at >= (now() AT TIME ZONE 'UTC')::date AT TIME ZONE 'UTC')
       INSERT INTO watchlist_comment_drafts (watchlist_id, post_id, team_id)
       SELECT wp.watchlist_id, wp.post_id, wp.team_id FROM watchlist_posts wp
        WHERE wp.watchlist_id = $1 AND wp.first_seen_at >= $2::timestamptz AND wp.trending_score >= $3
          AND NOT EXISTS (SELECT 1 FROM watchlist_comment_drafts d WHERE d.watchlist_id = $1 AND d.post_id = wp.post_id)
        ORDER BY wp.trending_score DESC, wp.first_seen_at, wp.post_id
        LIMIT GREATEST(0, $4 - (SELECT n FROM today))
       ON CONFLICT DO NOTHING RETURNING post_id`,
      [w.id, setting.since, setting.min_trending_score, setting.max_per_day],
    );
  });
  let drafted = 0;
  for (const { post_id } of posts) {
    try {
      const draft = await makeDraft(
        ctx,
        { id: w.team_id, name: w.team_name, plan: w.plan },
        {
          kind: 'comment',
          member_email: setting.member_email,
          post_id,
          ...(setting.instructions ? { instructions: setting.instructions } : {}),
        },
        null,
      );
      await settle(ctx, w.id, post_id, 'queued', draft.task_id, null);
      drafted++;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // The plan's daily drafts are spent: the post is drafted another day, while it is new.
      if (err.status === 429) {
        await ctx.db.query(
          'DELETE FROM watchlist_comment_drafts WHERE watchlist_id = $1 AND post_id = $2',
          [w.id, post_id],
        );
        break;
      }
      ctx.log.warn('watchlist_comment_draft_failed', {
        team_id: w.team_id,
        watchlist_id: w.id,
        status: err.status,
      });
      await settle(ctx, w.id, post_id, 'failed', null, err.message);
    }
  }
  return drafted;
}

async function settle(
  ctx: ServiceContext,
  watchlistId: string,
  postId: string,
  status: 'queued' | 'failed',
  taskId: string | null,
  error: string | null,
): Promise<void> {
  await ctx.db.query(
    `UPDATE watchlist_comment_drafts SET status = $3, task_id = $4, error = $5
      WHERE watchlist_id = $1 AND post_id = $2`,
    [watchlistId, postId, status, taskId, error],
  );
}
