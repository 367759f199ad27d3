import type { CollectedPost, POSTS_PAGE_SIZE, PostsResponse, SeniorityLevel } from '../../../contract/posts.js';
import { call, errorMessage } from './api.js';
import { byId, externalLink, h, replace, setStatus } from './dom.js';
import type { Session } from './session.js';
import type { WatchlistSummary } from './watchlists.js';

/**
 * The posts a watchlist collected (GET /api-posts) with the endpoint's filters: sort, author
 * seniority, date range, trending; 20 a page.
 */

// Written out here rather than imported, so the bundle does not carry zod; the two checks below
// make the type checker fail if the contract's set changes and this list does not follow.
const SENIORITY_OPTIONS = ['owner', 'cxo', 'vp', 'director', 'manager', 'senior', 'entry', 'intern', 'unknown'] as const satisfies readonly SeniorityLevel[];
type Missing = Exclude<SeniorityLevel, (typeof SENIORITY_OPTIONS)[number]>;
const allListed: [Missing] extends [never] ? true : Missing = true;
void allListed;
const PAGE_SIZE: typeof POSTS_PAGE_SIZE = 20;

const SENIORITY_LABELS: Record<SeniorityLevel, string> = {
  owner: 'Owner / founder',
  cxo: 'C-level',
  vp: 'VP',
  director: 'Director',
  manager: 'Manager',
  senior: 'Senior',
  entry: 'Entry level',
  intern: 'Intern',
  unknown: 'Unknown',
};

/** Characters shown before "Show more": fewer on a phone, where 420 characters fill the screen. */
const LONG_POST = matchMedia('(max-width: 520px)').matches ? 260 : 420;

export function mountPosts(): { show(session: Session | null, watchlist: WatchlistSummary | null): void } {
  const title = byId('posts-title');
  const hint = byId('posts-empty-hint');
  const filters = byId<HTMLFormElement>('posts-filter');
  const status = byId('posts-status');
  const list = byId('post-list');
  const pager = byId('posts-pager');
  const prev = byId<HTMLButtonElement>('posts-prev');
  const next = byId<HTMLButtonElement>('posts-next');
  const pageInfo = byId('posts-page-info');
  const senioritySelect = filters.elements.namedItem('seniority_level') as HTMLSelectElement;
  for (const level of SENIORITY_OPTIONS) senioritySelect.append(h('option', { value: level }, SENIORITY_LABELS[level]));

  let session: Session | null = null;
  let watchlist: WatchlistSummary | null = null;
  let page = 1;
  // Answers can arrive out of order when filters change quickly; only the latest one is drawn.
  let generation = 0;

  function query() {
    const v = (name: string) => (filters.elements.namedItem(name) as HTMLInputElement).value;
    return {
      watchlist_id: watchlist!.id,
      page,
      sort_by: v('sort_by'),
      seniority_level: v('seniority_level'),
      start_date: v('start_date'),
      end_date: v('end_date'),
      trending: (filters.elements.namedItem('trending') as HTMLInputElement).checked ? 'true' : undefined,
    };
  }

  async function load() {
    if (!session || !watchlist) return;
    const mine = ++generation;
    setStatus(status, 'Loading…');
    list.setAttribute('aria-busy', 'true');
    try {
      const answer = await call<PostsResponse>('GET', '/api-posts', { session, query: query() });
      if (mine !== generation) return;
      render(answer);
    } catch (err) {
      if (mine !== generation) return;
      replace(list);
      pager.hidden = true;
      setStatus(status, errorMessage(err), 'error');
    } finally {
      if (mine === generation) list.removeAttribute('aria-busy');
    }
  }

  function render(answer: PostsResponse) {
    const pages = Math.max(1, Math.ceil(answer.count / PAGE_SIZE));
    if (answer.count === 0) {
      replace(list);
      setStatus(status, filtered() ? 'No posts match these filters.' : 'No posts collected yet. They appear after the next fetch cycle.');
    } else {
      const first = (page - 1) * PAGE_SIZE + 1;
      setStatus(status, `${first}–${first + answer.data.length - 1} of ${count(answer.count, 'post')}`);
      replace(list, ...answer.data.map(postItem));
    }
    pager.hidden = pages <= 1;
    pageInfo.textContent = `Page ${page} of ${pages}`;
    prev.disabled = page <= 1;
    next.disabled = page >= pages;
  }

  function filtered() {
    const q = query();
    return Boolean(q.seniority_level || q.start_date || q.end_date || q.trending);
  }

  filters.addEventListener('change', () => {
    page = 1;
    void load();
  });
  filters.addEventListener('submit', (e) => e.preventDefault());
  prev.addEventListener('click', () => {
    page = Math.max(1, page - 1);
    void load();
  });
  next.addEventListener('click', () => {
    page += 1;
    void load();
  });

  list.addEventListener('click', (event) => {
    const toggle = (event.target as Element).closest<HTMLButtonElement>('button.more');
    if (!toggle) return;
    const content = toggle.previousElementSibling as HTMLElement;
    const open = content.dataset.full === 'true';
    content.textContent = open ? shorten(content.dataset.text!) : content.dataset.text!;
    content.dataset.full = String(!open);
    toggle.textContent = open ? 'Show more' : 'Show less';
    toggle.setAttribute('aria-expanded', String(!open));
  });

  return {
    show(s, w) {
      session = s;
      const changed = w?.id !== watchlist?.id;
      watchlist = w;
      if (!w) {
        title.textContent = 'Posts';
        hint.hidden = false;
        filters.hidden = true;
        pager.hidden = true;
        replace(list);
        setStatus(status, '');
        return;
      }
      title.textContent = `Posts of “${w.name}”`;
      hint.hidden = true;
      filters.hidden = false;
      if (changed) {
        filters.reset();
        page = 1;
      }
      void load();
    },
  };
}

function shorten(text: string): string {
  return text.length > LONG_POST ? `${text.slice(0, LONG_POST).trimEnd()}…` : text;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function postItem(p: CollectedPost): HTMLElement {
  const long = p.content.length > LONG_POST;
  const content = h('p', { class: 'content', 'data-text': long ? p.content : null, 'data-full': long ? 'false' : null }, shorten(p.content));
  const posted = new Date(p.posted_at);
  return h(
    'li',
    { class: 'card post', 'data-post-id': p.id },
    h(
      'div',
      { class: 'card-head' },
      externalLink(p.author_url, p.author_name || 'Unknown author', { class: 'author' }),
      p.seniority_level && p.seniority_level !== 'unknown' ? h('span', { class: 'badge' }, SENIORITY_LABELS[p.seniority_level] ?? p.seniority_level) : null,
      p.trending_score >= 2 ? h('span', { class: 'badge hot' }, 'trending') : null,
    ),
    h('time', { class: 'muted small', datetime: p.posted_at }, Number.isNaN(posted.getTime()) ? p.posted_at : dateFormat.format(posted)),
    content,
    long ? h('button', { type: 'button', class: 'more link', 'aria-expanded': 'false' }, 'Show more') : null,
    h(
      'div',
      { class: 'post-foot small' },
      h('span', { class: 'metrics' }, `${count(p.likes_count, 'like')} · ${count(p.comments_count, 'comment')} · ${count(p.shares_count, 'share')}`),
      p.liked ? h('span', { class: 'badge good' }, 'liked') : null,
      p.commented ? h('span', { class: 'badge good' }, 'commented') : null,
      externalLink(p.linkedin_post_url, 'Open post', { class: 'open' }),
    ),
  );
}
