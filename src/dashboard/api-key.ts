import { byId, setStatus } from './dom.js';
import type { Session } from './session.js';

/**
 * The team's API key (spec, Authentication: "obtained by revealing it in the team's dashboard").
 * Masked until the member asks; the key itself is the one the verify answer gave this session.
 */
export function mountApiKey(): { render(session: Session): void } {
  const value = byId('api-key-value');
  const reveal = byId<HTMLButtonElement>('api-key-reveal');
  const copy = byId<HTMLButtonElement>('api-key-copy');
  const status = byId('api-key-status');
  let key = '';
  let shown = false;
  let clearLater: ReturnType<typeof setTimeout> | undefined;

  const paint = () => {
    // The prefix says what kind of secret it is; the rest stays hidden until revealed.
    value.textContent = shown ? key : `${key.slice(0, 4)}${'•'.repeat(24)}`;
    value.dataset.revealed = String(shown);
    reveal.textContent = shown ? 'Hide' : 'Reveal';
    reveal.setAttribute('aria-pressed', String(shown));
  };

  reveal.addEventListener('click', () => {
    shown = !shown;
    paint();
  });

  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(key);
      setStatus(status, 'Copied to the clipboard.', 'ok');
      clearTimeout(clearLater);
      clearLater = setTimeout(() => setStatus(status, ''), 5000);
    } catch {
      // Clipboard refused (no permission, or not a secure context): let the member copy by hand.
      shown = true;
      paint();
      getSelection()?.selectAllChildren(value);
      setStatus(
        status,
        'Copying was refused by the browser; the key is selected, copy it with Ctrl+C / ⌘C.',
        'error',
      );
    }
  });

  return {
    render(session) {
      key = session.team.api_key;
      shown = false;
      setStatus(status, '');
      paint();
    },
  };
}
