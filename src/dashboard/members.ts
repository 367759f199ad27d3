import type { MemberView, TeamView } from '../contract/members.js';
import { call, errorMessage } from './api.js';
import { html, nothing, render as draw, timeTag } from '../ui/html.js';
import { busy, byId, setStatus } from './dom.js';
import type { Session } from './session.js';
import { memberSafety } from './member-budgets.js';
import { accountFacts } from './member-health.js';
import { manyWords } from '../contract/task-kinds.js';
import { mountPanel } from './panel.js';
import { operationHealthLines } from '../contract/operation-health-words.js';
import { drawWritesPaused } from './writes-paused-notice.js';

/**
 * Members and their extensions (GET /api-team), and adding a member (POST /api-team-members,
 * admins only). The extension columns are what docs/agent-protocol.md keeps per member:
 * last activity (the 48-hour rule), network sign-in, paused, version; and the member's consent.
 */
export function mountMembers(onView: (view: TeamView) => void): {
  load(session: Session): Promise<void>;
} {
  const form = byId<HTMLFormElement>('add-member-form');
  const formStatus = form.querySelector<HTMLElement>('.status')!;
  let told: TeamView | null = null;
  const life = mountPanel({
    status: byId('members-status'),
    list: byId('member-list'),
    fetch: (session) => call<TeamView>('GET', '/api-team', { auth: 'member', session }),
    // Me first.
    items: (view) =>
      view.members
        .map((m) => ({ m, isMe: m.email === view.me.email }))
        .sort((a, b) => Number(b.isMe) - Number(a.isMe)),
    item: ({ m, isMe }, now) => memberCard(m, isMe, now),
    empty: () => 'No members yet. Add one by e-mail address; they join by signing in with it.',
    drawn({ answer }) {
      if (!answer || answer === told) return;
      told = answer;
      drawTeam(answer);
      form.hidden = answer.me.role !== 'admin';
      onView(answer);
    },
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const emailInput = form.elements.namedItem('email') as HTMLInputElement;
    const role = (form.elements.namedItem('role') as HTMLSelectElement).value;
    const email = emailInput.value.trim();
    if (!email || !emailInput.checkValidity()) {
      setStatus(formStatus, 'Enter a valid e-mail address.', 'error');
      return;
    }
    const s = life.session;
    if (!s) return;
    void busy(form, async () => {
      setStatus(formStatus, 'Adding…');
      try {
        await call('POST', '/api-team-members', {
          auth: 'member',
          session: s,
          body: { email, role },
        });
        emailInput.value = '';
        setStatus(
          formStatus,
          `${email} was added. They join by signing in with this address.`,
          'ok',
        );
        await life.refresh();
      } catch (err) {
        setStatus(formStatus, errorMessage(err), 'error');
      }
    });
  });

  return { load: (s) => life.start(s) };
}

/** What the page says about the team as a whole: its name, pace, and the notices for everyone. */
function drawTeam(view: TeamView) {
  byId('members-title').textContent = `Members of ${view.team.name}`;
  const p = view.team.pacing;
  byId('team-pace').textContent =
    `Pace: ${p.write_min_s}–${p.write_max_s} s between likes, comments, invitations and messages; ${p.read_min_s}–${p.read_max_s} s between reads.`;
  const agentState = byId('agent-state');
  agentState.hidden = view.team.agent_active;
  agentState.textContent = view.team.agent_active
    ? ''
    : 'No member’s extension has been active in the last 48 hours, so network operations answer 403. Install the extension and sign in to it.';
  drawNetworkNotice(byId('network-notice'), view);
  drawWritesPaused(byId('writes-paused-notice'), view);
}

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * For admins: what the members' extensions report is not whole, one line per operation and field
 * or failing way ("profile fetches: headline missing in 100 % since 14:02, map version 3"), with whose
 * extension says so. It goes away by itself when the next heartbeats report whole answers.
 */
function drawNetworkNotice(el: HTMLElement, view: TeamView) {
  const reports = view.members.filter((m) => m.operation_health.length > 0);
  el.hidden = view.me.role !== 'admin' || reports.length === 0;
  if (el.hidden) {
    draw(nothing, el);
    return;
  }
  const time = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : clock.format(d);
  };
  draw(
    html`<strong>The network changed: some answers are not whole.</strong>
      <ul class="network-drift">
        ${reports.flatMap((m) =>
          m.operation_health.flatMap((h) =>
            operationHealthLines(h, time).map(
              (line) =>
                html`<li data-operation=${h.operation}><span class="badge ${h.state === 'broken' ? 'bad' : 'warn'}">${h.state}</span> ${line} <span class="muted small">(${m.full_name || m.email})</span></li>`,
            ),
          ),
        )}
      </ul>
      <span class="muted small">Broken operations fail with network_changed; degraded ones still complete, by another way or without the results that lacked a field. A new network map from your operator repairs it (docs/network-map.md, “Repairing a drift”); this notice goes by itself once answers are whole again.</span>`,
    el,
  );
}

