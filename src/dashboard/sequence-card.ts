import type { SequenceView } from '../contract/sequences.js';
import { html, nothing, type TemplateResult, timeTag } from '../ui/html.js';
import { sendersWords, stepsSummary } from './sequence-builder.js';
import { detailView, type SequenceDetail } from './sequence-detail.js';

/** What the opened sequence's detail does on a click (sequence-detail.ts). */
type DetailActions = Parameters<typeof detailView>[1];

/** What the sequences panel knows of a card besides the sequence: is it open, busy, asked to delete. */
interface SequenceCardState {
  /** The sequence opened, if it is this one. */
  detail: SequenceDetail | null;
  busy: boolean;
  deleting: boolean;
}

interface SequenceCardActions {
  toggle(): void;
  setPaused(paused: boolean): void;
  askDelete(ask: boolean): void;
  remove(): void;
  detail: DetailActions;
}

/**
 * A sequence in the panel's list: its steps in a line, its senders and funnel's head, Open (the
 * sequence's detail under it), Pause or Resume, and Delete after a confirm.
 */
export function sequenceCard(
  q: SequenceView,
  state: SequenceCardState,
  on: SequenceCardActions,
  now: number,
): TemplateResult {
  const open = state.detail !== null;
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
      <button type="button" class="secondary small" aria-expanded=${String(open)} @click=${on.toggle}>${open ? 'Close' : 'Open'}</button>
      <button type="button" class="secondary small" ?disabled=${state.busy} @click=${() => on.setPaused(q.status === 'active')}>
        ${q.status === 'active' ? 'Pause' : 'Resume'}
      </button>
      ${
        state.deleting
          ? html`<span class="confirm row">
            <span class="small">Delete it? Everyone in it stops.</span>
            <button type="button" class="danger small" @click=${on.remove}>Delete</button>
            <button type="button" class="secondary small" @click=${() => on.askDelete(false)}>Keep</button>
          </span>`
          : html`<button type="button" class="secondary small danger-text" ?disabled=${state.busy} @click=${() => on.askDelete(true)}>Delete…</button>`
      }
    </div>
    ${state.detail ? detailView(state.detail, on.detail, now) : nothing}
  </li>`;
}
