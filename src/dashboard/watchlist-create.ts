import { call, errorMessage } from './api.js';
import { busy, byId, setStatus } from './dom.js';
import type { Session } from './session.js';
import type { Watchlist } from './watchlist-editor.js';

type WatchlistType = Watchlist['type'];
type Created = { id: string; name: string; created: boolean };

export const WATCHLIST_PATHS: Record<WatchlistType, string> = {
  keyword: '/api-keyword-watchlist',
  people: '/api-people-watchlist',
  company: '/api-company-watchlist',
};

function splitList(raw: string, separator: RegExp): string[] {
  return raw
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The form that creates a watchlist of one of the three kinds (POST on its path), showing only
 * the fields of the chosen kind. A refusal is said under the form; what was made goes to
 * `created`, which the watchlists panel says and selects.
 */
export function mountWatchlistCreate(o: {
  session(): Session | null;
  created(answer: Created): Promise<void>;
}): void {
  const form = byId<HTMLFormElement>('create-watchlist-form');
  const formStatus = form.querySelector<HTMLElement>('.status')!;
  const details = byId<HTMLDetailsElement>('create-watchlist');

  const syncType = () => {
    const type = (form.elements.namedItem('type') as RadioNodeList).value;
    for (const el of form.querySelectorAll<HTMLElement>('[data-for]'))
      el.hidden = el.dataset.for !== type;
  };
  form.addEventListener('change', (event) => {
    if ((event.target as HTMLInputElement).name === 'type') syncType();
  });
  syncType();

  /** The POST body of what the form holds, or why it cannot be sent. */
  function body(field: (name: string) => string, type: WatchlistType) {
    let body: Record<string, unknown>;
    if (type === 'keyword') {
      const keywords = splitList(field('keywords'), /,/);
      if (keywords.length === 0) return 'Enter at least one keyword.';
      body = { keywords, fetchFreqInHours: Number(field('fetchFreqInHours')) };
    } else if (type === 'people') {
      const profiles = splitList(field('profiles'), /[\n,]/);
      if (profiles.length === 0) return 'Enter at least one profile.';
      body = { profiles };
    } else {
      const companies = splitList(field('companies'), /[\n,]/);
      if (companies.length === 0) return 'Enter at least one company.';
      body = { companies };
    }
    const name = field('name').trim();
    if (name) body.name = name;
    return body;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const s = o.session();
    if (!s) return;
    const field = (name: string) =>
      (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement).value;
    const type = field('type') as WatchlistType;
    const sent = body(field, type);
    if (typeof sent === 'string') return setStatus(formStatus, sent, 'error');
    void busy(form, async () => {
      setStatus(formStatus, 'Creating…');
      try {
        const created = await call<Created>('POST', WATCHLIST_PATHS[type], {
          session: s,
          body: sent,
        });
        form.reset();
        syncType();
        setStatus(formStatus, '');
        details.open = false;
        await o.created(created);
      } catch (err) {
        setStatus(formStatus, errorMessage(err), 'error');
      }
    });
  });
}
