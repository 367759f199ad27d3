import type { ApiKeyList, ApiKeyScope, ApiKeyView, CreatedApiKey } from '../contract/api-keys.js';
import { call } from './api.js';
import { html, timeTag, type TemplateResult } from '../ui/html.js';
import { byId, setStatus } from './dom.js';
import { mountAdminPanel } from './admin-panel.js';
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
  const secretBox = byId('scoped-key-secret');
  const panel = mountAdminPanel(
    {
      readonly: byId('scoped-keys-readonly'),
      form: byId<HTMLFormElement>('scoped-key-form'),
      secret: secretBox,
    },
    {
      status: byId('scoped-keys-status'),
      list: byId('scoped-key-list'),
      fetch: async (session) =>
        (await call<ApiKeyList>('GET', '/api-keys', { auth: 'member', session })).keys,
      items: (keys) => keys,
      item: keyItem,
      empty: () =>
        'No keys yet: programs and assistants use the team key. Make one for each, to see its use and revoke it alone.',
    },
  );

  function keyItem(k: ApiKeyView, now: number): TemplateResult {
    return html`<li class="card scoped-key" data-key-id=${k.id}>
      <div><strong>${k.name}</strong> <span class="badge">${k.scope}</span></div>
      <div class="small muted">
        made by ${k.created_by ?? 'a former member'} ${timeTag(k.created_at, now)} · last used
        ${k.last_used_at ? timeTag(k.last_used_at, now) : 'never'}
      </div>
      <div class="row">
        ${
          panel.confirming() === k.id
            ? html`<span class="small">Revoke ${k.name}? Whatever uses it stops working at once.</span>
              <button type="button" class="danger small" @click=${() => void revoke(k.id)}>Revoke</button>
              <button type="button" class="secondary small" @click=${() => panel.confirm(null)}>Keep it</button>`
            : html`<button type="button" class="secondary small danger-text" @click=${() => panel.confirm(k.id)}>Revoke…</button>`
        }
      </div>
    </li>`;
  }

  const revoke = (id: string) =>
    panel.remove(
      (session) => call('DELETE', `/api-keys/${id}`, { auth: 'member', session }),
      'Key revoked: it no longer works.',
    );

  async function copy(created: CreatedApiKey) {
    const copyStatus = secretBox.querySelector<HTMLElement>('.status')!;
    try {
      await navigator.clipboard.writeText(created.api_key);
      setStatus(copyStatus, 'Copied to the clipboard.', 'ok');
    } catch {
      // Clipboard refused (no permission, or not a secure context): select it to copy by hand.
      getSelection()?.selectAllChildren(byId('scoped-key-secret-value'));
      setStatus(
        copyStatus,
        'Copying was refused; the key is selected, copy it with Ctrl+C / ⌘C.',
        'error',
      );
    }
  }

  panel.onSubmit(
    'Making the key…',
    (session, form) =>
      call<CreatedApiKey>('POST', '/api-keys', {
        auth: 'member',
        session,
        body: {
          name: (form.elements.namedItem('name') as HTMLInputElement).value.trim(),
          scope: (form.elements.namedItem('scope') as HTMLSelectElement).value,
        },
      }),
    (created) =>
      html`<p><strong>${created.name}</strong> (${SCOPE_WORDS[created.scope]}) — shown this once. Send it as <code>x-api-key</code>.</p>
        <code class="key" id="scoped-key-secret-value">${created.api_key}</code>
        <div class="row">
          <button type="button" class="small" @click=${() => void copy(created)}>Copy</button>
          <button type="button" class="secondary small" @click=${panel.hideSecret}>I have kept it</button>
        </div>
        <p class="status" aria-live="polite"></p>`,
  );

  return { show: panel.show, stop: panel.stop };
}
