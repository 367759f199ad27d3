import type { SequencesResponse, SequenceView } from '../contract/sequences.js';
import { SEQUENCES_PAGE } from '../contract/page-sizes.js';
import { TEMPLATE_FIELDS, type TemplateValues } from '../contract/templates.js';
import { call, errorMessage } from './api.js';
import { html, nothing, render as draw, timeTag } from '../ui/html.js';
import { byId, setStatus } from './dom.js';
import type { Session } from './session.js';
import { singleFlight } from './single-flight.js';
import {
  defaultSteps,
  type DraftStep,
  draftStep,
  SAMPLE_PERSON,
  type SenderChoice,
  senderPicker,
  sendersBody,
  sendersWords,
  STEP_LABELS,
  type StepType,
  stepBody,
  stepRow,
  stepsSummary,
} from './sequence-builder.js';
import {
  detailView,
  enrollPasted,
  exportCsv,
  importCsv,
  loadDetail,
  openDetail,
  type SequenceDetail,
  stopEnrollment,
} from './sequence-detail.js';

const FIELD_LABELS: Record<(typeof TEMPLATE_FIELDS)[number], string> = {
  first_name: 'First name',
  last_name: 'Last name',
  company: 'Company',
  headline: 'Headline',
};

/**
 * Sequences (docs/sequences.md): the team's list with each one's funnel; pause, resume, delete;
 * a new one built from steps with a live preview of its notes and messages for a sample person;
 * and one opened to enroll people and follow each of them (sequence-detail.ts). Every step runs as
 * a task in the sender's extension, under their budgets, pace and working hours.
 */
/** Every sequence of the team: the list comes in pages (a business plan holds more than one). */
async function everySequence(session: Session): Promise<SequenceView[]> {
  const all: SequenceView[] = [];
  let after: string | null = null;
  do {
    const page: SequencesResponse = await call<SequencesResponse>('GET', '/api-sequences', {
      session,
      query: { limit: SEQUENCES_PAGE.max, after },
    });
    all.push(...page.sequences);
    after = page.next;
  } while (after);
  return all;
}

