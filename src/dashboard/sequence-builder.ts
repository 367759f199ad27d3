import type { SequenceStep, SequenceView } from '../contract/sequences.js';
import {
  fillTemplate,
  missingFieldReason,
  NOTE_MAX,
  noteTooLongReason,
  type TemplateValues,
  unknownFieldError,
  unknownTemplateField,
} from '../contract/templates.js';
import { html, nothing, type TemplateResult } from '../ui/html.js';

/**
 * The steps of a new sequence as the form edits them, and the live preview of each note and
 * message filled for a sample person: what the service would send, or the error it would give
 * (an unknown field is the 400 of POST /api-sequences, word for word; an empty field without a
 * fallback is the reason that person's step would fail). Templates are filled by the contract's
 * own fillTemplate, the one the service uses. A message step may instead be drafted per person by
 * the team's model from instructions, and held for a person's approval (docs/sequences.md,
 * "Drafted messages"): there is nothing to preview, the form says what will happen.
 */

export type StepType = SequenceStep['type'];

export interface DraftStep {
  type: StepType;
  note: string;
  text: string;
  /** A message the team's model drafts for each person from `instructions`, instead of `text`. */
  drafted: boolean;
  instructions: string;
  max_days: number;
  withdraw: boolean;
  delay_hours: number;
}

export const STEP_LABELS: Record<StepType, string> = {
  visit: 'Visit the profile',
  connection_request: 'Connection request',
  wait_for_acceptance: 'Wait for the acceptance',
  message: 'Message',
  like_latest_post: 'Like their latest post',
};

export const SAMPLE_PERSON: Required<TemplateValues> = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: 'Analytical Engines',
  headline: '',
};

export function draftStep(type: StepType, text = ''): DraftStep {
  return {
    type,
    note: type === 'connection_request' ? text : '',
    text: type === 'message' ? text : '',
    drafted: false,
    instructions: '',
    max_days: 15,
    withdraw: false,
    delay_hours: type === 'message' ? 24 : 0,
  };
}

/** What a new sequence starts with: the usual invite, wait and follow up. */
export function defaultSteps(): DraftStep[] {
  return [
    draftStep('visit'),
    draftStep(
      'connection_request',
      'Hi {first_name|there}, I enjoyed reading about {company|your work}. Shall we connect?',
    ),
    { ...draftStep('wait_for_acceptance'), withdraw: true },
    draftStep(
      'message',
      'Thanks for connecting, {first_name|there}! Would a short call next week suit you?',
    ),
  ];
}

/** The steps as POST /api-sequences takes them. */
export function stepBody(s: DraftStep): SequenceStep {
  switch (s.type) {
    case 'visit':
      return { type: 'visit' };
    case 'connection_request':
      return s.note.trim()
        ? { type: 'connection_request', note: s.note }
        : { type: 'connection_request' };
    case 'wait_for_acceptance':
      return {
        type: 'wait_for_acceptance',
        max_days: s.max_days,
        withdraw_if_not_accepted: s.withdraw,
      };
    case 'message':
      return s.drafted
        ? { type: 'message', draft: { instructions: s.instructions }, delay_hours: s.delay_hours }
        : { type: 'message', text: s.text, delay_hours: s.delay_hours };
    case 'like_latest_post':
      return { type: 'like_latest_post', delay_hours: s.delay_hours };
  }
}

type Preview = { ok: true; text: string } | { ok: false; error: string };

/** The note or message of step `index` filled for `person`; null for steps without a template. */
export function preview(s: DraftStep, index: number, person: TemplateValues): Preview | null {
  if (s.type === 'message' && s.drafted) return null;
  const what = s.type === 'connection_request' ? 'note' : s.type === 'message' ? 'message' : null;
  if (!what) return null;
  const template = what === 'note' ? s.note : s.text;
  if (!template.trim())
    return what === 'note' ? null : { ok: false, error: "Missing or invalid 'text'" };
  const unknown = unknownTemplateField(template);
  if (unknown !== null) return { ok: false, error: unknownFieldError(unknown, index + 1) };
  const filled = fillTemplate(template, person);
  if (!filled.ok)
    return {
      ok: false,
      error: `This person’s step would fail: ${missingFieldReason(what, filled.missing)}.`,
    };
  if (what === 'note' && filled.text.length > NOTE_MAX)
    return {
      ok: false,
      error: `This person’s step would fail: ${noteTooLongReason(filled.text.length)}.`,
    };
  return { ok: true, text: filled.text };
}

