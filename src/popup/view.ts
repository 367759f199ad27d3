import { html, nothing, timeTag, type TemplateResult } from '../ui/html.js';
import type { ActivityEntry, AgentStatus, BadgeState } from '../shared/protocol.js';
import { elapsed } from '../ui/time.js';
import {
  consentNeededNotice,
  consentPending,
  consentScreen,
  doneInYourName,
  type ConsentActions,
  type ConsentState,
} from './consent-view.js';
import {
  accountChanged,
  awaitingApprovalWords,
  budgetsToShow,
  reducedWords,
  budgetUse,
  describeActivity,
  describeStop,
  describeTaskType,
  invitationWords,
  paceWords,
  resumeWarning,
  signedOutByServiceWords,
  taskName,
  waitingResults,
} from './popup-text.js';

/**
 * The popup's view: what it shows for one state, as lit-html templates (src/ui/html.ts, the view
 * layer the team dashboard uses too). lit-html updates only the
 * parts that changed, so the popup can render every second (a running task's clock) while the
 * member types, without losing the caret or rebuilding the page.
 */

export interface PopupModel {
  status: AgentStatus | null;
  /** The worker did not answer at all. */
  unreachable: string | null;
  message: { kind: 'error' | 'info' | 'warn'; text: string } | null;
  busy: boolean;
  /** "Resume now" during a safety stop was pressed: the warning is shown, waiting for a yes. */
  confirmResume: boolean;
  draft: { service_url: string; email: string; full_name: string; otp: string };
  now: number;
  /** The member's consent and the actions done in their name, from the service; null until read. */
  consent: ConsentState | null;
}

export interface PopupActions extends ConsentActions {
  sendCode(ev: Event): void;
  verifyCode(ev: Event): void;
  resendCode(): void;
  restartSignIn(): void;
  signOut(): void;
  setPaused(paused: boolean): void;
  setSafeMode(enabled: boolean): void;
  askResume(show: boolean): void;
  endSafetyStop(): void;
  acceptAccount(): void;
  openNetworkSignIn(): void;
  answerInvitation(teamId: string, accept: boolean): void;
  edit(field: keyof PopupModel['draft'], value: string): void;
}

/** The header pill's colour per toolbar state: green works, amber paused, grey waits, red needs the member. */
const PILL_CLASS: Record<BadgeState, string> = {
  ready: 'ready',
  working: 'working',
  paused: 'paused',
  safety_stop: 'paused',
  connecting: 'wait',
  network_signed_out: 'off',
  service_unreachable: 'off',
  signed_out: 'off',
};

/** The state pill in the header: the same state as the toolbar icon, in words. */
export function pillView(m: PopupModel): TemplateResult | typeof nothing {
  const s = m.status;
  if (!s?.signed_in) return nothing;
  // The service refuses the agent's claims until the member agrees: that is no service error.
  if (consentPending(m.consent))
    return html`<span id="badge" class="pill paused" title="Nothing runs until you agree">not started</span>`;
  return html`<span id="badge" class="pill ${PILL_CLASS[s.badge.state]}" title=${s.badge.title}>${s.badge.label}</span>`;
}

export function popupView(m: PopupModel, on: PopupActions): TemplateResult {
  if (m.unreachable)
    return html`<p class="msg error">The extension did not answer: ${m.unreachable}</p>`;
  const s = m.status;
  if (!s) return html`<p class="muted">Loading…</p>`;
  if (!s.signed_in)
    return s.pending_sign_in ? codeForm(s.pending_sign_in, m, on) : signInForm(m, on);
  // Before anything runs in the member's name, they read what will (docs/agent-protocol.md, "Consent").
  // Once they chose "Not now" (paused, not agreed), the main view says why nothing runs instead.
  const c = m.consent;
  if (c?.view && (c.open || (consentPending(c) && !s.paused_by_user))) {
    return html`${consentScreen({ ...c, view: c.view }, m.busy, on)}${messageBox(m)}`;
  }
  return signedIn(s, m, on);
}

function messageBox(m: PopupModel) {
  const msg = m.message;
  if (!msg) return nothing;
  return html`<p class="msg ${msg.kind}" role=${msg.kind === 'error' ? 'alert' : 'status'} data-testid="message">${msg.text}</p>`;
}

