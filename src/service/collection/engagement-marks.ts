import { isUuid } from '../db/is-uuid.js';
import type { Queryable } from '../db/database.js';
import type { CompletedTask } from '../tasks/completion-hooks.js';

/**
 * A completed like or comment marks the collected post `liked` / `commented` for the team. The post
 * is named by `post_id` (`/api-like`, `/api-comment`) or found by its activity URN (a like through
 * `/network-agent/like-post` on a post the team also collected counts as well).
 */
export async function markPostEngaged(tx: Queryable, task: CompletedTask): Promise<void> {
  const column =
    task.type === 'agent_like_post'
      ? 'liked'
      : task.type === 'agent_comment_post'
        ? 'commented'
        : null;
  if (!column) return;
  const postId =
    typeof task.input.post_id === 'string' && isUuid(task.input.post_id)
      ? task.input.post_id
      : null;
  const urn = typeof task.input.social_urn === 'string' ? task.input.social_urn : null;
  if (!postId && !urn) return;
  await tx.query(
    `UPDATE posts SET ${column} = true WHERE team_id = $1 AND (id = $2::uuid OR activity_urn = $3)`,
    [task.teamId, postId, urn],
  );
}