/** One step at a glance: "Invite with a note", "Drafted message after 24 h". */
export function stepSummary(s: SequenceStep): string {
  switch (s.type) {
    case 'visit':
      return 'Visit';
    case 'connection_request':
      return s.note ? 'Invite with a note' : 'Invite';
    case 'wait_for_acceptance':
      return `Wait ≤ ${s.max_days} d${s.withdraw_if_not_accepted ? ', then withdraw' : ''}`;
    case 'message': {
      const what = s.draft ? 'Drafted message' : 'Message';
      return s.delay_hours ? `${what} after ${s.delay_hours} h` : what;
    }
    case 'like_latest_post':
      return s.delay_hours ? `Like after ${s.delay_hours} h` : 'Like latest post';
  }
}

/** "Visit → Invite → Wait ≤ 15 d, then withdraw → Message after 24 h": a sequence at a glance. */
export function stepsSummary(steps: SequenceStep[]): string {
  return steps.map(stepSummary).join(' → ');
}

interface StepEditor {
  change(index: number, patch: Partial<DraftStep>): void;
  move(index: number, by: -1 | 1): void;
  remove(index: number): void;
}

const numberOf = (e: Event) => (e.target as HTMLInputElement).valueAsNumber;
const textOf = (e: Event) => (e.target as HTMLInputElement | HTMLTextAreaElement).value;

/** One step of the form, with its fields and, for a note or message, its preview. */
export function stepRow(
  s: DraftStep,
  i: number,
  count: number,
  person: TemplateValues,
  on: StepEditor,
): TemplateResult {
  const shown = preview(s, i, person);
  const delay = html`<label class="compact inline"
    ><span>after</span><input type="number" min="0" max="720" step="1" .value=${String(s.delay_hours)} @input=${(e: Event) => on.change(i, { delay_hours: numberOf(e) })} />
    <span>hours</span></label
  >`;
  return html`<li class="step-row" data-step-type=${s.type}>
    <div class="step-head">
      <strong>${i + 1}. ${STEP_LABELS[s.type]}</strong>
      <span class="row actions">
        <button type="button" class="secondary small" aria-label=${`Move step ${i + 1} up`} ?disabled=${i === 0} @click=${() => on.move(i, -1)}>↑</button>
        <button type="button" class="secondary small" aria-label=${`Move step ${i + 1} down`} ?disabled=${i === count - 1} @click=${() => on.move(i, 1)}>↓</button>
        <button type="button" class="secondary small" aria-label=${`Remove step ${i + 1}`} @click=${() => on.remove(i)}>✕</button>
      </span>
    </div>
    ${s.type === 'visit' ? html`<p class="small muted">Reads the profile: fills first name, last name, company and headline.</p>` : nothing}
    ${
      s.type === 'connection_request'
        ? html`<label
          ><span>Note <span class="muted">(optional, at most ${NOTE_MAX} characters once filled; skipped when already connected)</span></span
          ><textarea rows="3" .value=${s.note} @input=${(e: Event) => on.change(i, { note: textOf(e) })}></textarea
        ></label>`
        : nothing
    }
    ${
      s.type === 'wait_for_acceptance'
        ? html`<div class="fields">
          <label class="compact inline"
            ><span>at most</span><input type="number" min="1" max="60" step="1" .value=${String(s.max_days)} @input=${(e: Event) => on.change(i, { max_days: numberOf(e) })} />
            <span>days</span></label
          >
          <label class="check compact"
            ><input type="checkbox" .checked=${s.withdraw} @change=${(e: Event) => on.change(i, { withdraw: (e.target as HTMLInputElement).checked })} /> Withdraw if not
            accepted</label
          >
        </div>`
        : nothing
    }
    ${s.type === 'message' ? html`${messageFields(s, i, on)} ${delay}` : nothing}
    ${s.type === 'like_latest_post' ? delay : nothing}
    ${
      shown
        ? shown.ok
          ? html`<p class="preview" data-step=${i + 1}><span class="muted small">Preview:</span> ${shown.text}</p>`
          : html`<p class="preview error" data-step=${i + 1} role="alert">${shown.error}</p>`
        : nothing
    }
  </li>`;
}

