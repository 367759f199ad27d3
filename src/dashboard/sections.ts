import { byId } from './dom.js';
import { pinIntoView } from './pin-into-view.js';

/** The dashboard's sections in the navigation's order; each has its address, `#/<name>`. */
export const SECTIONS = ['today', 'watchlists', 'outreach', 'team', 'charts', 'settings'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * Where an address leads: `#/outreach` is a section, `#/outreach/inbox` also names the panel to
 * bring into view. Any other address (none, an old or mistyped one) is Today, where the day starts.
 */
export function routeOf(hash: string): { section: Section; panel: string | null } {
  const [, name, panel] = /^#\/([a-z]+)(?:\/([a-z-]+))?$/.exec(hash) ?? [];
  const section = SECTIONS.find((s) => s === name);
  return section ? { section, panel: panel ?? null } : { section: 'today', panel: null };
}

/**
 * One section on screen at a time, chosen by the address: a reload, a bookmark or a link sent to
 * a colleague opens the same section, and Back returns to the one before. Every panel stays
 * mounted while hidden, so the live stream keeps them all current. Following a link moves the
 * keyboard's focus to the section it shows, so a screen reader says where it went. `show` applies
 * the address again once the navigation is on screen (after a sign-in).
 */
export function mountSections(): { show(): void } {
  const nav = byId('sections');
  const links = [...nav.querySelectorAll<HTMLAnchorElement>('a')];
  const views = [...document.querySelectorAll<HTMLElement>('[data-section]')];
  const pageTitle = document.title;
  // A phone's navigation scrolls sideways: the current link is kept in sight in it, also when the
  // screen turns, the window is resized or a link before it grows. Only the row scrolls, never
  // the page: a resize can come after an address brought a panel into view.
  const keepInSight = () => {
    const link = links.find((l) => l.getAttribute('aria-current') === 'page');
    if (!link) return;
    const row = nav.getBoundingClientRect();
    const box = link.getBoundingClientRect();
    if (box.left < row.left) nav.scrollLeft -= row.left - box.left;
    else if (box.right > row.right) nav.scrollLeft += box.right - row.right;
  };

  let unpin = () => {};

  function show(moved: boolean) {
    const { section, panel } = routeOf(location.hash);
    // An address that leads nowhere is corrected; none at all (the plain `/`) is Today as it is.
    if (location.hash && !panel && location.hash !== `#/${section}`)
      history.replaceState(null, '', `#/${section}`);
    let shown: HTMLElement | undefined;
    for (const view of views) {
      view.hidden = view.dataset.section !== section;
      if (!view.hidden) shown = view;
    }
    for (const link of links) {
      const here = link.hash === `#/${section}`;
      if (here) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
      if (here) document.title = `${link.firstChild?.textContent?.trim()} · ${pageTitle}`;
    }
    keepInSight();
    const target = panel ? document.getElementById(panel) : null;
    unpin();
    if (target && shown?.contains(target)) unpin = pinIntoView(target, shown);
    else if (moved) window.scrollTo(0, 0);
    if (moved) shown?.focus({ preventScroll: true });
  }

  window.addEventListener('hashchange', () => show(true));
  window.addEventListener('resize', keepInSight);
  // A link that grows (Today's count arriving) moves the ones after it along the row.
  const grown = new ResizeObserver(keepInSight);
  for (const link of links) grown.observe(link);
  show(false);
  return { show: () => show(false) };
}
