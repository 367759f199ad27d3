import type { Queryable } from '../db/database.js';
import { REINVITE_AFTER_WITHDRAWAL_DAYS } from '../budgets/hygiene.js';

/**
 * The newest withdrawal, by any member of the team, of an invitation to the person (`$2`, team `$1`)
 * within the days the network refuses a new one.
 */
const WITHDRAWN_SQL = `SELECT max(state_changed_at) AS at FROM sent_invitations
  WHERE team_id = $1 AND profile_urn = $2 AND state = 'withdrawn'
    AND state_changed_at > now() - make_interval(days => ${REINVITE_AFTER_WITHDRAWAL_DAYS})`;

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * docs/budgets.md "Hygiene": a person whose invitation was withdrawn cannot be invited again for
 * about three weeks (the network's help pages), so an invitation to them from any member is
 * refused until then, in a 409's and a sequence's words. `force` does not pass it: the network
 * would refuse it all the same. Null: no recent withdrawal.
 */
export async function withdrawnRecentlyRefusal(
  db: Queryable,
  teamId: string,
  profileUrn: string,
): Promise<{ code: 'withdrawn_recently'; error: string } | null> {
  const [row] = await db.query<{ at: Date | string | null }>(WITHDRAWN_SQL, [teamId, profileUrn]);
  if (!row?.at) return null;
  const at = new Date(row.at);
  const until = new Date(at.getTime() + REINVITE_AFTER_WITHDRAWAL_DAYS * 86_400_000);
  return {
    code: 'withdrawn_recently',
    error: `Refused: an invitation to this person was withdrawn on ${day(at)}; the network refuses a new one until ${day(until)}`,
  };
}
