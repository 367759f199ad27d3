import type { CollectedPost, POSTS_PAGE_SIZE, PostsResponse, SeniorityLevel } from '../../../contract/posts.js';
import { call, errorMessage } from './api.js';
import { externalLink, html, nothing, render as draw } from '../../../ui/html.js';
import { byId, setStatus } from './dom.js';
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
  // After the static "Any" (lit-html adds to a container, it does not clear it).
  draw(SENIORITY_OPTIONS.map((level) => html`<option value=${level}>${SENIORITY_LABELS[level]}</option>`), senioritySelect);

  let session: Session | null = null;
  let watchlist: WatchlistSummary | null = null;
  let page = 1;
  let shown: PostsResponse | null = null;
  /** Posts opened with "Show more", by id. */
  const open = new Set<string>();
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
      shown = null;
      drawPosts();
      pager.hidden = true;
      setStatus(status, errorMessage(err), 'error');
    } finally {
      if (mine === generation) list.removeAttribute('aria-busy');
    }
  }

  function render(answer: PostsResponse) {
    const pages = Math.max(1, Math.ceil(answer.count / PAGE_SIZE));
    shown = answer;
    drawPosts();
    if (answer.count === 0) {
      setStatus(status, filtered() ? 'No posts match these filters.' : 'No posts collected yet. They appear after the next fetch cycle.');
    } else {
      const first = (page - 1) * PAGE_SIZE + 1;
      setStatus(status, `${first}–${first + answer.data.length - 1} of ${count(answer.count, 'post')}`);
    }
    pager.hidden = pages <= 1;
    pageInfo.textContent = `Page ${page} of ${pages}`;
    prev.disabled = page <= 1;
    next.disabled = page >= pages;
  }

  function drawPosts() {
    const toggle = (id: string) => {
      if (!open.delete(id)) open.add(id);
      drawPosts();
    };
    draw(shown?.data.map((p) => postItem(p, open.has(p.id), () => toggle(p.id))) ?? nothing, list);
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
        shown = null;
        drawPosts();
        setStatus(status, '');
        return;
      }
      title.textContent = `Posts of “${w.name}”`;
      hint.hidden = true;
      filters.hidden = false;
      if (changed) {
        filters.reset();
        page = 1;
        open.clear();
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

function postItem(p: CollectedPost, full: boolean, toggle: () => void) {
  const long = p.content.length > LONG_POST;
  const posted = new Date(p.posted_at);
  return html`<li class="card post" data-post-id=${p.id}>
    <div class="card-head">
      ${externalLink(p.author_url, p.author_name || 'Unknown author', 'author')}
      ${p.seniority_level && p.seniority_level !== 'unknown' ? html`<span class="badge">${SENIORITY_LABELS[p.seniority_level] ?? p.seniority_level}</span>` : nothing}
      ${p.trending_score >= 2 ? html`<span class="badge hot">trending</span>` : nothing}
    </div>
    <time class="muted small" datetime=${p.posted_at}>${Number.isNaN(posted.getTime()) ? p.posted_at : dateFormat.format(posted)}</time>
    <p class="content">${full ? p.content : shorten(p.content)}</p>
    ${long ? html`<button type="button" class="more link" aria-expanded=${String(full)} @click=${toggle}>${full ? 'Show less' : 'Show more'}</button>` : nothing}
    <div class="post-foot small">
      <span class="metrics">${`${count(p.likes_count, 'like')} · ${count(p.comments_count, 'comment')} · ${count(p.shares_count, 'share')}`}</span>
      ${p.liked ? html`<span class="badge good">liked</span>` : nothing}
      ${p.commented ? html`<span class="badge good">commented</span>` : nothing}
      ${externalLink(p.linkedin_post_url, 'Open post', 'open')}
    </div>
  </li>`;
}