export function mountSequences(): {
  start(session: Session): void;
  refresh(): Promise<void>;
  /** The team's members' e-mails, offered as senders. */
  setMembers(emails: string[]): void;
  stop(): void;
} {
  const list = byId('sequence-list');
  const status = byId('sequences-status');
  const details = byId<HTMLDetailsElement>('create-sequence');
  const formBox = byId('sequence-form');
  let session: Session | null = null;
  let sequences: SequenceView[] = [];
  let loaded = false;
  let detail: SequenceDetail | null = null;
  let deleting: string | null = null;
  const busy = new Set<string>();
  /** The form: its fields, steps and sample person survive re-renders. */
  let name = '';
  let sender = '';
  /** One sender, a pool of the members ticked, or every member fit to send. */
  let senderMode: SenderChoice = 'one';
  let pool: string[] = [];
  let stopOnReply = true;
  let steps: DraftStep[] = defaultSteps();
  let addType: StepType = 'message';
  const person: Required<TemplateValues> = { ...SAMPLE_PERSON };
  let formError = '';
  let creating = false;
  let memberEmails: string[] = [];

  async function load() {
    const s = session;
    if (!s) return;
    try {
      const all = await everySequence(s);
      if (s !== session) return;
      sequences = all;
      loaded = true;
      if (detail && !sequences.some((q) => q.id === detail!.id)) detail = null;
      if (detail) await loadDetail(s, detail);
      // With none yet, the form is where to start.
      if (!sequences.length) details.open = true;
    } catch (err) {
      if (s === session) setStatus(status, errorMessage(err), 'error');
    }
    paint();
  }
  const refresh = singleFlight(load);

  async function act(q: SequenceView, work: (s: Session) => Promise<unknown>, done: string) {
    const s = session;
    if (!s) return;
    busy.add(q.id);
    paint();
    try {
      await work(s);
      setStatus(status, done, 'ok');
    } catch (err) {
      setStatus(status, errorMessage(err), 'error');
    } finally {
      busy.delete(q.id);
    }
    await refresh();
  }

  const setPaused = (q: SequenceView, paused: boolean) =>
    act(
      q,
      (s) =>
        call('PATCH', `/api-sequences/${encodeURIComponent(q.id)}`, {
          auth: 'member',
          session: s,
          body: { status: paused ? 'paused' : 'active' },
        }),
      paused
        ? `Paused “${q.name}”: no step of anyone runs until it is resumed.`
        : `Resumed “${q.name}”.`,
    );

  const remove = (q: SequenceView) => {
    deleting = null;
    if (detail?.id === q.id) detail = null;
    return act(
      q,
      (s) =>
        call('DELETE', `/api-sequences/${encodeURIComponent(q.id)}`, {
          auth: 'member',
          session: s,
        }),
      `Deleted “${q.name}”: everyone in it stopped.`,
    );
  };

  async function toggle(q: SequenceView) {
    const s = session;
    if (!s) return;
    if (detail?.id === q.id) {
      detail = null;
      paint();
      return;
    }
    detail = openDetail(q.id);
    paint();
    await loadDetail(s, detail);
    paint();
  }

  async function detailWork(work: (s: Session, d: SequenceDetail) => Promise<void>) {
    const s = session;
    const d = detail;
    if (!s || !d) return;
    paint();
    await work(s, d);
    await loadDetail(s, d);
    paint();
  }

  async function create(e: Event) {
    e.preventDefault();
    const s = session;
    if (!s) return;
    creating = true;
    formError = '';
    paintForm();
    try {
      const made = await call<SequenceView>('POST', '/api-sequences', {
        auth: 'member',
        session: s,
        body: {
          name,
          ...sendersBody(senderMode, sender, pool),
          steps: steps.map(stepBody),
          stop_on_reply: stopOnReply,
        },
      });
      setStatus(status, `Created “${made.name}”. Enroll people in it below.`, 'ok');
      name = '';
      steps = defaultSteps();
      details.open = false;
      detail = openDetail(made.id);
      await load();
    } catch (err) {
      formError = errorMessage(err);
    } finally {
      creating = false;
      paintForm();
    }
  }

  /** A changed step: the service's last refusal may no longer hold, and the preview says what would. */
  function edited(next: DraftStep[]) {
    steps = next;
    formError = '';
    paintForm();
  }

  const editor = {
    change: (i: number, patch: Partial<DraftStep>) =>
      edited(steps.map((st, j) => (j === i ? { ...st, ...patch } : st))),
    move(i: number, by: -1 | 1) {
      const next = [...steps];
      [next[i], next[i + by]] = [next[i + by]!, next[i]!];
      edited(next);
    },
    remove: (i: number) => edited(steps.filter((_, j) => j !== i)),
  };

  function paintForm() {
    const text = (e: Event) => (e.target as HTMLInputElement).value;
    draw(
      html`<form class="sequence-form" novalidate @submit=${(e: Event) => void create(e)}>
        <div class="fields">
          <label class="grow">Name<input type="text" maxlength="200" .value=${name} @input=${(e: Event) => (name = text(e))} /></label>
          ${senderPicker(senderMode, sender, pool, memberEmails, {
            mode: (m) => {
              senderMode = m;
              paintForm();
            },
            sender: (v) => {
              sender = v;
            },
            toggle: (email, on) => {
              pool = on ? [...pool, email] : pool.filter((p) => p !== email);
              paintForm();
            },
          })}
        </div>
        <fieldset class="sample">
          <legend>Preview for a sample person <span class="muted">(clear a field to see a fallback)</span></legend>
          <div class="sample-fields">
            ${TEMPLATE_FIELDS.map(
              (f) =>
                html`<label class="compact"
                  >${FIELD_LABELS[f]}<input
                    type="text"
                    .value=${person[f] ?? ''}
                    @input=${(e: Event) => {
                      person[f] = text(e);
                      paintForm();
                    }}
                /></label>`,
            )}
          </div>
          <p class="small muted">Templates: ${TEMPLATE_FIELDS.map((f, i) => html`${i ? ', ' : nothing}<code>{${f}}</code>`)}, with a fallback: <code>{first_name|there}</code>; a column of an imported CSV: <code>{custom.role}</code>.</p>
        </fieldset>
        <ol class="step-rows">
          ${steps.map((st, i) => stepRow(st, i, steps.length, person, editor))}
        </ol>
        <div class="fields add-step">
          <label class="compact"
            ><span class="visually-hidden">Step to add</span
            ><select @change=${(e: Event) => (addType = (e.target as HTMLSelectElement).value as StepType)}>
              ${(Object.keys(STEP_LABELS) as StepType[]).map((t) => html`<option value=${t} ?selected=${t === addType}>${STEP_LABELS[t]}</option>`)}
            </select></label
          >
          <button
            type="button"
            class="secondary small"
            ?disabled=${steps.length >= 20}
            @click=${() => edited([...steps, draftStep(addType)])}
          >
            Add step
          </button>
        </div>
        <label class="check"><input type="checkbox" .checked=${stopOnReply} @change=${(e: Event) => (stopOnReply = (e.target as HTMLInputElement).checked)} /> Stop a person’s steps when they reply</label>
        <button type="submit" ?disabled=${creating}>Create sequence</button>
        ${formError ? html`<p class="status" data-kind="error" role="alert">${formError}</p>` : nothing}
      </form>`,
      formBox,
    );
  }

  function askDelete(id: string | null) {
    deleting = id;
    paint();
  }

  function paint() {
    if (!loaded) return;
    const now = Date.now();
    draw(
      sequences.length
        ? sequences.map((q) => card(q, now))
        : html`<li class="empty">No sequences yet.</li>`,
      list,
    );
  }

  function card(q: SequenceView, now: number) {
    const open = detail?.id === q.id;
    const f = q.funnel;
    return html`<li class="card sequence" data-sequence-id=${q.id} data-status=${q.status}>
      <div class="card-head">
        <strong class="name">${q.name}</strong>
        <span class="badge ${q.status === 'active' ? 'good' : 'warn'}">${q.status}</span>
        ${q.stop_on_reply ? nothing : html`<span class="badge">keeps going after a reply</span>`}
      </div>
      <p class="small steps-summary">${stepsSummary(q.steps)}</p>
      <p class="small muted">
        From ${sendersWords(q)} · created ${timeTag(q.created_at, now)} · ${f.enrolled} enrolled, ${f.replied} replied
      </p>
      <div class="row actions">
        <button type="button" class="secondary small" aria-expanded=${String(open)} @click=${() => void toggle(q)}>${open ? 'Close' : 'Open'}</button>
        <button type="button" class="secondary small" ?disabled=${busy.has(q.id)} @click=${() => void setPaused(q, q.status === 'active')}>
          ${q.status === 'active' ? 'Pause' : 'Resume'}
        </button>
        ${
          deleting === q.id
            ? html`<span class="confirm row">
              <span class="small">Delete it? Everyone in it stops.</span>
              <button type="button" class="danger small" @click=${() => void remove(q)}>Delete</button>
              <button type="button" class="secondary small" @click=${() => askDelete(null)}>Keep</button>
            </span>`
            : html`<button type="button" class="secondary small danger-text" ?disabled=${busy.has(q.id)} @click=${() => askDelete(q.id)}>Delete…</button>`
        }
      </div>
      ${
        open && detail
          ? detailView(
              detail,
              {
                paste: (t) => {
                  if (detail) detail.pasted = t;
                },
                enroll: () => void detailWork(enrollPasted),
                filter: (state) => {
                  if (detail) detail.stateFilter = state;
                  void detailWork(async () => {});
                },
                stop: (e) => void detailWork((s, d) => stopEnrollment(s, d, e)),
                importCsv: (file) => void detailWork((s, d) => importCsv(s, d, file)),
                exportCsv: () => void detailWork((s, d) => exportCsv(s, d)),
              },
              now,
            )
          : nothing
      }
    </li>`;
  }

  return {
    start(s) {
      session = s;
      sender = s.user.email;
      paintForm();
      void refresh();
    },
    refresh,
    setMembers(emails) {
      memberEmails = emails;
      if (session) paintForm();
    },
    stop() {
      session = null;
      sequences = [];
      loaded = false;
      detail = null;
      draw(nothing, list);
      draw(nothing, formBox);
      setStatus(status, '');
    },
  };
}
