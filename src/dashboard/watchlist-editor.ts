import type {
  CompanyWatchlistSummary,
  KeywordWatchlistView,
  Label,
  PeopleWatchlistSummary,
} from '../contract/watchlists.js';
import type { FETCH_FREQUENCIES } from '../contract/common.js';
import { html, nothing } from '../ui/html.js';

/**
 * Editing one watchlist (PATCH /api-keyword-watchlist, /api-people-watchlist,
 * /api-company-watchlist): name and frequency for every kind; for keyword watchlists also the
 * keywords with their required and excluded words, the labels and the Slack webhook. Only the
 * fields that changed are sent, so a rename does not rewrite the keywords. The service checks
 * everything; its 400 message is shown next to the field it names, not pre-empted here.
 */

export type Watchlist = KeywordWatchlistView | PeopleWatchlistSummary | CompanyWatchlistSummary;

// Written out so the bundle carries no zod; the check makes the compiler follow the contract.
const FREQUENCIES = [
  1, 3, 6, 12, 24, 48, 72,
] as const satisfies readonly (typeof FETCH_FREQUENCIES)[number][];

type Field = 'name' | 'fetchFreqInHours' | 'keywords' | 'labels' | 'slack_webhook_url';

interface KeywordRow {
  keyword: string;
  required: string;
  excluded: string;
}

interface Draft {
  name: string;
  fetchFreqInHours: number;
  keywords: KeywordRow[];
  /** One label a line: `name: description`. */
  labels: string;
  slack: string;
}

export interface EditorState {
  draft: Draft;
  /** The service's message for a field, shown under it. */
  errors: Partial<Record<Field, string>>;
  /** A message that names no field, and per-keyword notes of a saved update. */
  formError: string;
  saving: boolean;
}

const words = (list: string[]) => list.join(', ');
const splitWords = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function labelsText(labels: Label[]): string {
  return labels.map((l) => (l.description ? `${l.name}: ${l.description}` : l.name)).join('\n');
}

function parseLabels(text: string): { name: string; description: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return at < 0
        ? { name: line, description: '' }
        : { name: line.slice(0, at).trim(), description: line.slice(at + 1).trim() };
    });
}

export function draftOf(w: Watchlist): Draft {
  const keyword = w.type === 'keyword' ? w : null;
  return {
    name: w.name,
    fetchFreqInHours: w.fetchFreqInHours,
    keywords: keyword
      ? keyword.keywords.map((k) => ({
          keyword: k.keyword,
          required: words(k.required_keywords),
          excluded: words(k.excluded_keywords),
        }))
      : [],
    labels: keyword ? labelsText(keyword.labels) : '',
    slack: keyword?.slack_webhook_url ?? '',
  };
}

function keywordBodies(rows: KeywordRow[]) {
  return rows
    .filter((r) => r.keyword.trim() || r.required.trim() || r.excluded.trim())
    .map((r) => {
      const required_keywords = splitWords(r.required);
      const excluded_keywords = splitWords(r.excluded);
      return required_keywords.length || excluded_keywords.length
        ? { keyword: r.keyword.trim(), required_keywords, excluded_keywords }
        : r.keyword.trim();
    });
}

/** The PATCH body: the id and each field that differs from the watchlist as it was loaded. */
export function patchBody(w: Watchlist, d: Draft): Record<string, unknown> | null {
  const before = draftOf(w);
  const body: Record<string, unknown> = { id: w.id };
  if (d.name !== before.name) body.name = d.name;
  if (d.fetchFreqInHours !== before.fetchFreqInHours) body.fetchFreqInHours = d.fetchFreqInHours;
  if (w.type === 'keyword') {
    if (
      JSON.stringify(keywordBodies(d.keywords)) !== JSON.stringify(keywordBodies(before.keywords))
    )
      body.keywords = keywordBodies(d.keywords);
    if (d.labels.trim() !== before.labels.trim()) body.labels = parseLabels(d.labels);
    if (d.slack.trim() !== before.slack.trim()) body.slack_webhook_url = d.slack.trim() || null;
  }
  return Object.keys(body).length > 1 ? body : null;
}

/** Which field a 400 message is about (the contract's messages quote the field, or word it). */
export function fieldOfError(message: string): Field | null {
  if (/slack_webhook_url/i.test(message)) return 'slack_webhook_url';
  if (/'labels'|label/i.test(message)) return 'labels';
  if (/keyword/i.test(message)) return 'keywords';
  if (/fetchFreqInHours/i.test(message)) return 'fetchFreqInHours';
  if (/\bname\b/i.test(message)) return 'name';
  return null;
}

