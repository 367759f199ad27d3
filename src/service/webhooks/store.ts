import type { Queryable } from '../db/database.js';
import type { WebhookDelivery, WebhookEvent, WebhookView } from '../../contract/webhooks.js';
import { decryptSecret, encryptSecret, randomSecret } from '../security/crypto.js';
import { iso } from '../tasks/task-row.js';

/** A team's webhooks: registered with a signing secret (sealed with SECRET_KEY), listed, deleted. */

const MAX_WEBHOOKS_PER_TEAM = 20;

export class WebhookLimitError extends Error {}

export async function createWebhook(
  tx: Queryable,
  secretKey: Buffer,
  teamId: string,
  url: string,
  events: WebhookEvent[],
): Promise<{ webhook: WebhookView; secret: string }> {
  const [{ n }] = (await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhooks WHERE team_id = $1',
    [teamId],
  )) as [{ n: number }];
  if (n >= MAX_WEBHOOKS_PER_TEAM)
    throw new WebhookLimitError(`A team has at most ${MAX_WEBHOOKS_PER_TEAM} webhooks`);
  const id = crypto.randomUUID();
  const secret = randomSecret('whsec', 32);
  const unique = [...new Set(events)];
  const [row] = await tx.query<{ created_at: Date }>(
    'INSERT INTO webhooks (id, team_id, url, events, secret_encrypted) VALUES ($1, $2, $3, $4, $5) RETURNING created_at',
    [id, teamId, url, unique, encryptSecret(secretKey, secret)],
  );
  return {
    webhook: {
      id,
      url,
      events: unique,
      created_at: iso(row!.created_at)!,
      deliveries: { pending: 0, delivered: 0, failed: 0, last_delivered_at: null },
    },
    secret,
  };
}

export async function listWebhooks(db: Queryable, teamId: string): Promise<WebhookView[]> {
  const rows = await db.query<{
    id: string;
    url: string;
    events: WebhookEvent[];
    created_at: Date;
    pending: number;
    delivered: number;
    failed: number;
    last_delivered_at: Date | null;
  }>(
    `SELECT w.id, w.url, w.events, w.created_at,
            count(d.*) FILTER (WHERE d.status = 'pending')::int AS pending,
            count(d.*) FILTER (WHERE d.status = 'delivered')::int AS delivered,
            count(d.*) FILTER (WHERE d.status = 'failed')::int AS failed,
            max(d.delivered_at) AS last_delivered_at
       FROM webhooks w
       LEFT JOIN webhook_deliveries d ON d.webhook_id = w.id AND d.created_at > now() - interval '1 day'
      WHERE w.team_id = $1
      GROUP BY w.id ORDER BY w.created_at, w.id`,
    [teamId],
  );
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    events: r.events,
    created_at: iso(r.created_at)!,
    deliveries: {
      pending: r.pending,
      delivered: r.delivered,
      failed: r.failed,
      last_delivered_at: iso(r.last_delivered_at),
    },
  }));
}

/** The newest deliveries of one webhook of the team (the delivery log); null when not the team's. */
export async function webhookDeliveries(
  db: Queryable,
  teamId: string,
  webhookId: string,
  limit = 50,
): Promise<WebhookDelivery[] | null> {
  const [owned] = await db.query('SELECT 1 FROM webhooks WHERE id = $1 AND team_id = $2', [
    webhookId,
    teamId,
  ]);
  if (!owned) return null;
  const rows = await db.query<{
    id: string;
    event: WebhookDelivery['event'];
    status: WebhookDelivery['status'];
    attempts: number;
    last_status: number | null;
    last_error: string | null;
    created_at: Date;
    delivered_at: Date | null;
    next_attempt_at: Date;
  }>(
    `SELECT id, event, status, attempts, last_status, last_error, created_at, delivered_at, next_attempt_at
       FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC, id LIMIT ${limit}`,
    [webhookId],
  );
  return rows.map((r) => ({
    id: r.id,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    last_status: r.last_status,
    last_error: r.last_error,
    created_at: iso(r.created_at)!,
    delivered_at: iso(r.delivered_at),
    next_attempt_at: r.status === 'pending' ? iso(r.next_attempt_at) : null,
  }));
}

export async function deleteWebhook(
  db: Queryable,
  teamId: string,
  webhookId: string,
): Promise<boolean> {
  const rows = await db.query('DELETE FROM webhooks WHERE id = $1 AND team_id = $2 RETURNING id', [
    webhookId,
    teamId,
  ]);
  return rows.length > 0;
}

/** The signing secret of a webhook, for the delivery job only. */
export function webhookSecret(secretKey: Buffer, sealed: string): string {
  return decryptSecret(secretKey, sealed);
}

/**
 * An event for every webhook of the team that asked for it, in the transaction of what it reports
 * (an outbox: nothing reported that did not happen, nothing that happened lost).
 */
export async function enqueueTeamEvent(
  tx: Queryable,
  teamId: string,
  event: WebhookEvent,
  data: unknown,
): Promise<void> {
  const rows = await tx.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, team_id, event, payload)
     SELECT d.id, w.id, $1, $2,
            jsonb_build_object('id', d.id, 'type', $2::text, 'created_at', now(), 'data', $3::jsonb)
       FROM webhooks w CROSS JOIN LATERAL (SELECT gen_random_uuid() AS id) d
      WHERE w.team_id = $1 AND $2 = ANY (w.events)
     RETURNING id`,
    [teamId, event, JSON.stringify(data)],
  );
  if (rows.length) await tx.query("SELECT pg_notify('webhook_ready', $1)", [teamId]);
}

/** A posts.collected event, in the filing's transaction (collection/register-hooks.ts). */
export function enqueuePostsCollected(
  tx: Queryable,
  teamId: string,
  data: { watchlist_id: string; task_id: string; added: number; post_ids: string[] },
): Promise<void> {
  return enqueueTeamEvent(tx, teamId, 'posts.collected', data);
}
