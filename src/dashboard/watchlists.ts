import { call, errorMessage } from './api.js';
import { html, render as draw } from '../ui/html.js';
import { busy, byId, setStatus } from './dom.js';
import type { Session } from './session.js';
import { watchlistCard, type CardState } from './watchlist-card.js';
import { draftOf, fieldOfError, patchBody, type Watchlist } from './watchlist-editor.js';
import { newestAnswer } from './newest-answer.js';

/**
 * The team's watchlists of the three kinds (GET /api-keyword-watchlist, /api-people-watchlist,
 * /api-company-watchlist): creating one (POST), editing, pausing and resuming (PATCH), deleting
 * (DELETE) on the same paths. Choosing one opens its posts. Reloaded by the live stream.
 */

type WatchlistType = Watchlist['type'];
type WatchlistSummary = Watchlist;

type Listing = { watchlists: Watchlist[] };
type Created = { id: string; name: string; created: boolean };
type KeywordResult = { success: boolean; keyword: string; error?: string };

const PATHS: Record<WatchlistType, string> = {
  keyword: '/api-keyword-watchlist',
  people: '/api-people-watchlist',
  company: '/api-company-watchlist',
};
const TYPE_LABELS: Record<WatchlistType, string> = {
  keyword: 'keywords',
  people: 'people',
  company: 'companies',
};

