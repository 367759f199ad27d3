import type { ServiceContext } from '../context.js';
import { postJson } from '../http/post-json.js';

/** Attempts per message before it is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 6;
/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min, 8 min (capped at 1 h). */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** (attempt - 1), 3600);
}
/** A claimed delivery is not picked up again for this long (longer than one request may take). */
const CLAIM_SECONDS = 120;

export interface DeliveryRun {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends the due Slack messages. Each is claimed first (attempts + 1, pushed out by CLAIM_SECONDS,
 * SKIP LOCKED), so several instances never send one twice at once; then posted outside any
 * transaction. A 2xx is sent; 429, 5xx and network errors retry with backoff; other 4xx (a deleted
 * webhook, a refused URL) fail at once. Nothing here runs in the collection path, so a failing
 * webhook never blocks collection.
 */
export async function deliverDue(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'log'>,
  limit = 20,
): Promise<DeliveryRun> {
  const due = await ctx.db.query<{
    id: string;
    watchlist_id: string;
    webhook_url: string;
    payload: unknown;
    attempts: number;
  }>(
    `UPDATE slack_deliveries
        SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS})
      WHERE id IN (SELECT id FROM slack_deliveries
                    WHERE status = 'pending' AND next_attempt_at <= now()
                    ORDER BY next_attempt_at LIMIT ${limit}
                    FOR UPDATE SKIP LOCKED)
      RETURNING id, watchlist_id, webhook_url, payload, attempts`,
  );
  const run: DeliveryRun = { sent: 0, retrying: 0, failed: 0 };
  for (const d of due) {
    let error: string;
    let permanent = false;
    try {
      const res = await postJson(d.webhook_url, d.payload, {
        allowPrivate: ctx.config.ALLOW_PRIVATE_FETCH,
      });
      if (res.status >= 200 && res.status < 300) {
        await ctx.db.query(
          `UPDATE slack_deliveries SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`,
          [d.id],
        );
        run.sent++;
        continue;
      }
      error = `HTTP ${res.status}: ${res.body.slice(0, 200)}`;
      permanent = res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408;
    } catch (err) {
      error = (err as Error).message;
      permanent = (err as { permanent?: boolean }).permanent === true;
    }
    if (permanent || d.attempts >= MAX_DELIVERY_ATTEMPTS) {
      await ctx.db.query(
        `UPDATE slack_deliveries SET status = 'failed', last_error = $2 WHERE id = $1`,
        [d.id, error],
      );
      run.failed++;
    } else {
      await ctx.db.query(
        `UPDATE slack_deliveries SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1`,
        [d.id, error, retryDelaySeconds(d.attempts)],
      );
      run.retrying++;
    }
    // The webhook URL is a secret of the team's Slack: never logged.
    ctx.log.warn('slack_delivery_failed', {
      delivery_id: d.id,
      watchlist_id: d.watchlist_id,
      attempt: d.attempts,
      permanent,
      error,
    });
  }
  return run;
}
