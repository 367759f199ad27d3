import type { ContactHistory, DoNotContactAdded, DoNotContactList } from '../contract/outreach.js';
import { call, errorMessage } from './api.js';
import { html, nothing, render as draw } from '../ui/html.js';
import { byId, setStatus } from './dom.js';
import type { Session } from './session.js';

/**
 * The team's do-not-contact list and a person's team history (docs/team-pool.md): paste profiles
 * or companies, upload a CSV, search, remove, export; look up whom a person heard from.
 */
export function mountDoNotContact(): { start(session: Session): void; stop(): void } {
  const list = byId('dnc-list');
  const status = byId('dnc-status');
  const result = byId('dnc-result');
  const form = byId<HTMLFormElement>('dnc-form');
  const search = byId<HTMLInputElement>('dnc-search');
  const file = byId<HTMLInputElement>('dnc-file');
  const historyForm = byId<HTMLFormElement>('history-form');
  const historyOut = byId('history-out');
  let session: Session | null = null;

  const headers = () => ({
    'x-api-key': session!.team.api_key,
    authorization: `Bearer ${session!.agent_token}`,
  });

  async function load() {
    if (!session) return;
    try {
      const page = await call<DoNotContactList>('GET', '/api-do-not-contact', {
        auth: 'member',
        session,
        query: { q: search.value, limit: 200 },
      });
      draw(
        html`${page.data.map(
          (e) =>
            html`<li><strong>${e.value}</strong> (${e.kind})${e.reason ? ` — ${e.reason}` : ''}
              <small>${e.added_by ?? 'API key'}, ${e.added_at.slice(0, 10)}</small>
              <button type="button" class="secondary" @click=${() => remove(e.value)}>Remove</button></li>`,
        )}`,
        list,
      );
      setStatus(status, page.next ? 'Showing the first 200; search to narrow.' : '');
    } catch (err) {
      setStatus(status, errorMessage(err), 'error');
    }
  }

  async function remove(value: string) {
    try {
      await call('DELETE', '/api-do-not-contact', { auth: 'member', session, query: { value } });
      await load();
    } catch (err) {
      setStatus(status, errorMessage(err), 'error');
    }
  }

  /**
   * What the last paste or upload did, apart from the list's own status line: the list is loaded
   * again right after, and that must not wipe the rows that were refused.
   */
  function added(a: DoNotContactAdded) {
    const problems = [
      ...(a.errors ?? []).map((e) => `Line ${e.line}: ${e.reason}`),
      ...a.skipped.map((s) => `${s.value}: ${s.reason}`),
    ];
    const count = `Added ${a.added} ${a.added === 1 ? 'entry' : 'entries'}.`;
    draw(
      html`<p class="status" data-kind=${problems.length ? 'error' : 'ok'}>${count}${
        problems.length
          ? ` ${problems.length} ${problems.length === 1 ? 'row was' : 'rows were'} not added:`
          : ''
      }</p>
        ${problems.length ? html`<ul class="dnc-problems">${problems.map((p) => html`<li>${p}</li>`)}</ul>` : nothing}`,
      result,
    );
  }

  function refused(message: string) {
    draw(html`<p class="status" data-kind="error" role="alert">${message}</p>`, result);
  }

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const data = new FormData(form);
    const lines = (s: FormDataEntryValue | null) =>
      String(s ?? '')
        .split(/\n/)
        .map((l) => l.trim())
        .filter(Boolean);
    try {
      added(
        await call<DoNotContactAdded>('POST', '/api-do-not-contact', {
          auth: 'member',
          session,
          body: {
            profiles: lines(data.get('profiles')),
            companies: lines(data.get('companies')),
            reason: String(data.get('reason') ?? '') || undefined,
          },
        }),
      );
      form.reset();
      await load();
    } catch (err) {
      refused(errorMessage(err));
    }
  });

  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (!f || !session) return;
    try {
      const res = await fetch('/api-do-not-contact', {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'text/csv' },
        body: f,
      });
      const body = (await res.json().catch(() => ({}))) as DoNotContactAdded & { error?: string };
      if (!res.ok) refused(`${f.name}: ${body.error ?? `upload failed (HTTP ${res.status})`}`);
      else added(body);
    } catch {
      refused('The service cannot be reached. Check your connection and try again.');
    }
    file.value = '';
    await load();
  });

  search.addEventListener('input', () => void load());

  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-export]')) {
    button.addEventListener('click', async () => {
      if (!session) return;
      const path = button.dataset.export!;
      const res = await fetch(`${path}${path.includes('?') ? '&' : '?'}format=csv`, {
        headers: headers(),
      });
      if (!res.ok) return setStatus(status, `Export failed (HTTP ${res.status})`, 'error');
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = button.dataset.file ?? 'export.csv';
      a.click();
      URL.revokeObjectURL(url);
    });
  }

  historyForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const profile = String(new FormData(historyForm).get('profile') ?? '');
    try {
      const h = await call<ContactHistory>('GET', '/api-contact-history', {
        auth: 'member',
        session,
        query: { profile },
      });
      draw(
        h.events.length
          ? html`<ul>${h.events.map(
              (e) =>
                html`<li>${e.at.slice(0, 10)}: ${e.kind} — ${e.member_email ?? 'a former member'}</li>`,
            )}</ul>`
          : html`<p>No one in the team has contacted this person.</p>`,
        historyOut,
      );
    } catch (err) {
      draw(html`<p class="status error">${errorMessage(err)}</p>`, historyOut);
    }
  });

  return {
    start(s) {
      session = s;
      draw(nothing, result);
      void load();
    },
    stop() {
      session = null;
    },
  };
}
