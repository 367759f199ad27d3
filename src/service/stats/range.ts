import { PREPARED, type Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { STATS_DEFAULT_DAYS, STATS_MAX_DAYS, type StatsBucket } from '../../contract/stats.js';

/** A resolved range: calendar days `from`..`to` (inclusive) in `tz`, counted by `bucket`. */
export interface StatsRange {
  from: string;
  to: string;
  bucket: StatsBucket;
  tz: string;
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Math.min(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS, LAST_DAY_MS))
    .toISOString()
    .slice(0, 10);

/** The last day a range may reach: a later one has no four-digit year. */
const LAST_DAY_MS = Date.parse('9999-12-31T00:00:00Z');

/** Today's date in a time zone, as YYYY-MM-DD. */
function todayIn(tz: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The range asked, with the missing ends filled in: 30 days up to today, or from `from`. */
export function resolveRange(q: {
  from?: string;
  to?: string;
  bucket: StatsBucket;
  tz: string;
}): StatsRange {
  const span = STATS_DEFAULT_DAYS - 1;
  const to = q.to ?? (q.from ? addDays(q.from, span) : todayIn(q.tz));
  const from = q.from ?? addDays(to, -span);
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= STATS_MAX_DAYS)
    throw new HttpError(400, `Invalid 'from': the range may span at most ${STATS_MAX_DAYS} days`);
  return { from, to, bucket: q.bucket, tz: q.tz };
}

/**
 * SQL pieces shared by the aggregates, on parameters $from, $to, $bucket, $tz (numbered by the
 * caller): the range's bounds as instants, and its buckets as local dates, zero-filled.
 */
export function rangeSql(p: { from: number; to: number; bucket: number; tz: number }) {
  const lo = `($${p.from}::date::timestamp AT TIME ZONE $${p.tz})`;
  const hi = `(($${p.to}::date + 1)::timestamp AT TIME ZONE $${p.tz})`;
  const localStarts = `generate_series(date_trunc($${p.bucket}::text, $${p.from}::date::timestamp), $${p.to}::date::timestamp, ('1 ' || $${p.bucket})::interval) s`;
  const bounds = `SELECT s::date AS start, greatest(s AT TIME ZONE $${p.tz}, ${lo}) AS lo,
                         least((s + ('1 ' || $${p.bucket})::interval) AT TIME ZONE $${p.tz}, ${hi}) AS hi
                    FROM ${localStarts}`;
  return {
    lo,
    hi,
    /** The local bucket (a date) an instant falls in. */
    bucketOf: (instant: string) =>
      `date_trunc($${p.bucket}::text, ${instant} AT TIME ZONE $${p.tz})::date`,
    /** Every bucket of the range, as rows of `start` (a date). */
    series: `SELECT s::date AS start FROM ${localStarts}`,
    /** Every bucket of the range as the instants it spans, within the range: `start`, `lo`, `hi`. */
    bounds,
    /**
     * `bounds`, each bucket cut where counters serve it: within `lo`..`hi`, the bucket's whole UTC
     * days `dlo`..`dhi` (day counters, migration 047) with the hours `lo`..`a_hi` and `b_lo`..`hi`
     * at its ends (hour counters, migration 031b). In UTC a week is 7 day rows; in Paris, 6 days
     * and 24 hours; a bucket no whole day fits in is hours `lo`..`a_hi` alone (`a_hi` = `hi`).
     * Each is an index range, and only the 53 buckets of a year by week are converted to the
     * zone, not its 8,760 hours. `OFFSET 0` keeps the subquery whole: pulled up, its expressions
     * were copied into every part's conditions and computed again in each.
     */
    spans: `SELECT start, lo, hi, CASE WHEN dlo < dhi THEN dlo ELSE hi END AS a_hi, dlo, dhi,
                   CASE WHEN dlo < dhi THEN dhi ELSE hi END AS b_lo
              FROM (SELECT start, lo, hi, utc_day(hi) AS dhi,
                           CASE WHEN utc_day(lo) = lo THEN lo
                                ELSE (date_trunc('day', lo AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC' END AS dlo
                      FROM (${bounds}) b) x
            OFFSET 0`,
  };
}

/**
 * How a range's buckets are summed from counters: `days` where a bucket may hold whole UTC days
 * (weeks; days in UTC), each bucket its days and the hours at its ends (`rangeSql().spans`);
 * `hours` where none can (days in any other zone): one range of hours per bucket
 * (`rangeSql().bounds`), without the cost of the parts it would skip.
 */
export type CounterUnit = 'hours' | 'days';
export const counterUnit = (range: StatsRange): CounterUnit =>
  range.bucket === 'day' && range.tz !== 'UTC' ? 'hours' : 'days';

/**
 * The buckets of a range, `k`, each with the counter rows (`c`, columns `cols`) that make it up,
 * for the rows `key` picks (given the table's alias): by `unit`, from `hours` alone, or from
 * `days` with the hours of each bucket's ragged ends (migrations 031b and 047). Each part is an
 * index range, and one that is empty is not read (the bucket's own bounds decide it before the
 * scan).
 */
export function bucketCounters(
  R: ReturnType<typeof rangeSql>,
  unit: CounterUnit,
  o: {
    hours: string;
    days: string;
    key: (alias: string) => string;
    cols: (alias: string) => string;
  },
): string {
  if (unit === 'hours')
    return `(${R.bounds}) k CROSS JOIN LATERAL (
      SELECT ${o.cols('h')} FROM ${o.hours} h WHERE ${o.key('h')} AND h.hour >= k.lo AND h.hour < k.hi) c`;
  return `(${R.spans}) k CROSS JOIN LATERAL (
      SELECT ${o.cols('h')} FROM ${o.hours} h
       WHERE k.lo < k.a_hi AND ${o.key('h')} AND h.hour >= k.lo AND h.hour < k.a_hi
      UNION ALL
      SELECT ${o.cols('d')} FROM ${o.days} d
       WHERE k.dlo < k.dhi AND ${o.key('d')} AND d.day >= k.dlo AND d.day < k.dhi
      UNION ALL
      SELECT ${o.cols('h')} FROM ${o.hours} h
       WHERE k.b_lo < k.hi AND ${o.key('h')} AND h.hour >= k.b_lo AND h.hour < k.hi) c`;
}

/** `GMT+05:30` -> seconds past the whole hour of the offset (1800); `GMT`, `GMT+02:00` -> 0. */
function offsetPastHour(format: Intl.DateTimeFormat, at: number): number {
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /[+-]\d{1,2}:(\d{2})(?::(\d{2}))?/.exec(name);
  return m ? Number(m[1]) * 60 + Number(m[2] ?? 0) : 0;
}

/**
 * Whether every local day of the range starts on a whole UTC hour in `tz`, so the hourly counters
 * (migration 031b) give its buckets exactly: the zone's offset, looked at every 10 days from a day
 * before `from` to a day after `to` (offsets last months between changes), is whole hours each time.
 * A zone with a half or quarter hour (India, Nepal, Lord Howe's summer) reads the rows instead.
 */
export function servedByHours(range: StatsRange): boolean {
  if (range.tz === 'UTC') return true;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone: range.tz, timeZoneName: 'longOffset' });
  } catch {
    return false;
  }
  const end = Date.parse(`${range.to}T00:00:00Z`) + 2 * DAY_MS;
  for (let at = Date.parse(`${range.from}T00:00:00Z`) - DAY_MS; ; at += 10 * DAY_MS) {
    if (offsetPastHour(format, Math.min(at, end)) !== 0) return false;
    if (at >= end) return true;
  }
}

const INVALID_PARAMETER_VALUE = '22023';

/**
 * Runs an aggregate; a zone the database does not know (its tz data differ) is the client's 400.
 * Prepared: an aggregate's plan is the same for any range (index range scans of counters and
 * links, branches chosen by one-time filters), and planning its many parts cost more than running
 * them.
 */
export async function queryStats<T>(db: Queryable, sql: string, params: unknown[]): Promise<T[]> {
  try {
    return await db.query<T>(sql, params, PREPARED);
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code === INVALID_PARAMETER_VALUE && /time zone/i.test(e.message ?? ''))
      throw new HttpError(400, "Invalid 'tz': must be an IANA time zone such as Europe/Paris");
    throw err;
  }
}

/** a / b, or null when b is 0. Rounded to 4 places so the API and a table agree. */
export const rate = (a: number, b: number): number | null =>
  b === 0 ? null : Math.round((a / b) * 10_000) / 10_000;
