import type { TeamKeyView } from '../contract/team-key.js';
import { call, errorMessage, refreshTeamKey } from './api.js';
import { byId, setStatus } from './dom.js';
import { saveSession, type Session } from './session.js';

const ROTATE_CONFIRM =
  'Replace the team’s API key now?\n\n' +
  'The current key stops working at once for every program that uses it; give them the new one. ' +
  'Members’ extensions and dashboards keep working without signing in again.';

/**
 * The team's API key (spec, Authentication: "obtained by revealing it in the team's dashboard").
 * Masked until the member asks; revealing fetches the key the team has now, since an admin may
 * have rotated it, or someone who held it left, since this session began. Admins may rotate it.
 */
export function mountApiKey(): { render(session: Session): void; setAdmin(admin: boolean): void } {
  const value = byId('api-key-value');
  const reveal = byId<HTMLButtonElement>('api-key-reveal');
  const copy = byId<HTMLButtonElement>('api-key-copy');
  const rotate = byId<HTMLButtonElement>('api-key-rotate');
  const status = byId('api-key-status');
  let session: Session | null = null;
  let shown = false;
  let clearLater: ReturnType<typeof setTimeout> | undefined;

  const key = () => session?.team.api_key ?? '';
  const paint = () => {
    // The prefix says what kind of secret it is; the rest stays hidden until revealed.
    value.textContent = shown ? key() : `${key().slice(0, 4)}${'•'.repeat(24)}`;
    value.dataset.revealed = String(shown);
    reveal.textContent = shown ? 'Hide' : 'Reveal';
    reveal.setAttribute('aria-pressed', String(shown));
  };
  const flash = (message: string) => {
    setStatus(status, message, 'ok');
    clearTimeout(clearLater);
    clearLater = setTimeout(() => setStatus(status, ''), 5000);
  };

  reveal.addEventListener('click', async () => {
    shown = !shown;
    paint();
    if (shown && session) {
      const mine = session;
      if (await refreshTeamKey(mine)) {
        if (session === mine) paint();
      } else setStatus(status, 'The current key could not be fetched; try again.', 'error');
    }
  });

  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(key());
      flash('Copied to the clipboard.');
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

  rotate.addEventListener('click', async () => {
    if (!session || !confirm(ROTATE_CONFIRM)) return;
    const mine = session;
    rotate.disabled = true;
    try {
      const answer = await call<TeamKeyView>('POST', '/api-team-key/rotate', {
        auth: 'member',
        session: mine,
      });
      mine.team.api_key = answer.api_key;
      saveSession(mine);
      if (session === mine) {
        shown = true;
        paint();
        flash('A new key is in place; the old one no longer works.');
      }
    } catch (err) {
      setStatus(status, errorMessage(err), 'error');
    } finally {
      rotate.disabled = false;
    }
  });

  return {
    render(s) {
      session = s;
      shown = false;
      // Until the team view says otherwise, the role the sign-in gave (the service decides anyway).
      rotate.hidden = s.role !== 'admin';
      setStatus(status, '');
      paint();
    },
    setAdmin(admin) {
      rotate.hidden = !admin;
    },
  };
}
