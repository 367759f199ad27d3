import { render as draw, nothing } from '../ui/html.js';
import { errorMessage } from './api.js';
import { busy, setStatus } from './dom.js';
import { mountPanel, type PanelOptions } from './panel.js';
import type { PanelLife } from './panel-life.js';
import type { Session } from './session.js';

/**
 * The shape of Settings' admin-only panels (keys with a purpose, webhooks), as the API allows
 * only admins to list and change them: members see a notice instead; the form makes one, whose
 * secret is shown this once; each one is removed after a confirm.
 */

interface AdminPanelParts {
  /** The notice members see instead of the list and the form. */
  readonly: HTMLElement;
  form: HTMLFormElement;
  /** Where a secret is shown this once, until the admin says it is kept. */
  secret: HTMLElement;
}

interface AdminPanel<T> {
  life: PanelLife<T>;
  /** The item whose removal waits for a confirm. */
  confirming(): string | null;
  confirm(id: string | null): void;
  /** Runs a removal: `done` is said, the confirm closes and the list reloads. */
  remove(work: (session: Session) => Promise<unknown>, done: string): Promise<boolean>;
  /**
   * The form's submit: `make` sends it (saying `pending` meanwhile), the form is cleared, the
   * answer's secret shown and the list reloaded; a refusal is said under the form.
   */
  onSubmit<C>(
    pending: string,
    make: (session: Session, form: HTMLFormElement) => Promise<C>,
    secret: (created: C) => unknown,
  ): void;
  hideSecret(): void;
  show(session: Session, isAdmin: boolean): void;
  stop(): void;
}

export function mountAdminPanel<T, I>(
  parts: AdminPanelParts,
  opts: PanelOptions<T, I>,
): AdminPanel<T> {
  const life = mountPanel(opts);
  const formStatus = parts.form.querySelector<HTMLElement>('.status')!;
  let confirming: string | null = null;

  function hideSecret() {
    parts.secret.hidden = true;
    draw(nothing, parts.secret);
  }

  return {
    life,
    confirming: () => confirming,
    confirm(id) {
      confirming = id;
      life.show();
    },
    remove(work, done) {
      return life.act(async (s) => {
        await work(s);
        confirming = null;
      }, done);
    },
    onSubmit(pending, make, secret) {
      const form = parts.form;
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const s = life.session;
        if (!s) return;
        void busy(form, async () => {
          setStatus(formStatus, pending);
          try {
            const created = await make(s, form);
            form.reset();
            setStatus(formStatus, '');
            parts.secret.hidden = false;
            draw(secret(created), parts.secret);
            await life.refresh();
          } catch (err) {
            setStatus(formStatus, errorMessage(err), 'error');
          }
        });
      });
    },
    hideSecret,
    show(s, isAdmin) {
      parts.readonly.hidden = isAdmin;
      parts.form.hidden = !isAdmin;
      opts.list.hidden = !isAdmin;
      // The member view redraws on every live change: a load only when the session is new.
      if (isAdmin && life.session?.agent_token !== s.agent_token) void life.start(s);
    },
    stop() {
      life.stop();
      confirming = null;
      hideSecret();
    },
  };
}
