import { call, errorMessage } from './api.js';
import { byId } from './dom.js';
import { mountPanel } from './panel.js';
import type { PanelLife } from './panel-life.js';
import type { Session } from './session.js';
import { watchlistCard, type CardState } from './watchlist-card.js';
import { draftOf, fieldOfError, patchBody, type Watchlist } from './watchlist-editor.js';
import { mountWatchlistCreate, WATCHLIST_PATHS } from './watchlist-create.js';

/**
 * The team's watchlists of the three kinds (GET /api-keyword-watchlist, /api-people-watchlist,
 * /api-company-watchlist): creating one (POST), editing, pausing and resuming (PATCH), deleting
 * (DELETE) on the same paths. Choosing one opens its posts. Reloaded by the live stream.
 */

type WatchlistType = Watchlist['type'];
type WatchlistSummary = Watchlist;

type Listing = { watchlists: Watchlist[] };
type Listed = { items: Watchlist[]; failed: string[] };
type KeywordResult = { success: boolean; keyword: string; error?: string };

const TYPE_LABELS: Record<WatchlistType, string> = {
  keyword: 'keywords',
  people: 'people',
  company: 'companies',
};

export function mountWatchlists(on: {
  listed(items: WatchlistSummary[]): void;
  select(id: string): void;
}): {
  load(session: Session, selectId?: string): Promise<void>;
} {
  const list = byId('watchlist-list');
  const details = byId<HTMLDetailsElement>('create-watchlist');
  let selectedId: string | null = null;
  let told: Listed | null = null;
  const cards = new Map<string, CardState>();
  const cardState = (id: string): CardState => {
    let c = cards.get(id);
    if (!c) {
      c = { editor: null, confirmDelete: false, busy: false, error: '' };
      cards.set(id, c);
    }
    return c;
  };

  const life: PanelLife<Listed> = mountPanel<Listed, Watchlist>({
    status: byId('watchlists-status'),
    list,
    fetch: (session) => listAll(session, life.answer?.items ?? []),
    note: ({ failed }) =>
      failed.length ? { text: `Could not load ${failed.join('; ')}`, kind: 'error' } : '',
    items: ({ items }) => items,
    key: (w) => w.id,
    item: (w, now) => watchlistCard(w, w.id === selectedId, cardState(w.id), actions(w), now),
    empty: () =>
      'No watchlists yet. Create one below; it starts collecting at the next fetch cycle.',
    drawn({ answer }) {
      if (!answer || answer === told) return;
      told = answer;
      const { items } = answer;
      for (const id of cards.keys()) if (!items.some((w) => w.id === id)) cards.delete(id);
      if (items.length === 0) details.open = true;
      if (!items.some((w) => w.id === selectedId)) selectedId = null;
      on.listed(items);
    },
  });

  function select(id: string) {
    selectedId = id;
    life.show();
    on.select(id);
  }

  function actions(w: Watchlist) {
    const state = cardState(w.id);
    const change = (next: Partial<CardState>) => {
      Object.assign(state, next);
      life.show();
    };
    return {
      pick: () => select(w.id),
      edit: () => {
        change({
          editor: { draft: draftOf(w), errors: {}, formError: '', saving: false },
          confirmDelete: false,
        });
        list
          .querySelector<HTMLInputElement>(`[data-watchlist-id="${w.id}"] input[name="name"]`)
          ?.focus();
      },
      changed: life.show,
      save: () => void save(life, w, state),
      cancel: () => change({ editor: null }),
      togglePause: () =>
        void cardWork(life, state, (s) => patch(s, w, { id: w.id, disable: !w.disable })),
      askDelete: () => change({ confirmDelete: true }),
      keep: () => change({ confirmDelete: false }),
      confirmDelete: () =>
        void cardWork(life, state, (session) =>
          call('DELETE', WATCHLIST_PATHS[w.type], { session, query: { id: w.id } }),
        ),
    };
  }

  mountWatchlistCreate({
    session: () => life.session,
    async created(c) {
      selectedId = c.id;
      life.say(
        c.created === false
          ? `You already have this watchlist: “${c.name}”.`
          : `Created “${c.name}”. Posts appear after its first fetch cycle.`,
        'ok',
      );
      await life.refresh();
      on.select(c.id);
    },
  });

  return {
    load(s, selectId) {
      if (selectId) selectedId = selectId;
      return life.start(s);
    },
  };
}

function patch(session: Session, w: Watchlist, body: Record<string, unknown>) {
  // Where posts are sent is an admin's to set: the member's token says who asks (docs/api.md).
  const auth = 'slack_webhook_url' in body ? 'member' : 'key';
  return call<{ results?: KeywordResult[] }>('PATCH', WATCHLIST_PATHS[w.type], {
    session,
    body,
    auth,
  });
}

/** Saves an open editor: what was saved is said on the panel, a refusal beside its field. */
async function save(life: PanelLife<Listed>, w: Watchlist, state: CardState) {
  const editor = state.editor;
  const session = life.session;
  if (!editor || !session) return;
  const body = patchBody(w, editor.draft);
  if (!body) {
    state.editor = null;
    return life.show();
  }
  editor.saving = true;
  editor.errors = {};
  editor.formError = '';
  life.show();
  try {
    const answer = await patch(session, w, body);
    const refused = (answer.results ?? []).filter((r) => !r.success);
    state.editor = null;
    life.say(
      refused.length
        ? `Saved “${editor.draft.name}”, but not: ${refused.map((r) => `“${r.keyword}” (${r.error ?? 'refused'})`).join(', ')}.`
        : `Saved “${editor.draft.name}”.`,
      refused.length ? 'error' : 'ok',
    );
    await life.refresh();
  } catch (err) {
    const message = errorMessage(err);
    const field = fieldOfError(message);
    if (field) editor.errors[field] = message;
    else editor.formError = message;
    editor.saving = false;
    life.show();
  }
}

/** A pause, resume or delete: busy and refused on its own card. */
async function cardWork(
  life: PanelLife<Listed>,
  state: CardState,
  work: (session: Session) => Promise<unknown>,
) {
  const session = life.session;
  if (!session) return;
  state.busy = true;
  state.error = '';
  life.show();
  try {
    await work(session);
    state.confirmDelete = false;
    await life.refresh();
  } catch (err) {
    state.error = errorMessage(err);
  } finally {
    state.busy = false;
    life.show();
  }
}

/**
 * The three kinds' lists at once, newest first. A kind that failed to load keeps what it showed
 * (`shown`), rather than vanishing until the next change, and is named in `failed`.
 */
async function listAll(session: Session, shown: Watchlist[]): Promise<Listed> {
  const types = Object.keys(WATCHLIST_PATHS) as WatchlistType[];
  const listed = await Promise.allSettled(
    types.map((t) => call<Listing>('GET', WATCHLIST_PATHS[t], { session })),
  );
  const failed: string[] = [];
  const next: Watchlist[] = [];
  listed.forEach((a, i) => {
    const type = types[i]!;
    if (a.status === 'rejected') failed.push(`${TYPE_LABELS[type]}: ${errorMessage(a.reason)}`);
    else next.push(...a.value.watchlists);
  });
  const kept = shown.filter((w) => failed.some((f) => f.startsWith(TYPE_LABELS[w.type])));
  const items = [...next, ...kept].sort((a, b) =>
    String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? '')),
  );
  return { items, failed };
}
