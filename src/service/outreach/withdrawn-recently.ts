import { REINVITE_AFTER_WITHDRAWAL_DAYS } from '../budgets/hygiene.js';

/**
 * The newest withdrawal, by any member of the team, of an invitation to the person (`$2`, team `$1`)
 * within the days the network refuses a new one.
 */
export const WITHDRAWN_SQL = `SELECT max(state_changed_at) AS at FROM sent_invitations
  WHERE team_id = $1 AND profile_urn = $2 AND state = 'withdrawn'
    AND state_changed_at > now() - make_interval(days => ${REINVITE_AFTER_WITHDRAWAL_DAYS})`;

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * docs/budgets.md "Hygiene": a person whose invitation was withdrawn cannot be invited again for
 * about three weeks (the network's help pages), so an invitation to them from any member is
 * refused until then, in a 409's and a sequence's words, for a withdrawal at `at` (`WITHDRAWN_SQL`'s
 * answer, read with the invitation's other checks: outreach/refusal.ts). `force` does not pass it:
 * the network would refuse it all the same. Null: no recent withdrawal.
 */
export function withdrawnRefusalAt(
  at: Date | string | null,
): { code: 'withdrawn_recently'; error: string } | null {
  if (!at) return null;
  const when = new Date(at);
  const until = new Date(when.getTime() + REINVITE_AFTER_WITHDRAWAL_DAYS * 86_400_000);
  return {
    code: 'withdrawn_recently',
    error: `Refused: an invitation to this person was withdrawn on ${day(when)}; the network refuses a new one until ${day(until)}`,
  };
}