/** A message step's text, or the instructions the team's model drafts each person's message from. */
function messageFields(s: DraftStep, i: number, on: StepEditor): TemplateResult {
  const choice = (drafted: boolean, label: string) =>
    html`<label
      ><input type="radio" name=${`message-kind-${i + 1}`} .checked=${s.drafted === drafted} @change=${() => on.change(i, { drafted })} /> ${label}</label
    >`;
  return html`<fieldset class="segmented"><legend class="visually-hidden">Step ${i + 1}’s message</legend>${choice(false, 'My text')} ${choice(true, 'Drafted by AI')}</fieldset>
    ${
      s.drafted
        ? html`<label
            ><span>Instructions for the AI <span class="muted">(optional)</span></span
            ><textarea rows="3" maxlength="2000" .value=${s.instructions} @input=${(e: Event) => on.change(i, { instructions: textOf(e) })}></textarea
          ></label>
          <p class="preview" data-step=${i + 1}>Drafted for each person, sent once approved.</p>`
        : html`<label
            ><span>Text <span class="muted">(to connections only)</span></span
            ><textarea rows="3" .value=${s.text} @input=${(e: Event) => on.change(i, { text: textOf(e) })}></textarea
          ></label>`
    }`;
}

/** Who sends a new sequence's steps: one member, the members ticked, or every member fit to send. */
export type SenderChoice = 'one' | 'list' | 'all';

/** The sender fields of POST /api-sequences for the form's choice. */
export function sendersBody(
  mode: SenderChoice,
  sender: string,
  pool: string[],
): { sender_email?: string; senders?: string[] | 'all' } {
  if (mode === 'all') return { senders: 'all' };
  if (mode === 'list') return { senders: pool };
  return sender.trim() ? { sender_email: sender.trim() } : {};
}

/** "ada@x", "ada@x, bob@x", or every member fit to send: a sequence's senders in words. */
export function sendersWords(q: SequenceView): string {
  if (q.senders === 'all') return 'every member fit to send';
  if (q.senders.length > 1) return q.senders.join(', ');
  return q.sender.name || q.sender.email;
}

interface SenderPickerActions {
  mode(mode: SenderChoice): void;
  sender(email: string): void;
  toggle(email: string, on: boolean): void;
}

/** The form's sender fields: one member by e-mail, a list of members ticked, or all. */
export function senderPicker(
  mode: SenderChoice,
  sender: string,
  pool: string[],
  members: string[],
  on: SenderPickerActions,
): TemplateResult {
  const choice = (value: SenderChoice, label: string) =>
    html`<label class="check compact"
      ><input type="radio" name="sender-mode" value=${value} .checked=${mode === value} @change=${() => on.mode(value)} /> ${label}</label
    >`;
  return html`<fieldset class="grow senders">
    <legend>Senders <span class="muted">(each person gets one for the whole sequence: a member already connected to them first, else the one with the most budget left)</span></legend>
    <div class="row">
      ${choice('one', 'One member')} ${choice('list', 'Several members')} ${choice('all', 'Every member fit to send')}
    </div>
    ${
      mode === 'one'
        ? html`<label
            ><span class="visually-hidden">Sender’s e-mail</span
            ><input type="email" autocomplete="off" list="sequence-senders" .value=${sender} @input=${(e: Event) => on.sender((e.target as HTMLInputElement).value)}
          /></label>
          <datalist id="sequence-senders">${members.map((m) => html`<option value=${m}></option>`)}</datalist>`
        : mode === 'list'
          ? html`<div class="sender-pool row">
              ${members.map(
                (m) =>
                  html`<label class="check compact"
                    ><input type="checkbox" value=${m} .checked=${pool.includes(m)} @change=${(e: Event) => on.toggle(m, (e.target as HTMLInputElement).checked)} /> ${m}</label
                  >`,
              )}
            </div>`
          : html`<p class="small muted">Members whose extension is active, who agreed to tasks in their name and did not turn off what the steps do.</p>`
    }
  </fieldset>`;
}
