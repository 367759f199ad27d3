import type { POSTS_PAGE_SIZE, PostsResponse, SeniorityLevel } from '../contract/posts.js';
import { html, nothing, render as draw } from '../ui/html.js';
import { repeat } from 'lit-html/directives/repeat.js';
import { call, errorMessage } from './api.js';
import { byId, setStatus } from './dom.js';
import type { Session } from './session.js';
import { mountActAs } from './act-as.js';
import { createEngagements } from './engagement.js';
import { postCard, SENIORITY_LABELS, type PostCardState } from './post-card.js';
import { singleFlight } from './single-flight.js';
import type { TaskSummary } from '../contract/task-list.js';

/**
 * The collected posts (GET /api-posts), the team's or one watchlist's, with the endpoint's filters
 * (sort, seniority, dates, trending; 20 a page), and the member acting on them: Like and Comment,
 * as themselves or as a company page, each followed until it is done or failed.
 */

// Written out here rather than imported, so the bundle does not carry zod; the two checks below
// make the type checker fail if the contract's set changes and this list does not follow.
const SENIORITY_OPTIONS = [
  'owner',
  'cxo',
  'vp',
  'director',
  'manager',
  'senior',
  'entry',
  'intern',
  'unknown',
] as const satisfies readonly SeniorityLevel[];
type Missing = Exclude<SeniorityLevel, (typeof SENIORITY_OPTIONS)[number]>;
const allListed: [Missing] extends [never] ? true : Missing = true;
void allListed;
const PAGE_SIZE: typeof POSTS_PAGE_SIZE = 20;

interface WatchlistChoice {
  id: string;
  name: string;
}

