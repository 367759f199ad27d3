import type { Queryable } from '../db/database.js';
import type { CleanKeyword } from './keywords.js';

/**
 * Replaces a keyword watchlist's keyword rows (spec rule 2) and returns the new row ids in order.
 * Its pending keyword-tracking tasks go too, and the watchlist becomes due, so the scheduler's next
 * tick plans tasks from the new rows. Tasks already running, other task types and the collected
 * posts are left as they are. Runs inside the caller's transaction.
 */
export async function replaceKeywords(
  tx: Queryable,
  watchlistId: string,
  keywords: CleanKeyword[],
): Promise<string[]> {
  await tx.query('DELETE FROM watchlist_keywords WHERE watchlist_id = $1', [watchlistId]);
  await deletePendingKeywordTasks(tx, watchlistId);
  const ids = keywords.map(() => crypto.randomUUID());
  if (keywords.length > 0) {
    await tx.query(
      `INSERT INTO watchlist_keywords (id, watchlist_id, keyword, required_keywords, excluded_keywords, position)
       SELECT k.id, $1, k.keyword, k.required_keywords, k.excluded_keywords, k.position
         FROM jsonb_to_recordset($2::jsonb)
           AS k(id uuid, keyword text, required_keywords jsonb, excluded_keywords jsonb, position int)`,
      [
        watchlistId,
        JSON.stringify(keywords.map((k, position) => ({ ...k, id: ids[position], position }))),
      ],
    );
  }
  await tx.query('UPDATE watchlist_schedule SET next_due_at = NULL WHERE watchlist_id = $1', [
    watchlistId,
  ]);
  return ids;
}

export async function deletePendingKeywordTasks(tx: Queryable, watchlistId: string): Promise<void> {
  await tx.query(
    `DELETE FROM tasks WHERE watchlist_id = $1 AND type = 'agent_keyword_tracking' AND status = 'pending'`,
    [watchlistId],
  );
}
