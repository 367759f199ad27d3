import type { CollectionCycle } from '../contract/watchlists.js';
import { html, nothing, timeTag } from '../ui/html.js';
import {
  editorForm,
  type EditorActions,
  type EditorState,
  type Watchlist,
} from './watchlist-editor.js';

/**
 * One watchlist as a card: what it watches, when it was and will next be collected, what its last
 * cycles brought, and its actions: show its posts, edit, pause or resume, delete.
 */

const TYPE_LABELS: Record<Watchlist['type'], string> = {
  keyword: 'keywords',
  people: 'people',
  company: 'companies',
};

export interface CardState {
  editor: EditorState | null;
  confirmDelete: boolean;
  busy: boolean;
  /** A refused pause, resume or delete. */
  error: string;
}

interface CardActions extends EditorActions {
  pick(): void;
  edit(): void;
  togglePause(): void;
  askDelete(): void;
  confirmDelete(): void;
  keep(): void;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function watches(w: Watchlist): string {
  if (w.type === 'people') return plural(w.profiles_count, 'profile');
  if (w.type === 'company')
    return `${w.companies_count} ${w.companies_count === 1 ? 'company' : 'companies'}`;
  if (w.prompt_status === 'pending') return 'generating keywords…';
  if (w.prompt_status === 'failed') return 'keyword generation failed';
  return w.keywords
    .map(
      (k) =>
        `${k.keyword}${k.required_keywords.map((r) => ` +${r}`).join('')}${k.excluded_keywords.map((x) => ` −${x}`).join('')}`,
    )
    .join(', ');
}

/**
 * Why a watchlist has nothing collected yet, or null when nothing holds it up (its first cycle is
 * due at the scheduler's next tick). A cycle is planned whether or not an extension is there to run
 * it, so a planned cycle alone is no collection.
 */
export function notCollectedWhy(w: Watchlist): string | null {
  if (!w.extension_active)
    return 'no member’s extension is active: install it, sign in in its popup and keep the browser open';
  if (w.disable) return 'paused';
  const cycle = w.recent_cycles[0];
  if (cycle?.state === 'running') return 'queued, waiting for a member’s extension to run it';
  if (cycle?.state === 'failed') return 'its last cycle failed';
  return null;
}

/**
 * "Last collected 2 h ago · next in 10 h": when its tasks last brought posts, else why nothing was
 * collected yet; paused, no next one; a time already past is due now.
 */
function collectionLine(w: Watchlist, now: number) {
  const why = w.last_collected_at ? null : notCollectedWhy(w);
  const last = w.last_collected_at
    ? html`last collected ${timeTag(w.last_collected_at, now)}`
    : html`not collected yet${why ? html` <span class="why">(${why})</span>` : nothing}`;
  let next: ReturnType<typeof html>;
  if (w.disable || w.next_collection_at === null)
    next = html`<span class="next-collection">no collection planned while paused</span>`;
  else if (Date.parse(w.next_collection_at) <= now)
    next = html`<span class="next-collection">next: due now</span>`;
  else next = html`<span class="next-collection">next ${timeTag(w.next_collection_at, now)}</span>`;
  return html`<div class="collection small" data-next=${w.next_collection_at ?? ''}>${last} · ${next}</div>`;
}

function cycleItem(c: CollectionCycle, now: number) {
  const what =
    c.state === 'running'
      ? 'collecting…'
      : c.state === 'failed'
        ? `failed (${plural(c.failed_tasks, 'task')})`
        : `${plural(c.new_posts, 'new post')}${c.failed_tasks ? `, ${c.failed_tasks} of ${plural(c.tasks, 'task')} failed` : ''}`;
  return html`<li class="cycle ${c.state}">${timeTag(c.started_at, now)}: <span class="cycle-result">${what}</span></li>`;
}

export function watchlistCard(
  w: Watchlist,
  selected: boolean,
  state: CardState,
  on: CardActions,
  now: number,
) {
  return html`<li class="card watchlist" data-watchlist-id=${w.id} data-paused=${String(w.disable)}>
    <button type="button" class="pick" aria-pressed=${String(selected)} title="Show its posts" @click=${on.pick}>
      <span class="pick-title"
        ><span class="badge type-${w.type}">${TYPE_LABELS[w.type]}</span> <strong>${w.name}</strong>
        ${w.disable ? html`<span class="badge warn">paused</span>` : nothing}</span
      >
      <span class="pick-meta muted small">${watches(w)} · every ${w.fetchFreqInHours} h · ${plural(w.posts_count, 'post')}</span>
    </button>
    ${collectionLine(w, now)}
    ${
      w.recent_cycles.length
        ? html`<details class="cycles small">
          <summary>Last ${w.recent_cycles.length === 1 ? 'cycle' : `${w.recent_cycles.length} cycles`}: ${cycleSummary(w.recent_cycles[0]!)}</summary>
          <ul>
            ${w.recent_cycles.map((c) => cycleItem(c, now))}
          </ul>
        </details>`
        : nothing
    }
    ${
      state.editor
        ? editorForm(w, state.editor, on)
        : state.confirmDelete
          ? html`<div class="confirm" role="alertdialog" aria-label="Delete watchlist">
            <p>Delete “${w.name}”? Its queued collection stops; the posts it collected stay in the team’s posts.</p>
            <div class="row">
              <button type="button" class="danger small" ?disabled=${state.busy} @click=${on.confirmDelete}>Delete</button>
              <button type="button" class="secondary small" @click=${on.keep}>Keep it</button>
            </div>
          </div>`
          : html`<div class="row actions">
            <button type="button" class="secondary small" @click=${on.edit}>Edit</button>
            <button type="button" class="secondary small" ?disabled=${state.busy} @click=${on.togglePause}>${w.disable ? 'Resume' : 'Pause'}</button>
            <button type="button" class="secondary small danger-text" @click=${on.askDelete}>Delete</button>
          </div>`
    }
    ${state.error ? html`<p class="status" data-kind="error" role="alert">${state.error}</p>` : nothing}
  </li>`;
}

function cycleSummary(c: CollectionCycle): string {
  if (c.state === 'running') return 'collecting…';
  if (c.state === 'failed') return 'failed';
  return plural(c.new_posts, 'new post');
}