function input(
  m: PopupModel,
  on: PopupActions,
  field: keyof PopupModel['draft'],
  attrs: { id: string; type: string; autocomplete?: string; required?: boolean },
) {
  return html`<input
    id=${attrs.id}
    type=${attrs.type}
    autocomplete=${attrs.autocomplete ?? 'off'}
    ?required=${attrs.required ?? false}
    .value=${m.draft[field]}
    @input=${(e: Event) => on.edit(field, (e.target as HTMLInputElement).value)}
  />`;
}

function signInForm(m: PopupModel, on: PopupActions) {
  const out = m.status?.signed_out_by_service;
  return html`<form @submit=${on.sendCode}>
    ${out ? html`<p class="msg warn" role="alert" data-testid="signed-out-by-service">${signedOutByServiceWords(out)}</p>` : nothing}
    <p class="muted">Sign in with your work e-mail. We will mail you a code.</p>
    <label for="service-url">Service</label>
    ${input(m, on, 'service_url', { id: 'service-url', type: 'url', required: true })}
    <label for="email">E-mail</label>
    ${input(m, on, 'email', { id: 'email', type: 'email', autocomplete: 'email', required: true })}
    <label for="full-name">Name</label>
    ${input(m, on, 'full_name', { id: 'full-name', type: 'text', autocomplete: 'name' })}
    ${messageBox(m)}
    <button class="primary" type="submit" ?disabled=${m.busy}>${m.busy ? 'Sending…' : 'Send code'}</button>
  </form>`;
}

function codeForm(pending: { email: string }, m: PopupModel, on: PopupActions) {
  return html`<form @submit=${on.verifyCode}>
    <p>We sent a 6-digit code to <span class="who">${pending.email}</span>. Enter it to sign in.</p>
    <label for="otp">Code</label>
    <input
      id="otp"
      type="text"
      class="code"
      inputmode="numeric"
      autocomplete="one-time-code"
      maxlength="6"
      required
      .value=${m.draft.otp}
      @input=${(e: Event) => on.edit('otp', (e.target as HTMLInputElement).value)}
    />
    ${messageBox(m)}
    <button class="primary" type="submit" ?disabled=${m.busy}>${m.busy ? 'Checking…' : 'Sign in'}</button>
    <div class="actions">
      <button class="link" type="button" @click=${on.resendCode}>Send a new code</button>
      <button class="link" type="button" @click=${on.restartSignIn}>Use another address</button>
    </div>
  </form>`;
}

const row = (label: string, value: unknown, testId: string) =>
  html`<div class="row" data-testid=${testId}><span>${label}</span><span>${value}</span></div>`;

function networkRow(s: AgentStatus, on: PopupActions) {
  const n = s.network;
  if (n?.signed_in)
    return row(
      'Network',
      html`<span class="ok">Signed in as ${n.full_name ?? n.public_identifier ?? 'you'}</span>`,
      'network',
    );
  const why =
    n?.problem?.code === 'network_signed_out' || !n
      ? 'Signed out'
      : (n.problem?.message ?? 'Not available');
  return row(
    'Network',
    html`<span class="bad">${why}</span>
      <button class="link" data-testid="open-network" @click=${on.openNetworkSignIn}>Sign in to the network</button>`,
    'network',
  );
}

function serviceRow(s: AgentStatus, m: PopupModel) {
  // Its refusal while the member has not agreed is said by the notice above, not as a fault.
  const error =
    consentPending(m.consent) && s.service.error?.startsWith('Consent required')
      ? null
      : s.service.error;
  const value =
    s.service.reachable === false
      ? html`<span class="bad">Unreachable</span>`
      : error
        ? html`<span class="warn">${error}</span>`
        : s.service.reachable
          ? html`<span class="ok">Reachable</span>`
          : html`<span class="muted">Connecting…</span>`;
  return row('Service', value, 'service');
}

/** The dashboard's Approvals panel, by its address: the Outreach section, scrolled to the panel. */
const approvalsUrl = (serviceUrl: string) =>
  `${serviceUrl.replace(/\/+$/, '')}/#/outreach/approvals`;

