import { byId } from './dom.js';

/**
 * The settings area: the API key and the team's webhooks are needed now and then, so
 * they wait behind the top bar's "Settings" and leave the top of the page to posts and tasks.
 */
export function mountSettings(): { stop(): void } {
  const panel = byId('settings');
  const toggle = byId<HTMLButtonElement>('settings-toggle');

  function open(shown: boolean) {
    panel.hidden = !shown;
    toggle.setAttribute('aria-expanded', String(shown));
    if (shown) panel.scrollIntoView({ block: 'start' });
    else toggle.focus();
  }

  toggle.addEventListener('click', () => open(panel.hidden));
  byId('settings-close').addEventListener('click', () => open(false));

  return {
    stop() {
      panel.hidden = true;
      toggle.setAttribute('aria-expanded', 'false');
    },
  };
}
