import type {
  InvitationState,
  InvitationView,
  SentInvitationsResponse,
} from '../contract/relationships.js';
import type { TaskCreatedResponse } from '../contract/network-tasks.js';
import { call, errorMessage } from './api.js';
import { externalLink, html, nothing, render as draw, timeTag } from '../ui/html.js';
import { byId, setStatus } from './dom.js';
import { followTasks, taskLine } from './followed-tasks.js';
import type { Session } from './session.js';
import { singleFlight } from './single-flight.js';

const LIMIT = 100;
/** Pages of pending invitations read for "withdraw every one older than N days" (100 each). */
const MAX_PAGES = 50;

const STATE_WORDS: Record<InvitationState, { label: string; badge: string }> = {
  pending: { label: 'pending', badge: 'warn' },
  accepted: { label: 'accepted', badge: 'good' },
  withdrawn: { label: 'withdrawn', badge: '' },
  expired: { label: 'expired', badge: 'bad' },
};

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const days = (n: number) => (n === 0 ? 'today' : n === 1 ? '1 day ago' : `${n} days ago`);

/**
 * Connection requests the team's members sent through the service and what became of them (GET
 * /api-invitations, docs/relationships.md); not to be confused with invitations to join a team
 * (invitations.ts). Pending ones show their age; Withdraw queues withdraw-connection-request as
 * the member who sent it, one per invitation, also for "every pending one older than N days"
 * (counted and confirmed first). A withdrawn person cannot be invited again for about three weeks.
 */
