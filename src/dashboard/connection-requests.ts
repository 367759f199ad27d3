import type {
  InvitationState,
  InvitationView,
  SentInvitationsResponse,
} from '../contract/relationships.js';
import type { TaskCreatedResponse } from '../contract/network-tasks.js';
import { call, errorMessage } from './api.js';
import { externalLink, html, nothing, timeTag, type TemplateResult } from '../ui/html.js';
import { byId } from './dom.js';
import { mountPanel } from './panel.js';
import { followTasks, taskLine } from './followed-tasks.js';
import type { Session } from './session.js';
import { mountWithdrawOlder } from './withdraw-older.js';

const LIMIT = 100;

const STATE_WORDS: Record<InvitationState, { label: string; badge: string }> = {
  pending: { label: 'pending', badge: 'warn' },
  accepted: { label: 'accepted', badge: 'good' },
  withdrawn: { label: 'withdrawn', badge: '' },
  expired: { label: 'expired', badge: 'bad' },
};

const days = (n: number) => (n === 0 ? 'today' : n === 1 ? '1 day ago' : `${n} days ago`);

/**
 * Connection requests the team's members sent through the service and what became of them (GET
 * /api-invitations, docs/relationships.md); not to be confused with invitations to join a team
 * (team-invitations.ts). Pending ones show their age; Withdraw queues withdraw-connection-request as
 * the member who sent it, one per invitation, also for "every pending one older than N days"
 * (counted and confirmed first). A withdrawn person cannot be invited again for about three weeks.
 */
export function mountConnectionRequests(): {
  start(session: Session): void;
  refresh(): Promise<void>;
  tasksChanged(): Promise<void>;
  stop(): void;
} {
  const filter = byId<HTMLSelectElement>('connection-requests-filter');
  /** invitation id -> its withdrawal task, queued from this page. */
  const withdrawals = new Map<string, string>();
  const errors = new Map<string, string>();
  let confirming: string | null = null;
  const followed = followTasks(() => life.show());
  const life = mountPanel({
    status: byId('connection-requests-status'),
    list: byId('connection-request-list'),
    // The filter is kept with its answer: the empty state words what was asked.
    fetch: async (session) => {
      const status = filter.value as InvitationState | '';
      const query = { status, limit: LIMIT };
      const answer = await call<SentInvitationsResponse>('GET', '/api-invitations', {
        session,
        query,
      });
      return { status, answer };
    },
    note: ({ answer }) =>
      answer.count > answer.data.length
        ? `Showing the latest ${answer.data.length} of ${answer.count}.`
        : '',
    items: ({ answer }) => answer.data,
    item,
    empty: ({ status }) =>
      status
        ? `No ${STATE_WORDS[status].label} invitations. Choose “All” to see every one.`
        : 'No connection requests sent through the service yet. Start a sequence with an invite step, or ask for send-connection-request over the API.',
  });

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
      life.show();
      return false;
    }
  }

  async function withdrawOne(inv: InvitationView) {
    const s = life.session;
    if (!s) return;
    confirming = null;
    await withdraw(s, inv);
  }

  function confirm(id: string | null) {
    confirming = id;
    life.show();
  }

  const older = mountWithdrawOlder({ session: () => life.session, withdrawing, withdraw });

  function item(inv: InvitationView, now: number): TemplateResult {
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

  filter.addEventListener('change', () => void life.reload());

  return {
    start(s) {
      followed.start(s);
      void life.start(s);
    },
    refresh: life.refresh,
    tasksChanged: () => followed.refresh(),
    stop() {
      followed.stop();
      withdrawals.clear();
      errors.clear();
      confirming = null;
      older.stop();
      life.stop();
    },
  };
}
