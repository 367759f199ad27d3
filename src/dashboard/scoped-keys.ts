import type { ApiKeyList, ApiKeyScope, ApiKeyView, CreatedApiKey } from '../contract/api-keys.js';
import { call, errorMessage } from './api.js';
import { html, nothing, render as draw, timeTag } from '../ui/html.js';
import { busy, byId, setStatus } from './dom.js';
import type { Session } from './session.js';

/**
 * Keys with a purpose in Settings (docs/api.md "API keys with a purpose"), admins only as the API
 * is: make one with a name and a scope (its secret is shown this once, with a copy button), list
 * them with who made each and when it was last used, revoke one. Members see only a notice.
 */

const SCOPE_WORDS: Record<ApiKeyScope, string> = {
  read: 'read: reads only',
  write: 'write: a program, as the team key',
  ai: 'ai: an AI assistant; its writes follow the AI setting',
};

export function mountScopedKeys(): {
  show(session: Session, isAdmin: boolean): void;
  stop(): void;
} {
  const list = byId('scoped-key-list');
  const status = byId('scoped-keys-status');
  const form = byId<HTMLFormElement>('scoped-key-form');
  const formStatus = form.querySelector<HTMLElement>('.status')!;
  const readonly = byId('scoped-keys-readonly');
  const secretBox = byId('scoped-key-secret');
  let session: Session | null = null;
  let keys: ApiKeyView[] = [];
  let confirming: string | null = null;

  async function load() {
    const s = session;
    if (!s) return;
    try {
      keys = (await call<ApiKeyList>('GET', '/api-keys', { auth: 'member', session: s })).keys;
      if (s !== session) return;
      setStatus(status, '');
      render();
    } catch (err) {
      setStatus(status, errorMessage(err), 'error');
    }
  }

  async function revoke(id: string) {
    try {
      await call('DELETE', `/api-keys/${id}`, { auth: 'member', session });
      confirming = null;
      setStatus(status, 'Key revoked: it no longer works.', 'ok');
      await load();
    } catch (err) {
      setStatus(status, errorMessage(err), 'error');
    }
  }

  function confirm(id: string | null) {
    confirming = id;
    render();
  }

  function render() {
    const now = Date.now();
    draw(
      keys.length
        ? keys.map(
            (k) => html`<li class="card scoped-key" data-key-id=${k.id}>
              <div><strong>${k.name}</strong> <span class="badge">${k.scope}</span></div>
              <div class="small muted">
                made by ${k.created_by ?? 'a former member'} ${timeTag(k.created_at, now)} · last used
                ${k.last_used_at ? timeTag(k.last_used_at, now) : 'never'}
              </div>
              <div class="row">
                ${
                  confirming === k.id
                    ? html`<span class="small">Revoke ${k.name}? Whatever uses it stops working at once.</span>
                      <button type="button" class="danger small" @click=${() => void revoke(k.id)}>Revoke</button>
                      <button type="button" class="secondary small" @click=${() => confirm(null)}>Keep it</button>`
                    : html`<button type="button" class="secondary small danger-text" @click=${() => confirm(k.id)}>Revoke…</button>`
                }
              </div>
            </li>`,
          )
        : html`<li class="empty">No keys yet: programs and assistants use the team key.</li>`,
      list,
    );
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const s = session;
    if (!s) return;
    const name = (form.elements.namedItem('name') as HTMLInputElement).value.trim();
    const scope = (form.elements.namedItem('scope') as HTMLSelectElement).value;
    void busy(form, async () => {
      setStatus(formStatus, 'Making the key…');
      try {
        const created = await call<CreatedApiKey>('POST', '/api-keys', {
          auth: 'member',
          session: s,
          body: { name, scope },
        });
        form.reset();
        setStatus(formStatus, '');
        showSecret(created);
        await load();
      } catch (err) {
        setStatus(formStatus, errorMessage(err), 'error');
      }
    });
  });

  function showSecret(created: CreatedApiKey) {
    secretBox.hidden = false;
    const copyStatus = () => secretBox.querySelector<HTMLElement>('.status')!;
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(created.api_key);
        setStatus(copyStatus(), 'Copied to the clipboard.', 'ok');
      } catch {
        // Clipboard refused (no permission, or not a secure context): select it to copy by hand.
        getSelection()?.selectAllChildren(byId('scoped-key-secret-value'));
        setStatus(
          copyStatus(),
          'Copying was refused; the key is selected, copy it with Ctrl+C / ⌘C.',
          'error',
        );
      }
    };
    draw(
      html`<p><strong>${created.name}</strong> (${SCOPE_WORDS[created.scope]}) — shown this once. Send it as <code>x-api-key</code>.</p>
        <code class="key" id="scoped-key-secret-value">${created.api_key}</code>
        <div class="row">
          <button type="button" class="small" @click=${() => void copy()}>Copy</button>
          <button type="button" class="secondary small" @click=${hideSecret}>I have kept it</button>
        </div>
        <p class="status" aria-live="polite"></p>`,
      secretBox,
    );
  }
  function hideSecret() {
    secretBox.hidden = true;
    draw(nothing, secretBox);
  }

  return {
    show(s, isAdmin) {
      const first = session?.agent_token !== s.agent_token;
      session = s;
      readonly.hidden = isAdmin;
      form.hidden = !isAdmin;
      list.hidden = !isAdmin;
      if (!isAdmin) return;
      if (first) void load();
    },
    stop() {
      session = null;
      keys = [];
      confirming = null;
      hideSecret();
      draw(nothing, list);
    },
  };
}