function splitList(raw: string, separator: RegExp): string[] {
  return raw
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function mountWatchlists(on: {
  listed(items: WatchlistSummary[]): void;
  select(id: string): void;
}): {
  load(session: Session, selectId?: string): Promise<void>;
} {
  const list = byId('watchlist-list');
  const status = byId('watchlists-status');
  const form = byId<HTMLFormElement>('create-watchlist-form');
  const formStatus = form.querySelector<HTMLElement>('.status')!;
  const details = byId<HTMLDetailsElement>('create-watchlist');
  let session: Session | null = null;
  let selectedId: string | null = null;
  let items: Watchlist[] = [];
  // What a load last put on the status line ('Loading…', a failure): the next load replaces only
  // that. Loads also follow every live change (the scheduler planning a cycle a second after a
  // create), and must not wipe the answer to what the member just did ("Created …", "Saved …").
  let loadStatus = '';
  const showLoadStatus = (text: string, kind: 'info' | 'error' = 'info') => {
    // A failure always shows; 'Loading…' and the all-clear replace only a load's own line.
    if (kind === 'info' && status.textContent !== loadStatus) return;
    loadStatus = text;
    setStatus(status, text, kind);
  };
  const cards = new Map<string, CardState>();
  const cardState = (id: string): CardState => {
    let c = cards.get(id);
    if (!c) {
      c = { editor: null, confirmDelete: false, busy: false, error: '' };
      cards.set(id, c);
    }
    return c;
  };

  const answers = newestAnswer();

  async function load(s: Session, selectId?: string) {
    session = s;
    if (selectId) selectedId = selectId;
    if (!items.length) showLoadStatus('Loading…');
    const types = Object.keys(PATHS) as WatchlistType[];
    const mine = answers.begin();
    const listed = await Promise.allSettled(
      types.map((t) => call<Listing>('GET', PATHS[t], { session: s })),
    );
    if (s !== session || !answers.mayDraw(mine)) return;
    const failed: string[] = [];
    const next: Watchlist[] = [];
    listed.forEach((a, i) => {
      const type = types[i]!;
      if (a.status === 'rejected') {
        failed.push(`${TYPE_LABELS[type]}: ${errorMessage(a.reason)}`);
        return;
      }
      next.push(...a.value.watchlists);
    });
    // A kind that failed to load keeps what it showed, rather than vanishing until the next change.
    const kept = items.filter((w) => failed.some((f) => f.startsWith(TYPE_LABELS[w.type])));
    items = [...next, ...kept].sort((a, b) =>
      String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? '')),
    );
    for (const id of cards.keys()) if (!items.some((w) => w.id === id)) cards.delete(id);
    showLoadStatus(
      failed.length ? `Could not load ${failed.join('; ')}` : '',
      failed.length ? 'error' : 'info',
    );
    render();
    if (items.length === 0) details.open = true;
    if (!items.some((w) => w.id === selectedId)) selectedId = null;
    on.listed(items);
  }

  function select(id: string) {
    selectedId = id;
    render();
    on.select(id);
  }

  async function patch(w: Watchlist, body: Record<string, unknown>) {
    // Where posts are sent is an admin's to set: the member's token says who asks (docs/api.md).
    const auth = 'slack_webhook_url' in body ? 'member' : 'key';
    return call<{ results?: KeywordResult[] }>('PATCH', PATHS[w.type], { session, body, auth });
  }

  async function save(w: Watchlist) {
    const state = cardState(w.id);
    const editor = state.editor;
    if (!editor || !session) return;
    const s = session;
    const body = patchBody(w, editor.draft);
    if (!body) {
      state.editor = null;
      return render();
    }
    editor.saving = true;
    editor.errors = {};
    editor.formError = '';
    render();
    try {
      const answer = await patch(w, body);
      const refused = (answer.results ?? []).filter((r) => !r.success);
      state.editor = null;
      await load(s);
      setStatus(
        status,
        refused.length
          ? `Saved “${editor.draft.name}”, but not: ${refused.map((r) => `“${r.keyword}” (${r.error ?? 'refused'})`).join(', ')}.`
          : `Saved “${editor.draft.name}”.`,
        refused.length ? 'error' : 'ok',
      );
    } catch (err) {
      const message = errorMessage(err);
      const field = fieldOfError(message);
      if (field) editor.errors[field] = message;
      else editor.formError = message;
      editor.saving = false;
      render();
    }
  }

  async function act(w: Watchlist, work: () => Promise<unknown>) {
    const state = cardState(w.id);
    const s = session;
    if (!s) return;
    state.busy = true;
    state.error = '';
    render();
    try {
      await work();
      state.confirmDelete = false;
      await load(s);
    } catch (err) {
      state.error = errorMessage(err);
    } finally {
      state.busy = false;
      render();
    }
  }

  function render() {
    if (items.length === 0) {
      draw(
        html`<li class="empty">No watchlists yet. Create one below; it starts collecting at the next fetch cycle.</li>`,
        list,
      );
      return;
    }
    const now = Date.now();
    draw(
      items.map((w) => {
        const state = cardState(w.id);
        return watchlistCard(
          w,
          w.id === selectedId,
          state,
          {
            pick: () => select(w.id),
            edit: () => {
              state.editor = { draft: draftOf(w), errors: {}, formError: '', saving: false };
              state.confirmDelete = false;
              render();
              list
                .querySelector<HTMLInputElement>(`[data-watchlist-id="${w.id}"] input[name="name"]`)
                ?.focus();
            },
            changed: render,
            save: () => void save(w),
            cancel: () => {
              state.editor = null;
              render();
            },
            togglePause: () => void act(w, () => patch(w, { id: w.id, disable: !w.disable })),
            askDelete: () => {
              state.confirmDelete = true;
              render();
            },
            keep: () => {
              state.confirmDelete = false;
              render();
            },
            confirmDelete: () =>
              void act(w, () => call('DELETE', PATHS[w.type], { session, query: { id: w.id } })),
          },
          now,
        );
      }),
      list,
    );
  }

  // Show only the fields of the chosen type.
  const syncType = () => {
    const type = (form.elements.namedItem('type') as RadioNodeList).value;
    for (const el of form.querySelectorAll<HTMLElement>('[data-for]'))
      el.hidden = el.dataset.for !== type;
  };
  form.addEventListener('change', (event) => {
    if ((event.target as HTMLInputElement).name === 'type') syncType();
  });
  syncType();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!session) return;
    const s = session;
    const field = (name: string) =>
      (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement).value;
    const type = field('type') as WatchlistType;
    const name = field('name').trim();
    let body: Record<string, unknown>;
    if (type === 'keyword') {
      const keywords = splitList(field('keywords'), /,/);
      if (keywords.length === 0)
        return setStatus(formStatus, 'Enter at least one keyword.', 'error');
      body = { keywords, fetchFreqInHours: Number(field('fetchFreqInHours')) };
    } else if (type === 'people') {
      const profiles = splitList(field('profiles'), /[\n,]/);
      if (profiles.length === 0)
        return setStatus(formStatus, 'Enter at least one profile.', 'error');
      body = { profiles };
    } else {
      const companies = splitList(field('companies'), /[\n,]/);
      if (companies.length === 0)
        return setStatus(formStatus, 'Enter at least one company.', 'error');
      body = { companies };
    }
    if (name) body.name = name;
    void busy(form, async () => {
      setStatus(formStatus, 'Creating…');
      try {
        const created = await call<Created>('POST', PATHS[type], { session: s, body });
        form.reset();
        syncType();
        setStatus(formStatus, '');
        details.open = false;
        await load(s, created.id);
        on.select(created.id);
        setStatus(
          status,
          created.created === false
            ? `You already have this watchlist: “${created.name}”.`
            : `Created “${created.name}”. Posts appear after its first fetch cycle.`,
          'ok',
        );
      } catch (err) {
        setStatus(formStatus, errorMessage(err), 'error');
      }
    });
  });

  return { load };
}
