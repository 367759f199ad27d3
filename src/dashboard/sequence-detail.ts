import type {
  EnrollmentsResponse,
  EnrollmentState,
  EnrollmentView,
  EnrollResponse,
  Funnel,
  SequenceStep,
  SequenceView,
} from '../contract/sequences.js';
import { ApiError, call, errorMessage } from './api.js';
import { externalLink, html, nothing, type TemplateResult, timeTag } from '../ui/html.js';
import { exactTime } from '../ui/time.js';
import type { Session } from './session.js';
import { STEP_LABELS, stepSummary } from './sequence-builder.js';
import { labelBadge, labelCounts } from './reply-labels.js';

/**
 * One sequence opened: its steps (a drafted message with the instructions its drafts follow), its
 * funnel and the people who replied by the label of their latest reply (GET /api-sequences/{id}),
 * enrolling people by pasting their profiles (POST …/enrollments: who was enrolled, who was
 * skipped and why), and each person's state, current step, next run and why they wait (GET
 * …/enrollments?state=), with Stop for one.
 */

const STATE_WORDS: Record<EnrollmentState, { label: string; badge: string }> = {
  active: { label: 'active', badge: 'good' },
  waiting_acceptance: { label: 'waiting for acceptance', badge: 'warn' },
  replied: { label: 'replied', badge: 'good' },
  not_accepted: { label: 'not accepted', badge: '' },
  finished: { label: 'finished', badge: '' },
  failed: { label: 'failed', badge: 'bad' },
  stopped: { label: 'stopped', badge: '' },
};
const OPEN_STATES: EnrollmentState[] = ['active', 'waiting_acceptance'];

/** The service words a wait with ISO times ("due at 2026-11-26T21:24:08.691Z"): shown in the reader's own time. */
const ISO_TIME = /\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)/g;
const readableTimes = (text: string) =>
  text.replace(ISO_TIME, (iso) =>
    Number.isNaN(Date.parse(iso)) ? iso : exactTime(Date.parse(iso)),
  );

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)} %`);

export interface SequenceDetail {
  id: string;
  sequence: SequenceView | null;
  enrollments: EnrollmentView[] | null;
  /** More people follow the page shown: the CSV export lists them all. */
  more: boolean;
  stateFilter: EnrollmentState | '';
  pasted: string;
  enrolling: boolean;
  result: EnrollResponse | null;
  error: string;
}

export function openDetail(id: string): SequenceDetail {
  return {
    id,
    sequence: null,
    enrollments: null,
    more: false,
    stateFilter: '',
    pasted: '',
    enrolling: false,
    result: null,
    error: '',
  };
}

/** Fetches the sequence with its funnel and the people in it (filtered by state). */
export async function loadDetail(session: Session, d: SequenceDetail): Promise<void> {
  try {
    const base = `/api-sequences/${encodeURIComponent(d.id)}`;
    const [sequence, people] = await Promise.all([
      call<SequenceView>('GET', base, { session }),
      call<EnrollmentsResponse>('GET', `${base}/enrollments`, {
        session,
        query: { state: d.stateFilter },
      }),
    ]);
    d.sequence = sequence;
    d.enrollments = people.enrollments;
    d.more = people.next !== null;
  } catch (err) {
    d.error = errorMessage(err);
  }
}

/** The pasted lines, one profile each (slug, URL or URN); blank lines dropped. */
function pastedProfiles(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

export async function enrollPasted(session: Session, d: SequenceDetail): Promise<void> {
  const profiles = pastedProfiles(d.pasted);
  d.error = '';
  d.result = null;
  if (!profiles.length) {
    d.error = 'Paste at least one profile: a slug, a profile URL or a URN, one per line.';
    return;
  }
  d.enrolling = true;
  try {
    d.result = await call<EnrollResponse>(
      'POST',
      `/api-sequences/${encodeURIComponent(d.id)}/enrollments`,
      { auth: 'member', session, body: { profiles } },
    );
    d.pasted = '';
  } catch (err) {
    d.error = errorMessage(err);
  } finally {
    d.enrolling = false;
  }
}

/** A CSV call: the team key and the member's token, a CSV body or answer (call() speaks JSON). */
async function csvCall(session: Session, method: string, path: string, body?: string) {
  const res = await fetch(new URL(path, location.origin), {
    method,
    headers: {
      'x-api-key': session.team.api_key,
      authorization: `Bearer ${session.agent_token}`,
      ...(body === undefined ? {} : { 'content-type': 'text/csv; charset=utf-8' }),
    },
    body,
    credentials: 'omit',
    cache: 'no-store',
  });
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(res.status, answer?.error ?? `Request failed (HTTP ${res.status})`);
  }
  return res;
}

/** Enrolls the people of a CSV file: a profile column, the others as {custom.<column>}. */
export async function importCsv(session: Session, d: SequenceDetail, file: File): Promise<void> {
  d.error = '';
  d.result = null;
  d.enrolling = true;
  try {
    const res = await csvCall(
      session,
      'POST',
      `/api-sequences/${encodeURIComponent(d.id)}/enrollments`,
      await file.text(),
    );
    d.result = (await res.json()) as EnrollResponse;
  } catch (err) {
    d.error = errorMessage(err);
  } finally {
    d.enrolling = false;
  }
}

/** Downloads the sequence's people (of the state shown) as CSV. */
export async function exportCsv(session: Session, d: SequenceDetail): Promise<void> {
  try {
    const res = await csvCall(
      session,
      'GET',
      `/api-sequences/${encodeURIComponent(d.id)}/enrollments?format=csv${d.stateFilter ? `&state=${d.stateFilter}` : ''}`,
    );
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `${d.sequence?.name ?? 'sequence'}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (err) {
    d.error = errorMessage(err);
  }
}