export function mountPosts() {
  const title = byId('posts-title');
  const watchlistSelect = byId<HTMLSelectElement>('posts-watchlist');
  const filters = byId<HTMLFormElement>('posts-filter');
  const status = byId('posts-status');
  const list = byId('post-list');
  const pager = byId('posts-pager');
  const prev = byId<HTMLButtonElement>('posts-prev');
  const next = byId<HTMLButtonElement>('posts-next');
  const pageInfo = byId('posts-page-info');
  const senioritySelect = filters.elements.namedItem('seniority_level') as HTMLSelectElement;
  // After the static "Any" (lit-html adds to a container, it does not clear it).
  draw(
    SENIORITY_OPTIONS.map(
      (level) => html`<option value=${level}>${SENIORITY_LABELS[level]}</option>`,
    ),
    senioritySelect,
  );
  // Filters take a row on a wide screen and three on a phone: open only where they fit.
  if (matchMedia('(min-width: 700px)').matches)
    (filters.closest('details') as HTMLDetailsElement).open = true;

  const actAs = mountActAs();
  const engagements = createEngagements(() => drawPosts());
  let session: Session | null = null;
  let watchlists: WatchlistChoice[] = [];
  let watchlistId = '';
  let page = 1;
  let shown: PostsResponse | null = null;
  const cards = new Map<string, PostCardState>();
  // Answers can arrive out of order when filters change quickly; only the latest one is drawn.
  let generation = 0;

  const cardState = (id: string): PostCardState => {
    let s = cards.get(id);
    if (!s) {
      s = { full: false, commenting: false, draft: '', error: '', sending: false };
      cards.set(id, s);
    }
    return s;
  };

  function query() {
    const v = (name: string) => (filters.elements.namedItem(name) as HTMLInputElement).value;
    return {
      watchlist_id: watchlistId || undefined,
      page,
      sort_by: v('sort_by'),
      seniority_level: v('seniority_level'),
      start_date: v('start_date'),
      end_date: v('end_date'),
      trending: (filters.elements.namedItem('trending') as HTMLInputElement).checked
        ? 'true'
        : undefined,
    };
  }

  /** `quiet`: a live refresh, drawn without a "Loading…" in between. */
  async function load(quiet = false) {
    const s = session;
    if (!s) return;
    const mine = ++generation;
    if (!quiet) setStatus(status, 'Loading…');
    list.setAttribute('aria-busy', 'true');
    try {
      const answer = await call<PostsResponse>('GET', '/api-posts', { session: s, query: query() });
      if (mine !== generation) return;
      render(answer);
    } catch (err) {
      if (mine !== generation) return;
      if (!quiet) {
        shown = null;
        drawPosts();
        pager.hidden = true;
      }
      setStatus(status, errorMessage(err), 'error');
    } finally {
      if (mine === generation) list.removeAttribute('aria-busy');
    }
  }
  const refresh = singleFlight(() => load(true));

  function render(answer: PostsResponse) {
    const pages = Math.max(1, Math.ceil(answer.count / PAGE_SIZE));
    shown = answer;
    drawPosts();
    if (answer.count === 0) {
      setStatus(
        status,
        filtered()
          ? 'No posts match these filters.'
          : watchlists.length === 0
            ? 'No posts yet. Create a watchlist below; its posts appear here after its first collection.'
            : 'No posts collected yet. They appear after the next collection.',
      );
    } else {
      const first = (page - 1) * PAGE_SIZE + 1;
      setStatus(
        status,
        `${first}–${first + answer.data.length - 1} of ${answer.count} post${answer.count === 1 ? '' : 's'}`,
      );
    }
    pager.hidden = pages <= 1;
    pageInfo.textContent = `Page ${page} of ${pages}`;
    prev.disabled = page <= 1;
    next.disabled = page >= pages;
  }

  async function engage(postId: string, kind: 'like' | 'comment') {
    const actor = actAs.current();
    if (!actor) return;
    const state = cardState(postId);
    state.sending = true;
    state.error = '';
    drawPosts();
    try {
      if (kind === 'like') await engagements.like(postId, actor);
      else {
        if (!state.draft.trim()) throw new Error('Write the comment first.');
        await engagements.comment(postId, actor, state.draft);
        state.commenting = false;
        state.draft = '';
      }
      actAs.used(actor);
    } catch (err) {
      state.error = errorMessage(err);
    } finally {
      state.sending = false;
      drawPosts();
    }
  }

  function drawPosts() {
    const now = Date.now();
    const actLabel = actAs.label();
    draw(
      shown
        ? repeat(
            shown.data,
            (p) => p.id,
            (p) => {
              const state = cardState(p.id);
              return postCard(
                p,
                engagements.of(p.id),
                state,
                {
                  toggleFull: () => {
                    state.full = !state.full;
                    drawPosts();
                  },
                  like: () => void engage(p.id, 'like'),
                  openComment: () => {
                    state.commenting = true;
                    drawPosts();
                    list
                      .querySelector<HTMLTextAreaElement>(`[data-post-id="${p.id}"] textarea`)
                      ?.focus();
                  },
                  closeComment: () => {
                    state.commenting = false;
                    state.error = '';
                    drawPosts();
                  },
                  typed: (text) => {
                    // Redrawn only while the length warning shows or goes: typing stays cheap.
                    const wasLong = state.draft.length > 1250;
                    state.draft = text;
                    if (wasLong || text.length > 1250) drawPosts();
                  },
                  sendComment: () => void engage(p.id, 'comment'),
                },
                actLabel,
                now,
              );
            },
          )
        : nothing,
      list,
    );
  }

  function filtered() {
    const q = query();
    return Boolean(q.seniority_level || q.start_date || q.end_date || q.trending);
  }

  function paintWatchlists() {
    // After the static "All watchlists".
    draw(
      watchlists.map((w) => html`<option value=${w.id}>${w.name}</option>`),
      watchlistSelect,
    );
    watchlistSelect.value = watchlistId;
    const chosen = watchlists.find((w) => w.id === watchlistId);
    title.textContent = chosen ? `Posts of “${chosen.name}”` : 'Posts';
  }

  function choose(id: string) {
    if (id === watchlistId) return;
    watchlistId = id;
    filters.reset();
    page = 1;
    cards.clear();
    paintWatchlists();
    void load();
  }

  watchlistSelect.addEventListener('change', () => choose(watchlistSelect.value));
  filters.addEventListener('change', () => {
    page = 1;
    void load();
  });
  filters.addEventListener('submit', (e) => e.preventDefault());
  byId('act-as').addEventListener('change', () => drawPosts());
  byId('company-title').addEventListener('input', () => drawPosts());
  prev.addEventListener('click', () => {
    page = Math.max(1, page - 1);
    void load();
  });
  next.addEventListener('click', () => {
    page += 1;
    void load();
  });

  return {
    start(s: Session) {
      session = s;
      engagements.start(s);
      actAs.show(s);
      void load();
    },
    stop() {
      session = null;
      engagements.stop();
      shown = null;
      cards.clear();
      drawPosts();
      setStatus(status, '');
    },
    /** The stream said posts changed (collected, liked, commented). */
    refresh,
    /** The stream said tasks changed: the likes and comments in flight may have moved on. */
    tasksChanged: () => engagements.refresh(),
    /** The tasks panel's unfiltered list: likes and comments started elsewhere show here too. */
    taskList: (tasks: TaskSummary[]) => engagements.fromTaskList(tasks),
    /** The watchlists to choose from; a chosen one that is gone falls back to all. */
    setWatchlists(items: WatchlistChoice[]) {
      watchlists = items;
      if (watchlistId && !items.some((w) => w.id === watchlistId)) choose('');
      else paintWatchlists();
    },
    /** Shows one watchlist's posts (a watchlist's "Show posts", a new watchlist). */
    show(id: string) {
      choose(id);
      byId('posts').scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
  };
}