export function mountNetworkInvitations(): {
  start(session: Session): void;
  refresh(): Promise<void>;
  tasksChanged(): Promise<void>;
  stop(): void;
} {
  const list = byId('connection-request-list');
  const status = byId('connection-requests-status');
  const filter = byId<HTMLSelectElement>('connection-requests-filter');
  const bulkForm = byId<HTMLFormElement>('withdraw-older-form');
  const bulkDays = byId<HTMLInputElement>('withdraw-older-days');
  const bulkConfirm = byId('withdraw-older-confirm');
  const bulkStatus = byId('withdraw-older-status');
  let session: Session | null = null;
  let shown: InvitationView[] = [];
  let loaded = false;
  /** invitation id -> its withdrawal task, queued from this page. */
  const withdrawals = new Map<string, string>();
  const errors = new Map<string, string>();
  let confirming: string | null = null;
  let bulk: { days: number; invitations: InvitationView[] } | null = null;
  const followed = followTasks(() => paint());

  async function load() {
    const s = session;
    if (!s) return;
    try {
      const answer = await call<SentInvitationsResponse>('GET', '/api-invitations', {
        session: s,
        query: { status: filter.value, limit: LIMIT },
      });
      if (s !== session) return;
      shown = answer.data;
      loaded = true;
      setStatus(
        status,
        answer.count > answer.data.length
          ? `Showing the latest ${answer.data.length} of ${answer.count}.`
          : '',
      );
    } catch (err) {
      if (s === session) setStatus(status, errorMessage(err), 'error');
    }
    paint();
  }
  const refresh = singleFlight(load);

  /** A withdrawal this page queued that has not failed: asking again would only fail with invitation_not_found. */
  const withdrawing = (inv: InvitationView) => {
    const t = followed.get(withdrawals.get(inv.id));
    return t !== undefined && t.status !== 'failed';
  };

  async function withdraw(s: Session, inv: InvitationView): Promise<boolean> {
    errors.delete(inv.id);
    try {
      const answer = await call<TaskCreatedResponse>(
        'POST',
        '/network-agent/withdraw-connection-request',
        {
          auth: 'member',
          session: s,
          body: { profile_urn: inv.profile.profile_urn, member_email: inv.member.email },
        },
      );
      withdrawals.set(inv.id, answer.api_agent_task_id);
      followed.add(answer.api_agent_task_id);
      return true;
    } catch (err) {
      errors.set(inv.id, errorMessage(err));
      return false;
    }
  }

  async function withdrawOne(inv: InvitationView) {
    const s = session;
    if (!s) return;
    confirming = null;
    await withdraw(s, inv);
    paint();
  }

  /** Every pending invitation, all pages: the bulk withdrawal must not stop at what the list shows. */
  async function allPending(s: Session): Promise<InvitationView[]> {
    const all: InvitationView[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await call<SentInvitationsResponse>('GET', '/api-invitations', {
        session: s,
        query: { status: 'pending', limit: LIMIT, page },
      });
      all.push(...answer.data);
      if (all.length >= answer.count || answer.data.length < LIMIT) break;
    }
    return all;
  }

  async function countOlder(e: Event) {
    e.preventDefault();
    const s = session;
    if (!s) return;
    const n = bulkDays.valueAsNumber;
    if (!Number.isInteger(n) || n < 1 || n > 365) {
      setStatus(bulkStatus, 'Say after how many days: a whole number from 1 to 365.', 'error');
      bulkDays.setAttribute('aria-invalid', 'true');
      return;
    }
    bulkDays.removeAttribute('aria-invalid');
    setStatus(bulkStatus, '');
    try {
      // age_days counts whole days: 14 means sent 14 to 15 days ago, so older than 14 days.
      const older = (await allPending(s)).filter((inv) => inv.age_days >= n && !withdrawing(inv));
      bulk = { days: n, invitations: older };
    } catch (err) {
      setStatus(bulkStatus, errorMessage(err), 'error');
    }
    paint();
  }

  async function withdrawOlder() {
    const s = session;
    if (!s || !bulk) return;
    const chosen = bulk.invitations;
    bulk = null;
    paint();
    let queued = 0;
    for (const inv of chosen) if (await withdraw(s, inv)) queued++;
    const refused = chosen.length - queued;
    setStatus(
      bulkStatus,
      `Queued ${plural(queued, 'withdrawal')}${refused ? `; ${refused} refused (see each one)` : ''}. Each runs in its sender’s extension, within their withdrawal budget.`,
      refused ? 'error' : 'ok',
    );
    paint();
  }

  function cancelBulk() {
    bulk = null;
    paint();
  }

  function confirm(id: string | null) {
    confirming = id;
    paint();
  }

  function paint() {
    const now = Date.now();
    draw(
      bulk
        ? html`<div class="confirm" role="alert">
            ${
              bulk.invitations.length
                ? html`<p>
                    Withdraw <strong>${plural(bulk.invitations.length, 'pending invitation')}</strong> sent ${bulk.days} or more days ago? Each is queued
                    as its own task. A withdrawn person cannot be invited again for about three weeks.
                  </p>
                  <div class="row">
                    <button type="button" class="danger small" @click=${() => void withdrawOlder()}>Withdraw ${bulk.invitations.length}</button>
                    <button type="button" class="secondary small" @click=${cancelBulk}>Cancel</button>
                  </div>`
                : html`<p>No pending invitation was sent ${bulk.days} or more days ago.</p>
                  <button type="button" class="secondary small" @click=${cancelBulk}>OK</button>`
            }
          </div>`
        : nothing,
      bulkConfirm,
    );
    if (!loaded) return;
    draw(
      shown.length
        ? shown.map((inv) => item(inv, now))
        : html`<li class="empty">${filter.value ? `No ${STATE_WORDS[filter.value as InvitationState].label} invitations.` : 'No connection requests sent through the service yet.'}</li>`,
      list,
    );
  }

  function item(inv: InvitationView, now: number) {
    const who = inv.profile.name || inv.profile.profile_url || inv.profile.profile_urn;
    const state = STATE_WORDS[inv.state];
    return html`<li class="card invitation" data-invitation-id=${inv.id} data-profile-urn=${inv.profile.profile_urn} data-state=${inv.state}>
      <div class="card-head">
        <strong class="name">${inv.profile.profile_url ? externalLink(inv.profile.profile_url, who) : who}</strong>
        <span class="badge ${state.badge}">${state.label}</span>
        ${inv.sequence_enrollment_id ? html`<span class="badge">sequence</span>` : nothing}
      </div>
      <p class="small muted">
        ${
          inv.state === 'pending'
            ? html`<span class="age">Sent ${days(inv.age_days)}</span>`
            : html`<span>Sent ${timeTag(inv.sent_at, now)}, ${state.label} ${timeTag(inv.state_changed_at, now)}</span>`
        }
        · by ${inv.member.name || inv.member.email}
      </p>
      ${inv.note ? html`<p class="small note">“${inv.note}”</p>` : nothing}
      ${
        inv.state === 'pending' && !withdrawing(inv)
          ? confirming === inv.id
            ? html`<div class="confirm">
              <p class="small">Withdraw it? ${who} cannot be invited again for about three weeks.</p>
              <div class="row">
                <button type="button" class="danger small" @click=${() => void withdrawOne(inv)}>Withdraw</button>
                <button type="button" class="secondary small" @click=${() => confirm(null)}>Keep it</button>
              </div>
            </div>`
            : html`<button type="button" class="secondary small" @click=${() => confirm(inv.id)}>Withdraw…</button>`
          : nothing
      }
      ${taskLine('Withdraw', followed.get(withdrawals.get(inv.id)), now)}
      ${errors.has(inv.id) ? html`<p class="status" data-kind="error" role="alert">${errors.get(inv.id)}</p>` : nothing}
    </li>`;
  }

  filter.addEventListener('change', () => void refresh());
  bulkForm.addEventListener('submit', (e) => void countOlder(e));

  return {
    start(s) {
      session = s;
      followed.start(s);
      void refresh();
    },
    refresh,
    tasksChanged: () => followed.refresh(),
    stop() {
      session = null;
      followed.stop();
      shown = [];
      loaded = false;
      bulk = null;
      confirming = null;
      withdrawals.clear();
      errors.clear();
      draw(nothing, list);
      draw(nothing, bulkConfirm);
      setStatus(status, '');
      setStatus(bulkStatus, '');
    },
  };
}