export async function stopEnrollment(
  session: Session,
  d: SequenceDetail,
  e: EnrollmentView,
): Promise<void> {
  try {
    await call(
      'DELETE',
      `/api-sequences/${encodeURIComponent(d.id)}/enrollments/${encodeURIComponent(e.id)}`,
      { auth: 'member', session },
    );
  } catch (err) {
    d.error = errorMessage(err);
  }
}

interface DetailActions {
  paste(text: string): void;
  enroll(): void;
  filter(state: EnrollmentState | ''): void;
  stop(e: EnrollmentView): void;
  importCsv(file: File): void;
  exportCsv(): void;
}

/** Each sender's people and their funnel, when more than one member sends. */
function sendersView(s: SequenceView): TemplateResult | typeof nothing {
  if (s.funnel_by_sender.length < 2 && s.senders !== 'all' && s.senders.length < 2) return nothing;
  return html`<table class="sender-split small" aria-label="Funnel per sender">
    <thead><tr><th>Sender</th><th>People</th><th>Invited</th><th>Accepted</th><th>Messaged</th><th>Replied</th></tr></thead>
    <tbody>
      ${s.funnel_by_sender.map(
        (b) => html`<tr data-sender=${b.sender.email}>
          <td>${b.sender.name || b.sender.email}</td><td>${b.funnel.enrolled}</td><td>${b.funnel.invited}</td>
          <td>${b.funnel.accepted}</td><td>${b.funnel.messaged}</td><td>${b.funnel.replied}</td>
        </tr>`,
      )}
    </tbody>
  </table>`;
}

function funnelView(f: Funnel): TemplateResult {
  const stage = (label: string, n: number, rate: number | null | undefined, of?: string) =>
    html`<li class="stage" data-stage=${label.toLowerCase()}>
      <span class="stage-n">${n}</span><span class="stage-label">${label}</span>${
        rate === undefined
          ? nothing
          : html`<span class="stage-rate muted" title=${`${label} of those ${of}`}>${percent(rate)}</span>`
      }
    </li>`;
  return html`<ol class="funnel" aria-label="Funnel">
    ${stage('Enrolled', f.enrolled, undefined)} ${stage('Invited', f.invited, undefined)} ${stage('Accepted', f.accepted, f.acceptance_rate, 'invited')}
    ${stage('Messaged', f.messaged, f.message_rate, 'accepted')} ${stage('Replied', f.replied, f.reply_rate, 'messaged')}
  </ol>`;
}

/** What a step sends: a note, a message's text, or the instructions each person's draft follows. */
function stepContent(st: SequenceStep): TemplateResult | typeof nothing {
  if (st.type === 'connection_request' && st.note)
    return html`<p class="step-text small">${st.note}</p>`;
  if (st.type !== 'message') return nothing;
  if (!st.draft) return html`<p class="step-text small">${st.text}</p>`;
  return html`<p class="step-text small"><span class="badge">AI draft</span> ${st.draft.instructions || 'the team’s instructions'}</p>`;
}

const drafted = (st: SequenceStep) => st.type === 'message' && st.draft !== undefined;

function stepsView(steps: SequenceStep[]): TemplateResult {
  const byAi = steps.filter(drafted).length;
  return html`<details class="sequence-steps"><summary>Steps (${steps.length}${byAi ? `, ${byAi} drafted by AI` : ''})</summary><ol>
    ${steps.map((st) => html`<li data-drafted=${drafted(st) ? 'true' : nothing}>${stepSummary(st)}${stepContent(st)}</li>`)}
  </ol></details>`;
}

/** The people who replied, by the label the team's model gave their latest reply. */
function repliesByLabelView(s: SequenceView): TemplateResult | typeof nothing {
  const counts = labelCounts(s.replies_by_label);
  if (!counts.length) return nothing;
  return html`<div class="replies-by-label"><h3 class="small">Replies by label</h3><ul>
    ${counts.map(([name, n]) => html`<li data-label=${name}>${labelBadge(name)} <b>${n}</b></li>`)}
  </ul></div>`;
}

