import type { Database } from '../db/database.js';
import { buildAnnouncement, MAX_POSTS_PER_MESSAGE, type AnnouncedPost } from './message.js';

/**
 * Turns each finished cycle's new posts into one Slack delivery. A cycle is finished when the
 * watchlist has no collection task left pending or processing; its new posts (slack_pending, set
 * when filed on a keyword watchlist with a webhook) then go out together, in one message.
 * Returns the number of deliveries created.
 */
export async function composeAnnouncements(db: Database): Promise<number> {
  const ready = await db.query<{ id: string }>(
    `SELECT w.id FROM watchlists w
      WHERE EXISTS (SELECT 1 FROM watchlist_posts wp WHERE wp.watchlist_id = w.id AND wp.slack_pending)
        AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.watchlist_id = w.id AND t.status IN ('pending', 'processing'))
      LIMIT 100`,
  );
  let created = 0;
  for (const { id } of ready) {
    created += await db.transaction(async (tx) => {
      // Another instance composing the same watchlist holds this row: skip it, it is being done.
      const [w] = await tx.query<{ id: string; name: string; slack_webhook_url: string | null }>(
        'SELECT id, name, slack_webhook_url FROM watchlists WHERE id = $1 FOR UPDATE SKIP LOCKED',
        [id],
      );
      if (!w) return 0;
      const cleared = await tx.query<{ post_id: string }>(
        'UPDATE watchlist_posts SET slack_pending = false WHERE watchlist_id = $1 AND slack_pending RETURNING post_id',
        [id],
      );
      // The webhook was cleared after these posts were filed: nothing to announce.
      if (!w.slack_webhook_url || cleared.length === 0) return 0;
      const posts = await tx.query<AnnouncedPost>(
        // A count never given is stored as 0 with its known flag off: announced as unknown.
        `SELECT author_name, author_url, post_url, content,
                CASE WHEN likes_known THEN likes_count END AS likes_count,
                CASE WHEN comments_known THEN comments_count END AS comments_count,
                CASE WHEN shares_known THEN shares_count END AS shares_count
           FROM posts WHERE id = ANY($1::uuid[])
          ORDER BY engagement DESC, posted_at DESC LIMIT ${MAX_POSTS_PER_MESSAGE}`,
        [cleared.map((r) => r.post_id)],
      );
      await tx.query(
        `INSERT INTO slack_deliveries (id, watchlist_id, webhook_url, payload, status) VALUES ($1, $2, $3, $4, 'pending')`,
        [
          crypto.randomUUID(),
          id,
          w.slack_webhook_url,
          JSON.stringify(buildAnnouncement(w.name, posts, cleared.length)),
        ],
      );
      return 1;
    });
  }
  return created;
}
