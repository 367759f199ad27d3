import type { ServiceContext } from '../context.js';
import { PER_TEAM } from '../http/outbound-work.js';
import { postJson } from '../http/post-json.js';
import { signatureHeader } from './sign.js';
import { webhookSecret } from './store.js';

/**
 * Sends the due webhook deliveries (docs/webhooks.md): each claimed first (attempts + 1, pushed out
 * while in flight, SKIP LOCKED), so instances never send one twice at once; posted outside any
 * transaction under the outbound guard and bound (a whole answer within the deadline, at most
 * 1 MiB); signed at send time. A 2xx is delivered; 408, 429, 5xx, network errors and a receiver
 * past the deadline retry with backoff until a day has passed since the event; other 4xx fail at
 * once. Each delivery is sent on its own (http/outbound-work.ts): a slow receiver holds only its
 * own deliveries, never another team's, and nothing here runs in a task's path.
 */

/** Backoff after the n-th failed attempt: 10 s, 30 s, 1 min, 2 min, 5 min, 10 min, 30 min, then hourly. */
const BACKOFF_S = [10, 30, 60, 120, 300, 600, 1800, 3600];
const retryDelaySeconds = (attempt: number) =>
  BACKOFF_S[Math.min(attempt - 1, BACKOFF_S.length - 1)]!;
/** How long an event is tried before it is failed for good. */
const GIVE_UP_AFTER_S = 24 * 3600;
/** A claimed delivery is not picked up again for this long (longer than the outbound deadline). */
const IN_FLIGHT_S = 60;

interface WebhookRun {
  delivered: number;
  retrying: number;
  failed: number;
}

type Deps = Pick<ServiceContext, 'db' | 'config' | 'log' | 'secretKey' | 'outbound'>;

/**
 * Claims the due deliveries this instance has room for (at most PER_TEAM in flight per team) and
 * starts each on its own. Resolves once they are started, with one promise per delivery for a
 * caller that wants the outcomes; the background job does not wait for them.
 */
export async function startDueWebhooks(
  ctx: Deps,
  limit = 20,
): Promise<Promise<keyof WebhookRun>[]> {
  const room = Math.min(limit, ctx.outbound.room('webhooks'));
  if (room === 0 || ctx.outbound.stopped) return [];
  const busy = ctx.outbound.busyTeams('webhooks');
  // Ranked among the due ones of their team; a team's place count is what it has in flight here.
  const due = await ctx.db.query<Due>(
    `WITH busy AS (SELECT * FROM unnest($1::uuid[], $2::int[]) AS b(team_id, n)),
     ranked AS (
       SELECT d.id, row_number() OVER (PARTITION BY d.team_id ORDER BY d.next_attempt_at, d.id) + COALESCE(b.n, 0) AS place
         FROM webhook_deliveries d LEFT JOIN busy b ON b.team_id = d.team_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= now()),
     claimed AS (
       UPDATE webhook_deliveries
          SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${IN_FLIGHT_S})
        WHERE id IN (SELECT id FROM webhook_deliveries
                      WHERE id IN (SELECT id FROM ranked WHERE place <= $3)
                        AND status = 'pending' AND next_attempt_at <= now()
                      ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED)
        RETURNING id, webhook_id, team_id, event, payload, attempts, created_at)
     SELECT c.id, c.webhook_id, c.team_id, w.url, w.secret_encrypted, c.event, c.payload, c.attempts,
            EXTRACT(EPOCH FROM (now() - c.created_at))::int AS age_s
       FROM claimed c JOIN webhooks w ON w.id = c.webhook_id`,
    [busy.teams, busy.counts, PER_TEAM, room],
  );
  return due.map((d) =>
    ctx.outbound.start('webhooks', d.team_id, () =>
      sendOne(ctx, d).catch((err: Error) => {
        // Its outcome could not be written (the database): the claim runs out and it is sent again.
        ctx.log.error('webhook_delivery_crashed', { delivery_id: d.id, message: err.message });
        return 'retrying' as const;
      }),
    ),
  );
}

/** Sends the due deliveries and resolves with what became of them (tests, a one-off run). */
export async function deliverDueWebhooks(ctx: Deps, limit = 20): Promise<WebhookRun> {
  const run: WebhookRun = { delivered: 0, retrying: 0, failed: 0 };
  for (const outcome of await Promise.all(await startDueWebhooks(ctx, limit))) run[outcome]++;
  return run;
}

type Due = {
  id: string;
  webhook_id: string;
  team_id: string;
  url: string;
  secret_encrypted: string;
  event: string;
  payload: unknown;
  attempts: number;
  age_s: number;
};

async function sendOne(ctx: Deps, d: Due): Promise<keyof WebhookRun> {
  const body = JSON.stringify(d.payload);
  let status: number | null = null;
  let error: string;
  let permanent = false;
  try {
    const res = await postJson(d.url, d.payload, {
      allowPrivate: ctx.config.ALLOW_PRIVATE_FETCH,
      body,
      limits: ctx.outbound.limits,
      headers: {
        'x-signature': signatureHeader(
          webhookSecret(ctx.secretKey, d.secret_encrypted),
          body,
          Math.floor(Date.now() / 1000),
        ),
        'x-webhook-id': d.id,
        'x-webhook-event': d.event,
        'user-agent': 'network-agent-webhooks/1',
      },
    });
    status = res.status;
    if (res.status >= 200 && res.status < 300) {
      await ctx.db.query(
        `UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now(), last_status = $2, last_error = NULL WHERE id = $1`,
        [d.id, res.status],
      );
      return 'delivered';
    }
    error = `HTTP ${res.status}: ${res.body.slice(0, 200)}`;
    permanent = res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408;
  } catch (err) {
    error = (err as Error).message.slice(0, 300);
    permanent = (err as { permanent?: boolean }).permanent === true;
  }
  // The URL may carry a token of the receiver's: never logged.
  ctx.log.warn('webhook_delivery_failed', {
    delivery_id: d.id,
    webhook_id: d.webhook_id,
    attempt: d.attempts,
    permanent,
    error,
  });
  const delay = retryDelaySeconds(d.attempts);
  if (permanent || d.age_s + delay > GIVE_UP_AFTER_S) {
    await ctx.db.query(
      `UPDATE webhook_deliveries SET status = 'failed', last_status = $2, last_error = $3 WHERE id = $1`,
      [d.id, status, error],
    );
    return 'failed';
  }
  await ctx.db.query(
    `UPDATE webhook_deliveries SET last_status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
    [d.id, status, error, delay],
  );
  return 'retrying';
}
