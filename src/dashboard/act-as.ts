import { html, render as draw } from '../ui/html.js';
import { byId } from './dom.js';
import type { Session } from './session.js';

/**
 * Who a like or comment is made as (spec, POST /api-like): the signed-in member, or a company page
 * the team manages (`actor_type: 'company'` with its `company_title`). The service has no list of
 * the team's pages, so the member types one; pages used in this tab are offered again (kept in
 * sessionStorage with the session, never in localStorage).
 */
export type Actor = { actor_type: 'user' } | { actor_type: 'company'; company_title: string };

const PAGES_KEY = 'network-agent.dashboard.company-pages';
const NEW_PAGE = '__new__';

function savedPages(): string[] {
  try {
    const pages = JSON.parse(sessionStorage.getItem(PAGES_KEY) ?? '[]') as unknown;
    return Array.isArray(pages)
      ? pages.filter((p): p is string => typeof p === 'string').slice(0, 20)
      : [];
  } catch {
    return [];
  }
}

export function mountActAs(): {
  show(session: Session): void;
  /** The chosen actor; null (and the field says why) when a page is chosen but not named. */
  current(): Actor | null;
  /** Remembers a page a like or comment went out as. */
  used(actor: Actor): void;
  /** Words for the buttons' titles: "as you", "as Acme Robotics". */
  label(): string;
} {
  const select = byId<HTMLSelectElement>('act-as');
  const field = byId('company-title-field');
  const input = byId<HTMLInputElement>('company-title');
  let me = 'me';

  function paint() {
    const chosen = select.value;
    draw(
      html`<option value="user">${me}</option>
        ${savedPages().map((p) => html`<option value=${`page:${p}`}>${p} (company page)</option>`)}
        <option value=${NEW_PAGE}>A company page…</option>`,
      select,
    );
    select.value = [...select.options].some((o) => o.value === chosen) ? chosen : 'user';
    field.hidden = select.value !== NEW_PAGE;
  }

  select.addEventListener('change', () => {
    field.hidden = select.value !== NEW_PAGE;
    if (!field.hidden) input.focus();
  });
  input.addEventListener('input', () => input.setCustomValidity(''));

  function current(): Actor | null {
    if (select.value === 'user') return { actor_type: 'user' };
    if (select.value.startsWith('page:'))
      return { actor_type: 'company', company_title: select.value.slice(5) };
    const title = input.value.trim();
    if (!title) {
      input.setCustomValidity('Name the company page to act as.');
      input.reportValidity();
      return null;
    }
    return { actor_type: 'company', company_title: title };
  }

  return {
    show(session) {
      me = `Me (${session.user.full_name || session.user.email})`;
      paint();
    },
    current,
    used(actor) {
      if (actor.actor_type !== 'company') return;
      const pages = [
        actor.company_title,
        ...savedPages().filter((p) => p !== actor.company_title),
      ].slice(0, 20);
      sessionStorage.setItem(PAGES_KEY, JSON.stringify(pages));
      input.value = '';
      paint();
      select.value = `page:${actor.company_title}`;
      field.hidden = true;
    },
    label() {
      const actor =
        select.value === 'user'
          ? null
          : select.value.startsWith('page:')
            ? select.value.slice(5)
            : input.value.trim() || 'a company page';
      return actor ? `as ${actor}` : 'as you';
    },
  };
}
