import { onTaskCompleted } from '../tasks/completion-hooks.js';
import { fileCollectionOutput } from './file-posts.js';
import { markPostEngaged } from './engagement-marks.js';
import { enqueuePostsCollected } from '../webhooks/store.js';
import { COMMENT_DRAFTS_DUE } from '../watchlists/comment-drafts.js';

/**
 * What completing a task means for watchlists and posts: collection outputs are filed as the
 * watchlist's posts, likes and comments mark the post. Registered once, when the posts routes load
 * (app.ts imports them), so every service that serves /api-posts files what it shows.
 */
let registered = false;
export function registerCollectionHooks(): void {
  if (registered) return;
  registered = true;
  // What was filed, filtered out and skipped (with why) is added to the task's output, so the API
  // user sees it in get-task-status and nothing is dropped silently.
  const file = async (...[tx, task]: Parameters<typeof fileCollectionOutput>) => {
    const r = await fileCollectionOutput(tx, task);
    if (!r) return;
    if (r.added > 0) {
      await enqueuePostsCollected(tx, task.teamId, {
        watchlist_id: r.watchlistId,
        task_id: task.id,
        added: r.added,
        post_ids: r.addedPostIds,
      });
      // New posts may be worth a comment draft (watchlists/comment-drafts.ts), drafted beside the filing.
      await tx.query('SELECT pg_notify($1, $2)', [COMMENT_DRAFTS_DUE, r.watchlistId]);
    }
    const filing = {
      filed: r.filed,
      added: r.added,
      filtered_out: r.filteredOut,
      skipped: r.skipped,
    };
    await tx.query(
      `UPDATE tasks SET output = output || jsonb_build_object('filing', $2::jsonb) WHERE id = $1`,
      [task.id, JSON.stringify(filing)],
    );
  };
  onTaskCompleted('agent_keyword_tracking', file);
  onTaskCompleted('agent_company_tracking', file);
  onTaskCompleted('agent_profiles_tracking', file);
  onTaskCompleted('agent_like_post', markPostEngaged);
  onTaskCompleted('agent_comment_post', markPostEngaged);
}
