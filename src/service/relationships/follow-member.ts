import { PREPARED, type Queryable } from '../db/database.js';

/** Makes a member one the relationship sync reads (an invitation or message sent through the service, a sequence's sender). */
export async function followMember(db: Queryable, teamId: string, userId: string): Promise<void> {
  await db.query('INSERT INTO relationship_sync (team_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [teamId, userId], PREPARED);
}
