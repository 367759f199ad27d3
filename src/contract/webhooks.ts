import { z } from './zod.js';
import { strictBody } from './common.js';

/** Signed webhooks for API users (docs/webhooks.md). */

const WEBHOOK_EVENTS = [
  'task.completed',
  'task.failed',
  'posts.collected',
  'connection.accepted',
  'message.received',
  'reply.classified',
  'network.degraded',
  'network.recovered',
  'summary.weekly',
  'team.paused',
  'member.health_changed',
] as const;
export const WebhookEvent = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

const eventsMessage = `Missing or invalid 'events' (a non-empty array of ${WEBHOOK_EVENTS.join(', ')})`;

export const CreateWebhookBody = strictBody({
  url: z
    .string({ error: "Missing or invalid 'url'" })
    .check(
      z.trim(),
      z.minLength(1, { error: "Missing or invalid 'url'" }),
      z.maxLength(2000, { error: "Invalid 'url': must be 2000 characters or fewer" }),
    ),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: eventsMessage }), { error: eventsMessage })
    .check(
      z.minLength(1, { error: eventsMessage }),
      z.maxLength(WEBHOOK_EVENTS.length * 4, { error: eventsMessage }),
    ),
});

export const WebhookView = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEvent),
  created_at: z.string(),
  /** Deliveries of the last day by outcome, and when the last one went out. */
  deliveries: z.object({
    pending: z.number().check(z.int()),
    delivered: z.number().check(z.int()),
    failed: z.number().check(z.int()),
    last_delivered_at: z.nullable(z.string()),
  }),
});
export type WebhookView = z.infer<typeof WebhookView>;

/** The signing secret is in this answer only: it is never shown again. */
export const CreateWebhookResponse = z.object({ webhook: WebhookView, secret: z.string() });
export type CreateWebhookResponse = z.infer<typeof CreateWebhookResponse>;

export const WebhooksResponse = z.object({ webhooks: z.array(WebhookView) });
export type WebhooksResponse = z.infer<typeof WebhooksResponse>;

export const WebhookDelivery = z.object({
  id: z.string(),
  event: WebhookEvent,
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().check(z.int()),
  /** The endpoint's last HTTP status, or null when it could not be reached. */
  last_status: z.nullable(z.number().check(z.int())),
  last_error: z.nullable(z.string()),
  created_at: z.string(),
  delivered_at: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveriesResponse = z.object({ deliveries: z.array(WebhookDelivery) });
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponse>;

export const DeleteWebhookResponse = z.object({ success: z.literal(true), message: z.string() });
export type DeleteWebhookResponse = z.infer<typeof DeleteWebhookResponse>;

export const WebhookIdParam = z.object({ id: z.uuid({ error: 'Invalid webhook id' }) });
