import type { SequenceStep } from '../contract/sequences.js';
import { TEMPLATE_FIELDS, type TemplateValues } from '../contract/templates.js';
import { errorMessage } from './api.js';
import { html, nothing, render as draw } from '../ui/html.js';
import {
  defaultSteps,
  type DraftStep,
  draftStep,
  SAMPLE_PERSON,
  type SenderChoice,
  senderPicker,
  sendersBody,
  STEP_LABELS,
  type StepType,
  stepBody,
  stepRow,
} from './sequence-builder.js';

const FIELD_LABELS: Record<(typeof TEMPLATE_FIELDS)[number], string> = {
  first_name: 'First name',
  last_name: 'Last name',
  company: 'Company',
  headline: 'Headline',
};

/** What the form asks POST /api-sequences for. */
export type NewSequence = ReturnType<typeof sendersBody> & {
  name: string;
  steps: SequenceStep[];
  stop_on_reply: boolean;
};

interface SequenceForm {
  /** Draws the form for a member, who is its first sender. */
  start(sender: string): void;
  /** The team's members' e-mails, offered as senders. */
  setMembers(emails: string[]): void;
  stop(): void;
}

/**
 * The sequences panel's "New sequence" form: a name, its senders, steps built one by one with a
 * live preview of their notes and messages for a sample person. `create` sends it; its refusal is
 * said under the form (where the service's words about a step belong), and on success the name and
 * steps start over. Fields, steps and the sample person survive every redraw.
 */
export function mountSequenceForm(
  box: HTMLElement,
  create: (body: NewSequence) => Promise<void>,
): SequenceForm {
  let started = false;
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
  let members: string[] = [];

  async function submit(e: Event) {
    e.preventDefault();
    creating = true;
    formError = '';
    paint();
    try {
      await create({
        name,
        ...sendersBody(senderMode, sender, pool),
        steps: steps.map(stepBody),
        stop_on_reply: stopOnReply,
      });
      name = '';
      steps = defaultSteps();
    } catch (err) {
      formError = errorMessage(err);
    } finally {
      creating = false;
      paint();
    }
  }

  /** A changed step: the service's last refusal may no longer hold, and the preview says what would. */
  function edited(next: DraftStep[]) {
    steps = next;
    formError = '';
    paint();
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

  const senders = {
    mode: (m: SenderChoice) => {
      senderMode = m;
      paint();
    },
    sender: (v: string) => {
      sender = v;
    },
    toggle: (email: string, on: boolean) => {
      pool = on ? [...pool, email] : pool.filter((p) => p !== email);
      paint();
    },
  };

  const text = (e: Event) => (e.target as HTMLInputElement).value;

  function addStep() {
    return html`<div class="fields add-step">
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
    </div>`;
  }

  function paint() {
    draw(
      html`<form class="sequence-form" novalidate @submit=${(e: Event) => void submit(e)}>
        <div class="fields">
          <label class="grow">Name<input type="text" maxlength="200" .value=${name} @input=${(e: Event) => (name = text(e))} /></label>
          ${senderPicker(senderMode, sender, pool, members, senders)}
        </div>
        ${samplePerson(person, paint)}
        <ol class="step-rows">
          ${steps.map((st, i) => stepRow(st, i, steps.length, person, editor))}
        </ol>
        ${addStep()}
        <label class="check"><input type="checkbox" .checked=${stopOnReply} @change=${(e: Event) => (stopOnReply = (e.target as HTMLInputElement).checked)} /> Stop a person’s steps when they reply</label>
        <button type="submit" ?disabled=${creating}>Create sequence</button>
        ${formError ? html`<p class="status" data-kind="error" role="alert">${formError}</p>` : nothing}
      </form>`,
      box,
    );
  }

  return {
    start(email) {
      started = true;
      sender = email;
      paint();
    },
    setMembers(emails) {
      members = emails;
      if (started) paint();
    },
    stop() {
      started = false;
      draw(nothing, box);
    },
  };
}

/** The sample person the steps' preview is filled for: each field edited redraws the preview. */
function samplePerson(person: Required<TemplateValues>, changed: () => void) {
  return html`<fieldset class="sample">
    <legend>Preview for a sample person <span class="muted">(clear a field to see a fallback)</span></legend>
    <div class="sample-fields">
      ${TEMPLATE_FIELDS.map(
        (f) =>
          html`<label class="compact"
            >${FIELD_LABELS[f]}<input
              type="text"
              .value=${person[f] ?? ''}
              @input=${(e: Event) => {
                person[f] = (e.target as HTMLInputElement).value;
                changed();
              }}
          /></label>`,
      )}
    </div>
    <p class="small muted">Templates: ${TEMPLATE_FIELDS.map((f, i) => html`${i ? ', ' : nothing}<code>{${f}}</code>`)}, with a fallback: <code>{first_name|there}</code>; a column of an imported CSV: <code>{custom.role}</code>.</p>
  </fieldset>`;
}
