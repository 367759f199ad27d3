import type { Queryable } from '../db/database.js';

/**
 * Counts in fixed windows (table rate_counters, migration 025), shared by every instance on the
 * database. A window is either a span that starts at its first count (`{ seconds }`) or the current
 * UTC day (`'utc-day'`).
 */
export type RateWindow = { seconds: number } | 'utc-day';

interface Counted {
  /** The count in the current window, this one included. */
  count: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfterS: number;
}

function windowEnd(w: RateWindow): string {
  return w === 'utc-day'
    ? `(date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC'`
    : `now() + make_interval(secs => ${Math.trunc(w.seconds)})`;
}

/**
 * Adds one to the subject's count, in one statement (concurrent callers each see their own
 * count, so a limit holds under a burst), and answers the count reached.
 */
export async function addOne(
  db: Queryable,
  scope: string,
  subject: string,
  window: RateWindow,
): Promise<Counted> {
  const [row] = await db.query<{ count: number; remaining_s: number }>(
    `INSERT INTO rate_counters AS r (scope, subject, count, window_ends_at)
     VALUES ($1, $2, 1, ${windowEnd(window)})
     ON CONFLICT (scope, subject) DO UPDATE SET
       count = CASE WHEN r.window_ends_at > now() THEN r.count + 1 ELSE 1 END,
       window_ends_at = CASE WHEN r.window_ends_at > now() THEN r.window_ends_at ELSE excluded.window_ends_at END
     RETURNING count, extract(epoch FROM window_ends_at - now())::float8 AS remaining_s`,
    [scope, subject],
  );
  return { count: row!.count, retryAfterS: Math.max(1, Math.ceil(row!.remaining_s)) };
}

/** Takes back one count of the current window (what was counted did not happen after all). */
export async function takeBackOne(db: Queryable, scope: string, subject: string): Promise<void> {
  await db.query(
    `UPDATE rate_counters SET count = greatest(count - 1, 0)
      WHERE scope = $1 AND subject = $2 AND window_ends_at > now()`,
    [scope, subject],
  );
}

/** The subject's count in the current window (0 when none is running). */
export async function currentCount(
  db: Queryable,
  scope: string,
  subject: string,
): Promise<Counted> {
  const [row] = await db.query<{ count: number; remaining_s: number }>(
    `SELECT count, extract(epoch FROM window_ends_at - now())::float8 AS remaining_s
       FROM rate_counters WHERE scope = $1 AND subject = $2 AND window_ends_at > now()`,
    [scope, subject],
  );
  return row
    ? { count: row.count, retryAfterS: Math.max(1, Math.ceil(row.remaining_s)) }
    : { count: 0, retryAfterS: 0 };
}

/**
 * Counts up to `limit` in the window: answers null when this one fits, or the seconds until the
 * window ends when the limit is reached (the refused attempt is not counted).
 */
export async function takeOne(
  db: Queryable,
  scope: string,
  subject: string,
  window: RateWindow,
  limit: number,
): Promise<number | null> {
  const counted = await addOne(db, scope, subject, window);
  if (counted.count <= limit) return null;
  await takeBackOne(db, scope, subject);
  return counted.retryAfterS;
}

/** Rows whose window has ended are never read again (a new count starts a new row's window). */
export async function deleteEndedCounts(db: Queryable): Promise<number> {
  const rows = await db.query(
    'DELETE FROM rate_counters WHERE window_ends_at <= now() RETURNING 1',
  );
  return rows.length;
}
