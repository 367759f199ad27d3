import { onTaskCompleted } from '../tasks/completion-hooks.js';
import { fileCollectionOutput } from './file-posts.js';
import { markPostEngaged } from './engagement-marks.js';

/**
 * What completing a task means for watchlists and posts: collection outputs are filed as the
 * watchlist's posts, likes and comments mark the post. Registered once, when the posts routes load
 * (app.ts imports them), so every service that serves /api-posts files what it shows.
 */
let registered = false;
export function registerCollectionHooks(): void {
  if (registered) return;
  registered = true;
  const file = async (...args: Parameters<typeof fileCollectionOutput>) => void (await fileCollectionOutput(...args));
  onTaskCompleted('agent_keyword_tracking', file);
  onTaskCompleted('agent_company_tracking', file);
  onTaskCompleted('agent_profiles_tracking', file);
  onTaskCompleted('agent_like_post', markPostEngaged);
  onTaskCompleted('agent_comment_post', markPostEngaged);
}