function personView(
  e: EnrollmentView,
  steps: number,
  on: DetailActions,
  now: number,
): TemplateResult {
  const state = STATE_WORDS[e.state];
  const who = e.profile.name || e.profile.input;
  const url = /^https?:\/\//.test(e.profile.input) ? e.profile.input : null;
  return html`<li class="card person" data-enrollment-id=${e.id} data-state=${e.state}>
    <div class="card-head">
      <strong class="name">${url ? externalLink(url, who) : who}</strong>
      <span class="badge ${state.badge}">${state.label}</span>
    </div>
    <dl class="facts">
      ${
        e.current_step
          ? html`<dt>Step</dt>
            <dd class="current-step">${e.current_step.index + 1} of ${steps}: ${STEP_LABELS[e.current_step.type]}</dd>`
          : nothing
      }
      ${e.next_run_at ? html`<dt>Next</dt><dd class="next-run">${timeTag(e.next_run_at, now)}</dd>` : nothing}
      ${e.waiting_reason ? html`<dt>Waits</dt><dd class="waiting-reason">${readableTimes(e.waiting_reason)}</dd>` : nothing}
      ${e.error ? html`<dt>Why</dt><dd class="bad-text">${e.error}</dd>` : nothing}
      ${e.sender_email ? html`<dt>Sender</dt><dd class="sender" title=${e.sender_reason ?? ''}>${e.sender_email}</dd>` : nothing}
      ${e.sender_reason ? html`<dt>Why them</dt><dd class="sender-reason small">${readableTimes(e.sender_reason)}</dd>` : nothing}
      <dt>Enrolled</dt>
      <dd>${timeTag(e.enrolled_at, now)}</dd>
    </dl>
    ${OPEN_STATES.includes(e.state) ? html`<button type="button" class="secondary small danger-text" @click=${() => on.stop(e)}>Stop for this person</button>` : nothing}
  </li>`;
}

export function detailView(d: SequenceDetail, on: DetailActions, now: number): TemplateResult {
  const s = d.sequence;
  const inputId = `enroll-${d.id}`;
  return html`<div class="sequence-detail">
    ${s ? html`${stepsView(s.steps)} ${funnelView(s.funnel)} ${repliesByLabelView(s)} ${sendersView(s)}` : html`<p class="muted small">Loading…</p>`}
    <form
      class="enroll"
      novalidate
      @submit=${(ev: Event) => {
        ev.preventDefault();
        on.enroll();
      }}
    >
      <label for=${inputId}>Enroll people <span class="muted">(one per line: a profile URL, a slug or a URN; up to 1,000)</span></label>
      <textarea id=${inputId} rows="4" placeholder="https://www.linkedin.com/in/ada-lovelace&#10;alan-turing" .value=${d.pasted} @input=${(ev: Event) => on.paste((ev.target as HTMLTextAreaElement).value)}></textarea>
      <button type="submit" class="small" ?disabled=${d.enrolling}>Enroll</button>
    </form>
    <div class="row csv-actions">
      <label class="secondary small button"
        >Import CSV <span class="muted">(a <code>profile</code> column; the others fill <code>{custom.column}</code>)</span
        ><input type="file" accept=".csv,text/csv" class="visually-hidden" ?disabled=${d.enrolling} @change=${(
          ev: Event,
        ) => {
          const input = ev.target as HTMLInputElement;
          const file = input.files?.[0];
          input.value = '';
          if (file) on.importCsv(file);
        }}
      /></label>
      <button type="button" class="secondary small" @click=${() => on.exportCsv()}>Export CSV</button>
    </div>
    ${
      d.result
        ? html`<div class="enroll-result" role="status">
          <p class="status" data-kind="ok">Enrolled ${d.result.enrolled}${d.result.skipped.length ? html`; skipped ${d.result.skipped.length}:` : '.'}</p>
          ${
            d.result.skipped.length
              ? html`<ul class="skipped small">
                ${d.result.skipped.map((k) => html`<li><code>${k.profile}</code>: ${k.reason}</li>`)}
              </ul>`
              : nothing
          }
          ${
            d.result.errors?.length
              ? html`<ul class="csv-errors small">
                ${d.result.errors.map((k) => html`<li>Line ${k.line}: ${k.reason}</li>`)}
              </ul>`
              : nothing
          }
        </div>`
        : nothing
    }
    ${d.error ? html`<p class="status" data-kind="error" role="alert">${d.error}</p>` : nothing}
    <div class="panel-head people-head">
      <h3>People</h3>
      <label class="compact"
        ><span class="visually-hidden">State of the people listed</span
        ><select @change=${(ev: Event) => on.filter((ev.target as HTMLSelectElement).value as EnrollmentState | '')}>
          <option value="" ?selected=${d.stateFilter === ''}>every state</option>
          ${(Object.keys(STATE_WORDS) as EnrollmentState[]).map((k) => html`<option value=${k} ?selected=${d.stateFilter === k}>${STATE_WORDS[k].label}</option>`)}
        </select></label
      >
    </div>
    ${
      d.enrollments === null
        ? nothing
        : d.enrollments.length
          ? html`<ul class="cards people">
            ${d.enrollments.map((e) => personView(e, s?.steps.length ?? 0, on, now))}
          </ul>
          ${d.more ? html`<p class="status">Showing the first ${d.enrollments.length.toLocaleString('en')} people; Export CSV lists everyone.</p>` : nothing}`
          : html`<p class="empty">${d.stateFilter ? `Nobody ${STATE_WORDS[d.stateFilter].label}.` : 'Nobody enrolled yet.'}</p>`
    }
  </div>`;
}