function yesNo(value: boolean | null, yes: string, no: string, unknown = 'unknown') {
  if (value === null) return html`<span class="badge">${unknown}</span>`;
  return html`<span class="badge ${value ? 'good' : 'bad'}">${value ? yes : no}</span>`;
}

function memberCard(m: MemberView, isMe: boolean, now: number) {
  const hasExtension = m.last_active_at !== null || m.extension_version !== null;
  const inviteLimited = m.invite_limited_until && Date.parse(m.invite_limited_until) > now;
  return html`<li class="card member" data-email=${m.email}>
    <div class="card-head">
      <strong class="name">${m.full_name || m.email}</strong>
      ${isMe ? html`<span class="badge">you</span>` : nothing}
      <span class="badge role-${m.role}">${m.role}</span>
      ${m.status === 'invited' ? html`<span class="badge warn">invited</span>` : nothing}
    </div>
    ${m.full_name ? html`<div class="muted small">${m.email}</div>` : nothing}
    <dl class="facts">
      <dt>Extension</dt>
      <dd>
        ${hasExtension ? yesNo(m.agent_active, 'active', 'inactive') : html`<span class="badge">not installed</span>`}
        ${m.extension_version ? html`<span class="muted small"> v${m.extension_version}</span>` : nothing}
      </dd>
      <dt>Last active</dt>
      <dd>${timeTag(m.last_active_at, now)}</dd>
      <dt>Network</dt>
      <dd>
        ${yesNo(m.network_signed_in, 'signed in', 'signed out')}
        ${m.network_public_identifier ? html`<span class="muted small"> ${m.network_public_identifier}</span>` : nothing}
      </dd>
      <dt>Paused</dt>
      <dd>${m.paused === null ? html`<span class="muted">—</span>` : m.paused ? html`<span class="badge warn">paused</span>` : 'no'}</dd>
      ${accountFacts(m, now)}
      ${m.status === 'active' ? html`<dt>Consent</dt><dd class="consent" data-testid="consent">${consentFacts(m, now)}</dd>` : nothing}
      ${hasExtension ? html`<dt>Network map</dt><dd class="network-health">${networkHealth(m)}</dd>` : nothing}
      ${
        inviteLimited
          ? html`<dt>Invitations</dt>
            <dd><span class="badge warn">weekly limit reached</span> until ${new Date(m.invite_limited_until!).toLocaleDateString()}</dd>`
          : nothing
      }
    </dl>
    ${m.safety ? memberSafety(m.safety, now) : nothing}
  </li>`;
}

/**
 * Whether the member agreed, in their extension, to what runs in their name (docs/agent-protocol.md,
 * "Consent"): until they agree to the current text they are given no task, and the kinds they
 * turned off are never assigned to them.
 */
function consentFacts(m: MemberView, now: number) {
  const state = m.consent_current
    ? html`<span class="badge good">agreed</span> ${timeTag(m.consent_acknowledged_at, now)}`
    : m.consent_version
      ? html`<span class="badge bad">asked again</span> <span class="muted small">the text changed since they agreed: they get no task until they agree again</span>`
      : html`<span class="badge bad">not agreed</span> <span class="muted small">they get no task until they agree in their extension</span>`;
  const refused = m.refused_types.length
    ? html`<div class="muted small">Turned off: ${m.refused_types.map((t) => manyWords(t, true)).join(', ')}</div>`
    : nothing;
  return html`${state}${refused}`;
}

/**
 * Which calls of the network map failed lately on this member's extension: "degraded" when another
 * way still works, "broken" when none does (docs/network-map.md, "Health").
 */
function networkHealth(m: MemberView) {
  const version =
    m.network_map_version === null
      ? nothing
      : html`<span class="muted small">v${m.network_map_version} </span>`;
  if (!m.network_health.length)
    return html`${version}<span class="badge good">all calls work</span>`;
  return html`${version}${m.network_health.map((c) => {
    const last = c.failures[c.failures.length - 1];
    const why = last
      ? `${last.alternative}: ${last.status === null ? last.code : `HTTP ${last.status}`}`
      : '';
    const title = c.failures
      .map((f) => `${f.alternative} failed ${f.count}× (${f.status ?? f.code}): ${f.message}`)
      .join('\n');
    return html`<div class="small" title=${title} data-call=${c.call}>
      <span class="badge ${c.state === 'broken' ? 'bad' : 'warn'}">${c.call} ${c.state}</span>
      ${` ${why}${c.working_alternative ? `; using ${c.working_alternative}` : ''}`}
    </div>`;
  })}`;
}