function notices(s: AgentStatus, m: PopupModel, on: PopupActions) {
  const waiting = waitingResults(s);
  const awaiting = awaitingApprovalWords(s.awaiting_approval);
  const change = s.network_account_changed;
  return html`<div class="notices">
    ${consentPending(m.consent) ? consentNeededNotice(on) : nothing}
    ${m.consent?.error ? html`<p class="msg warn" data-testid="consent-error">${m.consent.error}</p>` : nothing}
    ${s.invitations.map((i) => {
      const words = invitationWords(i);
      return html`<div class="msg warn" role="group" aria-label="Invitation" data-testid="invitation">
        <p><strong>${words.question}</strong></p>
        <p>${words.consequence}</p>
        <div class="actions">
          <button class="primary" data-testid="accept-invitation" ?disabled=${m.busy} @click=${() => on.answerInvitation(i.team_id, true)}>Join ${i.team_name}</button>
          <button data-testid="decline-invitation" ?disabled=${m.busy} @click=${() => on.answerInvitation(i.team_id, false)}>Decline</button>
        </div>
      </div>`;
    })}
    ${
      change
        ? html`<div class="msg warn" data-testid="account-changed">
          <p>${accountChanged(change)}</p>
          <button class="link" data-testid="accept-account" @click=${on.acceptAccount}>Keep working as ${change.now}</button>
        </div>`
        : nothing
    }
    ${
      s.safety_stop
        ? html`<div class="msg warn" data-testid="safety-stop">
          <p>${describeStop(s.safety_stop)}</p>
          ${
            s.safety_stop.all_work || s.paused_by_user
              ? nothing
              : html`<button class="link" data-testid="resume-stopped" @click=${() => on.askResume(true)}>Resume them now</button>`
          }
        </div>`
        : nothing
    }
    ${
      awaiting
        ? html`<p class="msg info" data-testid="awaiting-approval">
          ${awaiting}: nothing is sent in your name until a person approves it.
          <a href=${approvalsUrl(s.service_url)} target="_blank" rel="noopener noreferrer">Read them in the dashboard ↗</a>
        </p>`
        : nothing
    }
    ${s.paused_by_user && !consentPending(m.consent) ? html`<p class="msg info" data-testid="paused">Paused: no tasks are taken until you resume.</p>` : nothing}
    ${waiting ? html`<p class="msg ${s.service.reachable === true ? 'info' : 'warn'}" data-testid="waiting-results">${waiting}</p>` : nothing}
  </div>`;
}

function actions(s: AgentStatus, m: PopupModel, on: PopupActions) {
  const stop = s.safety_stop;
  if (stop && !s.paused_by_user && m.confirmResume) {
    return html`<div class="msg warn confirm" role="alertdialog" data-testid="resume-warning">
      <p>${resumeWarning(stop)}</p>
      <div class="actions">
        <button class="danger" data-testid="resume-confirm" ?disabled=${m.busy} @click=${on.endSafetyStop}>Resume anyway</button>
        <button data-testid="resume-cancel" @click=${() => on.askResume(false)}>Keep waiting</button>
      </div>
    </div>`;
  }
  // A stop of all work is the pause in force: the button ends it, after a warning. A stop of
  // invitations only leaves other work going: the button still pauses, the notice offers to resume.
  // Without the member's agreement there is nothing to resume: the notice above leads to it.
  // Disabled while an action is in flight: the stored state redraws the new label before the
  // action's answer, and a click then would be dropped by the popup's one-action-at-a-time guard.
  const pause = consentPending(m.consent)
    ? nothing
    : s.paused_by_user
      ? html`<button data-testid="pause" ?disabled=${m.busy} @click=${() => on.setPaused(false)}>Resume</button>`
      : stop?.all_work
        ? html`<button data-testid="pause" ?disabled=${m.busy} @click=${() => on.askResume(true)}>Resume now</button>`
        : html`<button data-testid="pause" ?disabled=${m.busy} @click=${() => on.setPaused(true)}>Pause</button>`;
  return html`<div class="actions">${pause}<button data-testid="sign-out" ?disabled=${m.busy} @click=${on.signOut}>Sign out</button></div>`;
}

