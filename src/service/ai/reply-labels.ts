import type { TeamReplyLabel } from '../../contract/reply-labels.js';
import type { Queryable } from '../db/database.js';

/** The team's own reply labels (PATCH /api-team `reply_labels`, docs/ai.md "Replies sorted"). */
export async function teamReplyLabels(db: Queryable, teamId: string): Promise<TeamReplyLabel[]> {
  const [row] = await db.query<{ reply_labels: TeamReplyLabel[] }>(
    'SELECT reply_labels FROM teams WHERE id = $1',
    [teamId],
  );
  return row?.reply_labels ?? [];
}

/**
 * Replaces the team's own labels. Messages sorted with a label the team removes keep it: a label
 * says what the model read then.
 */
export async function patchReplyLabels(
  tx: Queryable,
  teamId: string,
  labels: TeamReplyLabel[] | undefined,
): Promise<void> {
  if (labels === undefined) return;
  await tx.query('UPDATE teams SET reply_labels = $2 WHERE id = $1', [
    teamId,
    JSON.stringify(labels),
  ]);
}