export interface EditorActions {
  changed(): void;
  save(): void;
  cancel(): void;
}

function fieldError(state: EditorState, field: Field) {
  const message = state.errors[field];
  return message
    ? html`<span class="field-error" role="alert" data-field=${field}>${message}</span>`
    : nothing;
}

function keywordRows(state: EditorState, on: EditorActions) {
  const d = state.draft;
  const set = (row: KeywordRow, key: keyof KeywordRow) => (e: Event) => {
    row[key] = (e.target as HTMLInputElement).value;
  };
  return html`<fieldset class="keywords-edit" aria-invalid=${state.errors.keywords ? 'true' : 'false'}>
    <legend>Keywords</legend>
    ${d.keywords.map(
      (row, i) => html`<div class="keyword-row">
        <label class="grow">Keyword<input type="text" name="keyword" .value=${row.keyword} @input=${set(row, 'keyword')}></label>
        <label class="grow"><span>Must also contain <span class="muted">(comma-separated)</span></span><input type="text" name="required" .value=${row.required} @input=${set(row, 'required')}></label>
        <label class="grow"><span>Must not contain <span class="muted">(comma-separated)</span></span><input type="text" name="excluded" .value=${row.excluded} @input=${set(row, 'excluded')}></label>
        <button type="button" class="secondary small" aria-label=${`Remove keyword ${i + 1}`} @click=${() => {
          d.keywords.splice(i, 1);
          on.changed();
        }}>Remove</button>
      </div>`,
    )}
    <button type="button" class="secondary small" @click=${() => {
      d.keywords.push({ keyword: '', required: '', excluded: '' });
      on.changed();
    }}>Add keyword</button>
    ${fieldError(state, 'keywords')}
  </fieldset>`;
}

export function editorForm(w: Watchlist, state: EditorState, on: EditorActions) {
  const d = state.draft;
  return html`<form class="watchlist-edit" novalidate aria-busy=${String(state.saving)} @submit=${(
    e: Event,
  ) => {
    e.preventDefault();
    on.save();
  }}>
    <div class="fields">
      <label class="grow"
        >Name<input type="text" name="name" maxlength="200" .value=${d.name} aria-invalid=${state.errors.name ? 'true' : 'false'} @input=${(
          e: Event,
        ) => (d.name = (e.target as HTMLInputElement).value)}
        >${fieldError(state, 'name')}</label
      >
      <label
        >Fetch every<select name="fetchFreqInHours" @change=${(e: Event) => (d.fetchFreqInHours = Number((e.target as HTMLSelectElement).value))}>
          ${FREQUENCIES.map((h) => html`<option value=${h} ?selected=${h === d.fetchFreqInHours}>${h} h</option>`)}
        </select>${fieldError(state, 'fetchFreqInHours')}</label
      >
    </div>
    ${
      w.type === 'keyword'
        ? html`${keywordRows(state, on)}
          <label
            ><span>Labels <span class="muted">(one a line, “name: description”; posts are tagged with them)</span></span
            ><textarea name="labels" rows="2" .value=${d.labels} aria-invalid=${state.errors.labels ? 'true' : 'false'} @input=${(
              e: Event,
            ) => (d.labels = (e.target as HTMLTextAreaElement).value)}></textarea
            >${fieldError(state, 'labels')}</label
          >
          <label
            ><span>Slack webhook <span class="muted">(new posts of each cycle go there; empty for none)</span></span
            ><input type="url" name="slack_webhook_url" inputmode="url" placeholder="https://hooks.slack.com/services/…" .value=${d.slack}
              aria-invalid=${state.errors.slack_webhook_url ? 'true' : 'false'} @input=${(e: Event) => (d.slack = (e.target as HTMLInputElement).value)}
            >${fieldError(state, 'slack_webhook_url')}</label
          >`
        : nothing
    }
    <div class="row">
      <button type="submit" class="small" ?disabled=${state.saving}>${state.saving ? 'Saving…' : 'Save'}</button>
      <button type="button" class="secondary small" @click=${on.cancel}>Cancel</button>
    </div>
    ${state.formError ? html`<p class="status" data-kind="error" role="alert">${state.formError}</p>` : nothing}
  </form>`;
}
