import type { Queryable } from '../db/database.js';
import { isUuid } from '../db/is-uuid.js';
import { HttpError } from '../http/http-error.js';
import type { FunnelFigures, SenderFunnel, SequenceStats } from '../../contract/stats.js';
import {
  bucketCounters,
  type CounterUnit,
  counterUnit,
  queryStats,
  rangeSql,
  rate,
  servedByHours,
  type StatsRange,
} from './range.js';

const R = rangeSql({ from: 3, to: 4, bucket: 5, tz: 6 });

/**
 * One query: each step a person of the sequence ($2, of team $1) reached in the range, counted in
 * the bucket of its own time (enrolled: created_at; invited, accepted, messaged, replied: their
 * `…_at`), per sender; every bucket of the range comes back, empty ones with a null sender. The
 * counts are summed from the counters by hour, or by day and hour (`series`, range.ts
 * `counterUnit`; migrations 031b, 047) when the zone allows, else counted from the people. No row
 * when the sequence is not the team's.
 */
const sql = (series: 'rows' | CounterUnit) => `
WITH s AS (SELECT id FROM sequences WHERE id = $2 AND team_id = $1),
per AS (${
  series !== 'rows'
    ? `
  SELECT k.start, c.sender_user_id, sum(c.enrolled) AS enrolled, sum(c.invited) AS invited,
         sum(c.accepted) AS accepted, sum(c.messaged) AS messaged, sum(c.replied) AS replied
    FROM ${bucketCounters(R, series, {
      hours: 'sequence_step_hours',
      days: 'sequence_step_days',
      key: (t) => `${t}.sequence_id = (SELECT id FROM s)`,
      cols: (t) =>
        `${t}.sender_user_id, ${t}.enrolled, ${t}.invited, ${t}.accepted, ${t}.messaged, ${t}.replied`,
    })}
   GROUP BY 1, 2
  HAVING sum(c.enrolled) + sum(c.invited) + sum(c.accepted) + sum(c.messaged) + sum(c.replied) > 0`
    : `
  SELECT start, sender_user_id,
         count(*) FILTER (WHERE kind = 'enrolled') AS enrolled, count(*) FILTER (WHERE kind = 'invited') AS invited,
         count(*) FILTER (WHERE kind = 'accepted') AS accepted, count(*) FILTER (WHERE kind = 'messaged') AS messaged,
         count(*) FILTER (WHERE kind = 'replied') AS replied
    FROM (
      SELECT e.sender_user_id, x.kind, ${R.bucketOf('x.at')} AS start
        FROM sequence_enrollments e
       CROSS JOIN LATERAL (VALUES ('enrolled', e.created_at), ('invited', e.invited_at), ('accepted', e.accepted_at),
                                  ('messaged', e.messaged_at), ('replied', e.replied_at)) AS x(kind, at)
       WHERE e.sequence_id = (SELECT id FROM s) AND e.team_id = $1 AND x.at >= ${R.lo} AND x.at < ${R.hi}) ev
   GROUP BY 1, 2`
})
SELECT to_char(b.start, 'YYYY-MM-DD') AS start, per.sender_user_id AS user_id, u.email,
       per.enrolled, per.invited, per.accepted, per.messaged, per.replied
  FROM s CROSS JOIN (${R.series}) b
  LEFT JOIN per ON per.start = b.start
  LEFT JOIN users u ON u.id = per.sender_user_id
 ORDER BY b.start, u.email NULLS LAST`;
const SQL = { rows: sql('rows'), hours: sql('hours'), days: sql('days') };

interface Row {
  start: string;
  user_id: string | null;
  email: string | null;
  enrolled: number | null;
  invited: number | null;
  accepted: number | null;
  messaged: number | null;
  replied: number | null;
}

type Counts = Omit<FunnelFigures, 'acceptance_rate' | 'reply_rate'>;
const COUNTS = ['enrolled', 'invited', 'accepted', 'messaged', 'replied'] as const;
const zero = (): Counts => ({ enrolled: 0, invited: 0, accepted: 0, messaged: 0, replied: 0 });
const add = (into: Counts, from: Counts) => {
  for (const k of COUNTS) into[k] += from[k];
};
const withRates = <T extends Counts>(
  c: T,
): T & Pick<FunnelFigures, 'acceptance_rate' | 'reply_rate'> => ({
  ...c,
  acceptance_rate: rate(c.accepted, c.invited),
  reply_rate: rate(c.replied, c.messaged),
});

export async function sequenceStats(
  db: Queryable,
  teamId: string,
  sequenceId: string,
  range: StatsRange,
  /** `rows`: count from the rows even where the counters serve (the counters' own check). */
  source: 'auto' | 'rows' = 'auto',
): Promise<SequenceStats> {
  if (!isUuid(sequenceId)) throw new HttpError(404, 'Sequence not found');
  const rows = await queryStats<Row>(
    db,
    source === 'auto' && servedByHours(range) ? SQL[counterUnit(range)] : SQL.rows,
    [teamId, sequenceId, range.from, range.to, range.bucket, range.tz],
  );
  if (rows.length === 0) throw new HttpError(404, 'Sequence not found');
  const buckets = new Map<string, { counts: Counts; senders: SenderFunnel[] }>();
  const total = zero();
  const bySender = new Map<string, Counts & { user_id: string | null; email: string | null }>();
  for (const r of rows) {
    let bucket = buckets.get(r.start);
    if (!bucket) {
      bucket = { counts: zero(), senders: [] };
      buckets.set(r.start, bucket);
    }
    if (r.enrolled === null) continue;
    const counts = Object.fromEntries(COUNTS.map((k) => [k, Number(r[k])])) as Counts;
    add(bucket.counts, counts);
    add(total, counts);
    bucket.senders.push(withRates({ user_id: r.user_id, email: r.email, ...counts }));
    const key = r.user_id ?? '';
    let s = bySender.get(key);
    if (!s) {
      s = { user_id: r.user_id, email: r.email, ...zero() };
      bySender.set(key, s);
    }
    add(s, counts);
  }
  return {
    sequence_id: sequenceId,
    ...range,
    buckets: [...buckets].map(([start, b]) => ({
      start,
      ...withRates(b.counts),
      senders: b.senders,
    })),
    totals: {
      ...withRates(total),
      senders: [...bySender.values()]
        .sort((a, b) => (a.email ?? '\uffff').localeCompare(b.email ?? '\uffff'))
        .map(withRates),
    },
  };
}
