import { PREPARED, type Queryable } from '../db/database.js';

/**
 * Members this process saw already followed. A row of relationship_sync leaves only with its team
 * or its user (ON DELETE CASCADE), and both are random UUIDs, so a key once seen stays true and
 * names one database's row: a sent message then need not write (nor open a transaction) to follow.
 */
const followed = new Set<string>();
const MAX_REMEMBERED = 10_000;

/** Whether this member is known to be followed already (a miss only means: ask the database). */
export function isFollowed(teamId: string, userId: string): boolean {
  return followed.has(`${teamId}:${userId}`);
}

/** Makes a member one the relationship sync reads (an invitation or message sent through the service, a sequence's sender). */
export async function followMember(db: Queryable, teamId: string, userId: string): Promise<void> {
  const inserted = await db.query(
    'INSERT INTO relationship_sync (team_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
    [teamId, userId],
    PREPARED,
  );
  // Only a row that was there before (committed: ON CONFLICT waits for a concurrent insert) is
  // remembered; one inserted here may yet be rolled back with its transaction.
  if (inserted.length === 0) {
    if (followed.size >= MAX_REMEMBERED) followed.clear();
    followed.add(`${teamId}:${userId}`);
  }
}
