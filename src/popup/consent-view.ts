import { html, nothing, timeTag, type TemplateResult } from '../ui/html.js';
import type { ConsentView } from '../contract/consent.js';
import { manyWords, REFUSABLE_TYPES } from '../contract/task-kinds.js';
import type { TaskSummary } from '../contract/task-list.js';
import type { TaskType } from '../contract/task-types.js';
import { consentChangedWords, doneWords, queuedByWords } from './popup-text.js';

/**
 * What the popup shows of consent (docs/agent-protocol.md, "Consent"): the service's text with the
 * member's choices, the notice while they have not agreed, and the actions done in their name.
 */

/** The member's consent as the popup holds it: the service's answer and the choices being made. */
export interface ConsentState {
  /** Whose it is (e-mail and team): another sign-in loads it again. */
  for: string;
  view: ConsentView | null;
  error: string | null;
  loaded_at: number;
  /** The screen is shown although nothing asks for it (the member opened it from the main view). */
  open: boolean;
  /** The write kinds ticked off on the screen, not saved yet. */
  refusing: TaskType[];
  /** The writes done in the member's name, newest first. */
  done: TaskSummary[];
}

export interface ConsentActions {
  agree(): void;
  notNow(): void;
  withdraw(): void;
  review(open: boolean): void;
  refuse(type: TaskType, refused: boolean): void;
}

/** The member has not agreed to the text they are asked now. */
export const consentPending = (c: ConsentState | null): boolean =>
  !!c?.view && c.view.acknowledged_version !== c.view.version;

/** The service's plain text: blocks apart by a blank line, "- " lines a list, the first line the title. */
function textView(text: string) {
  const [title, ...rest] = text.split('\n');
  const blocks = rest.join('\n').trim().split(/\n\n+/);
  return html`<h2 class="consent-title">${title}</h2>
    ${blocks.map((block) => {
      const lines = block.split('\n');
      const items = lines.filter((l) => l.startsWith('- '));
      const prose = lines.filter((l) => !l.startsWith('- '));
      return html`${prose.map((p) => html`<p>${p}</p>`)}${items.length ? html`<ul>${items.map((i) => html`<li>${i.slice(2)}</li>`)}</ul>` : nothing}`;
    })}`;
}

/**
 * The screen: the text, a box per write kind the member may turn off, and the two choices, kept in
 * sight at the bottom of the popup however long the text (the popup is at most 600 px tall).
 */
export function consentScreen(
  c: ConsentState & { view: ConsentView },
  busy: boolean,
  on: ConsentActions,
): TemplateResult {
  const v = c.view;
  const agreed = v.acknowledged_version === v.version;
  const refusable = v.task_types.filter((t) => REFUSABLE_TYPES.includes(t));
  return html`<section class="consent" data-testid="consent" aria-label="What runs in your name">
    ${v.acknowledged_version && !agreed ? html`<p class="msg warn" data-testid="consent-changed">${consentChangedWords(v.acknowledged_at)}</p>` : nothing}
    <div class="consent-text" data-testid="consent-text">${textView(v.text)}</div>
    ${
      refusable.length
        ? html`<fieldset class="refuse" data-testid="refuse">
          <legend>Never do these in my name</legend>
          ${refusable.map(
            (t) => html`<label class="toggle">
              <input type="checkbox" data-testid=${`refuse-${t}`} .checked=${c.refusing.includes(t)} @change=${(e: Event) => on.refuse(t, (e.target as HTMLInputElement).checked)} />
              ${manyWords(t, true)}
            </label>`,
          )}
        </fieldset>`
        : nothing
    }
    <div class="consent-choices" data-testid="consent-choices">${
      agreed
        ? html`<div class="actions">
            <button class="primary" data-testid="consent-save" ?disabled=${busy} @click=${on.agree}>Save my choices</button>
          </div>
          <div class="actions">
            <button data-testid="consent-withdraw" ?disabled=${busy} @click=${on.withdraw}>Withdraw and stop</button>
            <button data-testid="consent-back" @click=${() => on.review(false)}>Back</button>
          </div>`
        : html`<div class="actions">
          <button class="primary" data-testid="consent-agree" ?disabled=${busy} @click=${on.agree}>I understand, start</button>
          <button class="plain" data-testid="consent-not-now" ?disabled=${busy} @click=${on.notNow}>Not now</button>
        </div>`
    }</div>
    <p class="muted small">Version ${v.version}${v.acknowledged_at && agreed ? html` · you agreed ${timeTag(v.acknowledged_at)}` : nothing}</p>
  </section>`;
}

/** In the main view while the member has not agreed (they chose "Not now"): why nothing runs. */
export function consentNeededNotice(on: ConsentActions): TemplateResult {
  return html`<div class="msg warn" data-testid="consent-needed">
    <p>Nothing runs in your name: you have not agreed to what this extension does with your network account. Tasks your team queues for you wait.</p>
    <button class="link" data-testid="consent-review" @click=${() => on.review(true)}>Read it and decide</button>
  </div>`;
}

/** Each like, comment, request, message or withdrawal done in the member's name, with who queued it. */
export function doneInYourName(
  done: TaskSummary[],
  now: number,
  on: ConsentActions,
): TemplateResult {
  return html`<h2>Done in your name</h2>
    ${
      done.length
        ? html`<ul class="activity done" data-testid="done-in-your-name">
          ${done.map(
            (t) => html`<li class=${t.status}>
              <span class="what">${doneWords(t)}<span class="by">${queuedByWords(t.queued_by)}</span></span>
              <span class="at">${timeTag(t.updated_at, now)}</span>
            </li>`,
          )}
        </ul>`
        : html`<p class="muted small" data-testid="done-in-your-name">No like, comment, request or message yet.</p>`
    }
    <button class="link" data-testid="consent-open" @click=${() => on.review(true)}>What runs in your name</button>`;
}
