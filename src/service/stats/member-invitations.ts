import { ACCEPTED_SQL, PENDING_SQL } from '../budgets/invitation-acceptance.js';
import { rate, type rangeSql } from './range.js';

type RangeSql = ReturnType<typeof rangeSql>;

/**
 * A member's invitations over a range, for the member stats' one statement (member-stats.ts): per
 * bucket, those sent in it and how many of them were accepted (the health factor's definition,
 * budgets/invitation-acceptance.ts), and those still waiting at its end.
 *
 * An invitation waits from `sent_at` until `state_changed_at` once it is accepted, withdrawn or
 * expired (an acceptance is dated when the person connected). So the waiting ones at each bucket's
 * end are those waiting when the range began plus each bucket's sent less its left, summed: a few
 * rows per bucket, however many invitations there are. An event at a bucket's end instant belongs
 * to the next bucket, as in every aggregate.
 *
 * `team` and `user` are SQL expressions for the team and the member's user id. The CTEs go in the
 * statement's WITH list; `column` is a JSON array of `{start, sent, accepted, pending}`.
 */
export function memberInvitationsSql(R: RangeSql, team: string, user: string) {
  const ctes = `
inv AS (
  SELECT sent_at, state_changed_at, ${ACCEPTED_SQL} AS accepted, ${PENDING_SQL} AS pending FROM sent_invitations
   WHERE team_id = ${team} AND user_id = ${user} AND sent_at < ${R.hi}
     AND (sent_at >= ${R.lo} OR ${PENDING_SQL} OR state_changed_at >= ${R.lo})),
inv_moves AS (
  SELECT start, sum(sent)::int AS sent, sum(accepted)::int AS accepted, sum(sent - gone)::int AS moved FROM (
    SELECT ${R.bucketOf('sent_at')} AS start, 1 AS sent, accepted::int AS accepted, 0 AS gone
      FROM inv WHERE sent_at >= ${R.lo}
    UNION ALL
    SELECT ${R.bucketOf('state_changed_at')}, 0, 0, 1
      FROM inv WHERE NOT pending AND state_changed_at >= ${R.lo} AND state_changed_at < ${R.hi}) e
   GROUP BY start),
inv_before AS (
  SELECT count(*)::int AS n FROM inv WHERE sent_at < ${R.lo} AND (pending OR state_changed_at >= ${R.lo}))`;
  const column = `(SELECT json_agg(json_build_object('start', to_char(start, 'YYYY-MM-DD'), 'sent', sent,
       'accepted', accepted, 'pending', pending) ORDER BY start)
     FROM (SELECT s.start, coalesce(v.sent, 0) AS sent, coalesce(v.accepted, 0) AS accepted,
                  (SELECT n FROM inv_before) + sum(coalesce(v.moved, 0)) OVER (ORDER BY s.start) AS pending
             FROM (${R.series}) s LEFT JOIN inv_moves v ON v.start = s.start) b) AS invitations`;
  return { ctes, column };
}

export interface InvitationBucketRow {
  start: string;
  sent: number;
  accepted: number;
  pending: number;
}

/** The figures of one bucket, or of the range (pending: at its end). */
function invitationFigures(sent: number, accepted: number, pending: number) {
  return { sent, accepted, acceptance_rate: rate(accepted, sent), pending };
}

/** Each bucket's figures by its start, and the range's. */
export function invitationsByBucket(rows: InvitationBucketRow[]) {
  const byStart = new Map(
    rows.map((r) => [
      r.start,
      invitationFigures(Number(r.sent), Number(r.accepted), Number(r.pending)),
    ]),
  );
  const sent = rows.reduce((n, r) => n + Number(r.sent), 0);
  const accepted = rows.reduce((n, r) => n + Number(r.accepted), 0);
  const total = invitationFigures(sent, accepted, Number(rows.at(-1)?.pending ?? 0));
  return { byStart, total };
}
