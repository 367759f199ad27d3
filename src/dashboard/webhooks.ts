import type {
  CreateWebhookResponse,
  WebhookDelivery,
  WebhookDeliveriesResponse,
  WebhooksResponse,
  WebhookView,
} from '../contract/webhooks.js';
import { call, errorMessage } from './api.js';
import { html, nothing, timeTag, type TemplateResult } from '../ui/html.js';
import { byId } from './dom.js';
import { mountAdminPanel } from './admin-panel.js';
import type { Session } from './session.js';

/**
 * The team's webhooks in Settings (docs/webhooks.md), admins only as the API is:
 * register a URL for events (POST /api-webhooks; its signing secret is shown this once), list them
 * with the last day's deliveries, open a webhook's delivery log, delete one.
 */

const EVENT_WORDS: Record<string, string> = {
  'task.completed': 'task completed',
  'task.failed': 'task failed',
  'posts.collected': 'posts collected',
  'summary.weekly': 'weekly summary',
  'team.paused': 'team writes paused',
};

export function mountWebhooks(): { show(session: Session, isAdmin: boolean): void; stop(): void } {
  /** Open delivery logs by webhook id: the deliveries, or why they could not be read. */
  const logs = new Map<string, WebhookDelivery[] | string>();
  const panel = mountAdminPanel(
    {
      readonly: byId('webhooks-readonly'),
      form: byId<HTMLFormElement>('webhook-form'),
      secret: byId('webhook-secret'),
    },
    {
      status: byId('webhooks-status'),
      list: byId('webhook-list'),
      fetch: async (session) =>
        (await call<WebhooksResponse>('GET', '/api-webhooks', { auth: 'member', session }))
          .webhooks,
      items: (hooks) => hooks,
      item: webhookItem,
      empty: () =>
        'No webhooks yet. Register a URL to have the service post these events to it as they happen.',
    },
  );
  const { life } = panel;

  async function toggleLog(id: string) {
    if (logs.has(id)) {
      logs.delete(id);
      return life.show();
    }
    try {
      const path = `/api-webhooks/${id}/deliveries`;
      const answer = await call<WebhookDeliveriesResponse>('GET', path, {
        auth: 'member',
        session: life.session,
      });
      logs.set(id, answer.deliveries);
    } catch (err) {
      logs.set(id, errorMessage(err));
    }
    life.show();
  }

  function remove(id: string) {
    return panel.remove(async (session) => {
      await call('DELETE', `/api-webhooks/${id}`, { auth: 'member', session });
      logs.delete(id);
    }, 'Webhook deleted.');
  }

  function webhookItem(h: WebhookView, now: number): TemplateResult {
    const log = logs.get(h.id);
    return html`<li class="card webhook" data-webhook-id=${h.id}>
      <code class="webhook-url">${h.url}</code>
      <div class="small muted">
        ${h.events.map((e) => EVENT_WORDS[e] ?? e).join(', ')} · added ${timeTag(h.created_at, now)}
      </div>
      <div class="small">
        Last day: ${h.deliveries.delivered} delivered${h.deliveries.pending ? `, ${h.deliveries.pending} waiting` : ''}${
          h.deliveries.failed
            ? html`, <span class="bad-text">${h.deliveries.failed} failed</span>`
            : nothing
        }
        · last delivery ${timeTag(h.deliveries.last_delivered_at, now)}
      </div>
      <div class="row">
        <button type="button" class="secondary small" aria-expanded=${String(Boolean(log))} @click=${() => void toggleLog(h.id)}>Delivery log</button>
        ${
          panel.confirming() === h.id
            ? html`<span class="small">Delete this webhook?</span>
              <button type="button" class="danger small" @click=${() => void remove(h.id)}>Delete</button>
              <button type="button" class="secondary small" @click=${() => panel.confirm(null)}>Keep it</button>`
            : html`<button type="button" class="secondary small danger-text" @click=${() => panel.confirm(h.id)}>Delete</button>`
        }
      </div>
      ${typeof log === 'string' ? html`<p class="status" data-kind="error">${log}</p>` : log ? deliveryLog(log, now) : nothing}
    </li>`;
  }

  panel.onSubmit(
    'Registering…',
    (session, form) =>
      call<CreateWebhookResponse>('POST', '/api-webhooks', {
        auth: 'member',
        session,
        body: {
          url: (form.elements.namedItem('url') as HTMLInputElement).value.trim(),
          events: [...form.querySelectorAll<HTMLInputElement>('input[name="events"]:checked')].map(
            (i) => i.value,
          ),
        },
      }),
    (created) =>
      html`<p><strong>Signing secret of ${created.webhook.url}</strong> — shown this once. Keep it where your endpoint checks <code>X-Signature</code>.</p>
        <code class="key" id="webhook-secret-value">${created.secret}</code>
        <div class="row"><button type="button" class="secondary small" @click=${panel.hideSecret}>I have kept it</button></div>`,
  );

  return {
    show: panel.show,
    stop() {
      logs.clear();
      panel.stop();
    },
  };
}

function deliveryLog(deliveries: WebhookDelivery[], now: number) {
  if (!deliveries.length) return html`<p class="small muted">No deliveries yet.</p>`;
  return html`<ul class="deliveries small">
    ${deliveries.map(
      (d) => html`<li class="delivery ${d.status}">
        <span class="badge ${d.status === 'delivered' ? 'good' : d.status === 'failed' ? 'bad' : ''}">${d.status}</span>
        ${EVENT_WORDS[d.event] ?? d.event} · ${timeTag(d.created_at, now)} · ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}${
          d.last_status !== null ? ` · HTTP ${d.last_status}` : ''
        }${d.last_error ? html` · <span class="muted">${d.last_error}</span>` : nothing}${
          d.next_attempt_at && d.status === 'pending'
            ? html` · next try ${timeTag(d.next_attempt_at, now)}`
            : nothing
        }
      </li>`,
    )}
  </ul>`;
}