function recentLine(a: ActivityEntry, now: number) {
  const at = html`<span class="at">${timeTag(a.at, now)}</span>`;
  if (a.kind === 'failed' && a.message) {
    return html`<li class="failed">
      <details>
        <summary><span class="what">${describeActivity(a)}</span>${at}</summary>
        <p class="why">${a.message}</p>
      </details>
    </li>`;
  }
  return html`<li><span class="what">${describeActivity(a)}</span>${at}</li>`;
}

function signedIn(s: AgentStatus, m: PopupModel, on: PopupActions) {
  const user = s.user!;
  const task = s.current_task;
  return html`
    <div class="identity" data-testid="identity">
      <div class="name-line">
        <span class="who">${user.full_name || user.email}</span>
        <a class="dashboard-link" data-testid="dashboard-link" href=${s.service_url} target="_blank" rel="noopener noreferrer">Team dashboard ↗</a>
      </div>
      <div class="muted">${user.email} · ${s.team!.name}${s.role === 'admin' ? ' (admin)' : ''}</div>
    </div>
    ${notices(s, m, on)} ${networkRow(s, on)} ${serviceRow(s, m)} ${row('Last heartbeat', timeTag(s.service.last_heartbeat_at, m.now, 'not yet'), 'heartbeat')}
    ${row(
      'Working on',
      task
        ? html`${taskName(task.type, task.target)} <span class="clock" title="running for">${elapsed(task.started_at, m.now)}</span>`
        : 'nothing',
      'current-task',
    )}
    ${row('Today', `${s.today.completed} done, ${s.today.failed} failed`, 'today')} ${safetyView(s, m.now)}
    <label class="toggle">
      <input type="checkbox" data-testid="safe-mode" .checked=${s.safe_mode} @change=${(e: Event) => on.setSafeMode((e.target as HTMLInputElement).checked)} />
      Safe mode: twice the spacing, at most 50 tasks an hour
    </label>
    ${messageBox(m)} ${actions(s, m, on)} ${m.consent?.view ? doneInYourName(m.consent.done, m.now, on) : nothing}
    ${
      s.recent.length
        ? html`<h2>Recent</h2>
          <ul class="activity" data-testid="activity">
            ${s.recent.map((a) => recentLine(a, m.now))}
          </ul>`
        : nothing
    }
  `;
}

/** Budgets used today, working hours and what waits for them (docs/budgets.md), from the last heartbeat. */
function safetyView(s: AgentStatus, now: number) {
  const safety = s.safety;
  const pace = html`<p class="muted small" data-testid="pace">${paceWords(s.pacing, s.safe_mode)}</p>`;
  if (!safety) return pace;
  const shown = budgetsToShow(safety.budgets);
  const reduced = reducedWords(safety.budgets, safety.reduced);
  return html`
    ${
      reduced
        ? html`<p class="msg info" data-testid="reduced-budgets">
          ${reduced.line}<br /><span class="muted small">${reduced.detail}</span>
        </p>`
        : nothing
    }
    ${
      shown.length
        ? html`<ul class="budgets" data-testid="budgets">
          ${shown.map(
            (b) =>
              html`<li class=${b.next_free_at ? 'spent' : ''}>
                ${budgetUse(b)}${b.next_free_at ? html` · next ${timeTag(b.next_free_at, now)}` : nothing}
              </li>`,
          )}
        </ul>`
        : nothing
    }
    ${
      !safety.writes_open
        ? html`<p class="msg info" data-testid="outside-hours">
          Outside your working hours: likes, comments, invitations and messages wait${safety.writes_open_at ? html` until ${timeTag(safety.writes_open_at, now)}` : nothing}.
        </p>`
        : nothing
    }
    ${
      safety.waiting.length
        ? html`<h2>Waiting</h2>
          <ul class="activity waiting" data-testid="waiting">
            ${safety.waiting.map(
              (w) => html`<li>
                <details>
                  <summary><span class="what">${describeTaskType(w.task_type)}</span><span class="at" data-testid="scheduled-for">${w.scheduled_for ? timeTag(w.scheduled_for, now) : 'not scheduled'}</span></summary>
                  <p class="why">${w.waiting_reason}</p>
                </details>
              </li>`,
            )}
          </ul>`
        : nothing
    }
    ${pace}
  `;
}
