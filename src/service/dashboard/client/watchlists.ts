import type { z } from 'zod/mini';
import type {
  CompanyWatchlistList,
  KeywordWatchlistList,
  KeywordWatchlistView,
  PeopleWatchlistList,
  PeopleWatchlistSummary,
} from '../../../contract/watchlists.js';
import { call, errorMessage } from './api.js';
import { html, nothing, render as draw, timeTag } from '../../../ui/html.js';
import { busy, byId, setStatus } from './dom.js';
import type { Session } from './session.js';

/**
 * The team's watchlists of the three kinds (GET /api-keyword-watchlist, /api-people-watchlist,
 * /api-company-watchlist) and creating one (POST on the same paths). Choosing one opens its posts.
 */

export type WatchlistType = 'keyword' | 'people' | 'company';

/** What the panel shows of a watchlist: the list answers' fields, plus keyword watchlists' own. */
export type WatchlistSummary = Pick<PeopleWatchlistSummary, 'id' | 'name' | 'slug' | 'createdAt'> & { type: WatchlistType } &
  Partial<Pick<KeywordWatchlistView, 'keywords' | 'fetchFreqInHours' | 'disable' | 'posts_count' | 'prompt_status'>>;

type Listing = z.infer<typeof KeywordWatchlistList> | z.infer<typeof PeopleWatchlistList> | z.infer<typeof CompanyWatchlistList>;
type Created = { id: string; name: string; created: boolean };

const PATHS: Record<WatchlistType, string> = {
  keyword: '/api-keyword-watchlist',
  people: '/api-people-watchlist',
  company: '/api-company-watchlist',
};
const TYPE_LABELS: Record<WatchlistType, string> = { keyword: 'keywords', people: 'people', company: 'companies' };

function splitList(raw: string, separator: RegExp): string[] {
  return raw
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function mountWatchlists(on: { listed(items: WatchlistSummary[]): void; select(id: string): void }): {
  load(session: Session, selectId?: string): Promise<void>;
} {
  const list = byId('watchlist-list');
  const status = byId('watchlists-status');
  const form = byId<HTMLFormElement>('create-watchlist-form');
  const formStatus = form.querySelector<HTMLElement>('.status')!;
  const details = byId<HTMLDetailsElement>('create-watchlist');
  let session: Session | null = null;
  let selectedId: string | null = null;
  let items: WatchlistSummary[] = [];

  async function load(s: Session, selectId?: string) {
    session = s;
    if (selectId) selectedId = selectId;
    setStatus(status, 'Loading…');
    const types = Object.keys(PATHS) as WatchlistType[];
    const answers = await Promise.allSettled(types.map((t) => call<Listing>('GET', PATHS[t], { session: s })));
    const failed: string[] = [];
    items = [];
    answers.forEach((a, i) => {
      const type = types[i]!;
      if (a.status === 'rejected') {
        failed.push(`${TYPE_LABELS[type]}: ${errorMessage(a.reason)}`);
        return;
      }
      items.push(...a.value.watchlists);
    });
    items.sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? '')));
    setStatus(status, failed.length ? `Could not load ${failed.join('; ')}` : '', failed.length ? 'error' : 'info');
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

  function render() {
    if (items.length === 0) {
      draw(html`<li class="empty">No watchlists yet. Create one below; it starts collecting at the next fetch cycle.</li>`, list);
      return;
    }
    const now = Date.now();
    draw(
      items.map((w) => {
        const keywords = (w.keywords ?? []).map((k) => k.keyword).filter(Boolean);
        return html`<li>
          <button type="button" class="pick" aria-pressed=${String(w.id === selectedId)} data-watchlist-id=${w.id} @click=${() => select(w.id)}>
            <span class="pick-title"><span class="badge type-${w.type}">${TYPE_LABELS[w.type] ?? w.type}</span> <strong>${w.name}</strong></span>
            <span class="pick-meta muted small"
              >${keywords.length ? `${keywords.join(', ')} · ` : ''}${w.prompt_status === 'pending' ? 'generating keywords… · ' : ''}${w.prompt_status === 'failed'
                ? 'keyword generation failed · '
                : ''}${w.fetchFreqInHours ? `every ${w.fetchFreqInHours} h · ` : ''}${w.disable ? 'paused · ' : ''}${w.posts_count !== undefined
                ? `${w.posts_count} posts · `
                : ''}${w.createdAt ? html`<span>created ${timeTag(w.createdAt, now)}</span>` : nothing}</span
            >
          </button>
        </li>`;
      }),
      list,
    );
  }

  // Show only the fields of the chosen type.
  const syncType = () => {
    const type = (form.elements.namedItem('type') as RadioNodeList).value;
    for (const el of form.querySelectorAll<HTMLElement>('[data-for]')) el.hidden = el.dataset.for !== type;
  };
  form.addEventListener('change', (event) => {
    if ((event.target as HTMLInputElement).name === 'type') syncType();
  });
  syncType();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!session) return;
    const s = session;
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement).value;
    const type = field('type') as WatchlistType;
    const name = field('name').trim();
    let body: Record<string, unknown>;
    if (type === 'keyword') {
      const keywords = splitList(field('keywords'), /,/);
      if (keywords.length === 0) return setStatus(formStatus, 'Enter at least one keyword.', 'error');
      body = { keywords, fetchFreqInHours: Number(field('fetchFreqInHours')) };
    } else if (type === 'people') {
      const profiles = splitList(field('profiles'), /[\n,]/);
      if (profiles.length === 0) return setStatus(formStatus, 'Enter at least one profile.', 'error');
      body = { profiles };
    } else {
      const companies = splitList(field('companies'), /[\n,]/);
      if (companies.length === 0) return setStatus(formStatus, 'Enter at least one company.', 'error');
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
