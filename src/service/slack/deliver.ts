import type { ServiceContext } from '../context.js';
import { PER_TEAM } from '../http/outbound-work.js';
import { postJson } from '../http/post-json.js';

/** Attempts per message before it is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 6;
/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min, 8 min (capped at 1 h). */
function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** (attempt - 1), 3600);
}
/** A claimed delivery is not picked up again for this long (longer than one request may take). */
const CLAIM_SECONDS = 120;

interface DeliveryRun {
  sent: number;
  retrying: number;
  failed: number;
}

type Deps = Pick<ServiceContext, 'db' | 'config' | 'log' | 'outbound'>;

type Due = {
  id: string;
  watchlist_id: string;
  team_id: string;
  webhook_url: string;
  payload: unknown;
  attempts: number;
};

/**
 * Starts the due Slack messages this instance has room for (at most PER_TEAM in flight per team),
 * each on its own. Each is claimed first (attempts + 1, pushed out by CLAIM_SECONDS, SKIP LOCKED),
 * so several instances never send one twice at once; then posted outside any transaction, under
 * the outbound guard and bound (a whole answer within the deadline, at most 1 MiB). A 2xx is
 * sent; 408, 429, 5xx, network errors and a webhook past the deadline retry with backoff; other
 * 4xx (a deleted webhook, a refused URL) fail at once. A slow webhook holds only its own messages,
 * never another watchlist's; nothing here runs in the collection path.
 */
export async function startDue(ctx: Deps, limit = 20): Promise<Promise<keyof DeliveryRun>[]> {
  const room = Math.min(limit, ctx.outbound.room('slack'));
  if (room === 0 || ctx.outbound.stopped) return [];
  const busy = ctx.outbound.busyTeams('slack');
  // Ranked among the due ones of their team; a team's place count is what it has in flight here.
  const due = await ctx.db.query<Due>(
    `WITH busy AS (SELECT * FROM unnest($1::uuid[], $2::int[]) AS b(team_id, n)),
     ranked AS (
       SELECT s.id, row_number() OVER (PARTITION BY w.team_id ORDER BY s.next_attempt_at, s.id) + COALESCE(b.n, 0) AS place
         FROM slack_deliveries s JOIN watchlists w ON w.id = s.watchlist_id
         LEFT JOIN busy b ON b.team_id = w.team_id
        WHERE s.status = 'pending' AND s.next_attempt_at <= now()),
     claimed AS (
       UPDATE slack_deliveries
          SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS})
        WHERE id IN (SELECT id FROM slack_deliveries
                      WHERE id IN (SELECT id FROM ranked WHERE place <= $3)
                        AND status = 'pending' AND next_attempt_at <= now()
                      ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED)
        RETURNING id, watchlist_id, webhook_url, payload, attempts)
     SELECT c.id, c.watchlist_id, w.team_id, c.webhook_url, c.payload, c.attempts
       FROM claimed c JOIN watchlists w ON w.id = c.watchlist_id`,
    [busy.teams, busy.counts, PER_TEAM, room],
  );
  return due.map((d) =>
    ctx.outbound.start('slack', d.team_id, () =>
      sendOne(ctx, d).catch((err: Error) => {
        // Its outcome could not be written (the database): the claim runs out and it is sent again.
        ctx.log.error('slack_delivery_crashed', { delivery_id: d.id, message: err.message });
        return 'retrying' as const;
      }),
    ),
  );
}

/** Sends the due Slack messages and resolves with what became of them (tests, a one-off run). */
export async function deliverDue(ctx: Deps, limit = 20): Promise<DeliveryRun> {
  const run: DeliveryRun = { sent: 0, retrying: 0, failed: 0 };
  for (const outcome of await Promise.all(await startDue(ctx, limit))) run[outcome]++;
  return run;
}

async function sendOne(ctx: Deps, d: Due): Promise<keyof DeliveryRun> {
  let error: string;
  let permanent = false;
  try {
    const res = await postJson(d.webhook_url, d.payload, {
      allowPrivate: ctx.config.ALLOW_PRIVATE_FETCH,
      limits: ctx.outbound.limits,
    });
    if (res.status >= 200 && res.status < 300) {
      await ctx.db.query(
        `UPDATE slack_deliveries SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`,
        [d.id],
      );
      return 'sent';
    }
    error = `HTTP ${res.status}: ${res.body.slice(0, 200)}`;
    permanent = res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408;
  } catch (err) {
    error = (err as Error).message;
    permanent = (err as { permanent?: boolean }).permanent === true;
  }
  // The webhook URL is a secret of the team's Slack: never logged.
  ctx.log.warn('slack_delivery_failed', {
    delivery_id: d.id,
    watchlist_id: d.watchlist_id,
    attempt: d.attempts,
    permanent,
    error,
  });
  if (permanent || d.attempts >= MAX_DELIVERY_ATTEMPTS) {
    await ctx.db.query(
      `UPDATE slack_deliveries SET status = 'failed', last_error = $2 WHERE id = $1`,
      [d.id, error],
    );
    return 'failed';
  }
  await ctx.db.query(
    `UPDATE slack_deliveries SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1`,
    [d.id, error, retryDelaySeconds(d.attempts)],
  );
  return 'retrying';
}
