import type {
  CreateWebhookResponse,
  WebhookDelivery,
  WebhookDeliveriesResponse,
  WebhooksResponse,
  WebhookView,
} from '../contract/webhooks.js';
import { call, errorMessage } from './api.js';
import { html, nothing, render as draw, timeTag } from '../ui/html.js';
import { busy, byId, setStatus } from './dom.js';
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
  const list = byId('webhook-list');
  const status = byId('webhooks-status');
  const form = byId<HTMLFormElement>('webhook-form');
  const formStatus = form.querySelector<HTMLElement>('.status')!;
  const readonly = byId('webhooks-readonly');
  const secretBox = byId('webhook-secret');
  let session: Session | null = null;
  let hooks: WebhookView[] = [];
  const logs = new Map<string, WebhookDelivery[] | string>();
  let confirming: string | null = null;
  const confirm = (id: string | null) => {
    confirming = id;
    render();
  };

  async function load() {
    const s = session;
    if (!s) return;
    try {
      hooks = (await call<WebhooksResponse>('GET', '/api-webhooks', { auth: 'member', session: s }))
        .webhooks;
      if (s !== session) return;
      setStatus(status, '');
      render();
    } catch (err) {
      setStatus(status, errorMessage(err), 'error');
    }
  }

  async function toggleLog(id: string) {
    if (logs.has(id)) {
      logs.delete(id);
      return render();
    }
    try {
      logs.set(
        id,
        (
          await call<WebhookDeliveriesResponse>('GET', `/api-webhooks/${id}/deliveries`, {
            auth: 'member',
            session,
          })
        ).deliveries,
      );
    } catch (err) {
      logs.set(id, errorMessage(err));
    }
    render();
  }

  async function remove(id: string) {
    try {
      await call('DELETE', `/api-webhooks/${id}`, { auth: 'member', session });
      confirming = null;
      logs.delete(id);
      setStatus(status, 'Webhook deleted.', 'ok');
      await load();
    } catch (err) {
      setStatus(status, errorMessage(err), 'error');
    }
  }

  function render() {
    const now = Date.now();
    draw(
      hooks.length
        ? hooks.map((h) => {
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
                  confirming === h.id
                    ? html`<span class="small">Delete this webhook?</span>
                      <button type="button" class="danger small" @click=${() => void remove(h.id)}>Delete</button>
                      <button type="button" class="secondary small" @click=${() => confirm(null)}>Keep it</button>`
                    : html`<button type="button" class="secondary small danger-text" @click=${() => confirm(h.id)}>Delete</button>`
                }
              </div>
              ${typeof log === 'string' ? html`<p class="status" data-kind="error">${log}</p>` : log ? deliveryLog(log, now) : nothing}
            </li>`;
          })
        : html`<li class="empty">No webhooks yet.</li>`,
      list,
    );
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const s = session;
    if (!s) return;
    const url = (form.elements.namedItem('url') as HTMLInputElement).value.trim();
    const events = [...form.querySelectorAll<HTMLInputElement>('input[name="events"]:checked')].map(
      (i) => i.value,
    );
    void busy(form, async () => {
      setStatus(formStatus, 'Registering…');
      try {
        const created = await call<CreateWebhookResponse>('POST', '/api-webhooks', {
          auth: 'member',
          session: s,
          body: { url, events },
        });
        form.reset();
        setStatus(formStatus, '');
        showSecret(created);
        await load();
      } catch (err) {
        setStatus(formStatus, errorMessage(err), 'error');
      }
    });
  });

  function showSecret(created: CreateWebhookResponse) {
    secretBox.hidden = false;
    draw(
      html`<p><strong>Signing secret of ${created.webhook.url}</strong> — shown this once. Keep it where your endpoint checks <code>X-Signature</code>.</p>
        <code class="key" id="webhook-secret-value">${created.secret}</code>
        <div class="row"><button type="button" class="secondary small" @click=${hideSecret}>I have kept it</button></div>`,
      secretBox,
    );
  }
  function hideSecret() {
    secretBox.hidden = true;
    draw(nothing, secretBox);
  }

  return {
    show(s, isAdmin) {
      const first = session?.agent_token !== s.agent_token;
      session = s;
      readonly.hidden = isAdmin;
      form.hidden = !isAdmin;
      list.hidden = !isAdmin;
      if (!isAdmin) return;
      if (first) void load();
    },
    stop() {
      session = null;
      hooks = [];
      logs.clear();
      hideSecret();
      draw(nothing, list);
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
