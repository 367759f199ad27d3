import type { POSTS_PAGE_SIZE, PostsResponse, SeniorityLevel } from '../contract/posts.js';
import { html, render as draw } from '../ui/html.js';
import { call } from './api.js';
import { byId } from './dom.js';
import { mountPanel } from './panel.js';
import type { Session } from './session.js';
import { mountActAs } from './act-as.js';
import { createEngagements } from './engagement.js';
import { SENIORITY_LABELS } from './post-card.js';
import { postCards } from './post-cards.js';
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
  const engagements = createEngagements(() => life.show());
  const cards = postCards({ list, actAs, engagements, changed: () => life.show() });
  let watchlists: WatchlistChoice[] = [];
  let watchlistId = '';
  let page = 1;

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

  const life = mountPanel({
    status: byId('posts-status'),
    list,
    // What was asked is kept with its answer: the count line and the pager word that page.
    fetch: async (session) => {
      const q = query();
      const answer = await call<PostsResponse>('GET', '/api-posts', { session, query: q });
      const filtered = Boolean(q.seniority_level || q.start_date || q.end_date || q.trending);
      return { answer, page: q.page, filtered };
    },
    // The count line is the empty state too: it says why there are none and what comes next.
    note: ({ answer, page, filtered }) => {
      if (answer.count === 0) {
        if (filtered) return 'No posts match these filters.';
        return watchlists.length === 0
          ? 'No posts yet. Create a watchlist below; its posts appear here after its first collection.'
          : 'No posts collected yet. They appear after the next collection.';
      }
      const first = (page - 1) * PAGE_SIZE + 1;
      return `${first}–${first + answer.data.length - 1} of ${answer.count} post${answer.count === 1 ? '' : 's'}`;
    },
    items: ({ answer }) => answer.data,
    key: (p) => p.id,
    item: cards.card,
    empty: () => '',
    drawn({ answer, loading }) {
      list.toggleAttribute('aria-busy', loading);
      const pages = answer ? Math.max(1, Math.ceil(answer.answer.count / PAGE_SIZE)) : 1;
      pager.hidden = pages <= 1;
      pageInfo.textContent = `Page ${answer?.page ?? 1} of ${pages}`;
      prev.disabled = (answer?.page ?? 1) <= 1;
      next.disabled = (answer?.page ?? 1) >= pages;
    },
  });

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
    void life.reload();
  }

  const goTo = (p: number) => {
    page = p;
    void life.reload();
  };
  watchlistSelect.addEventListener('change', () => choose(watchlistSelect.value));
  filters.addEventListener('change', () => goTo(1));
  filters.addEventListener('submit', (e) => e.preventDefault());
  byId('act-as').addEventListener('change', () => life.show());
  byId('company-title').addEventListener('input', () => life.show());
  prev.addEventListener('click', () => goTo(Math.max(1, page - 1)));
  next.addEventListener('click', () => goTo(page + 1));

  return {
    start(s: Session) {
      engagements.start(s);
      actAs.show(s);
      void life.start(s);
    },
    stop() {
      engagements.stop();
      cards.clear();
      life.stop();
    },
    /** The stream said posts changed (collected, liked, commented). */
    refresh: life.refresh,
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
