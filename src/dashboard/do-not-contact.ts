import type {
  ContactHistory,
  DoNotContactAdded,
  DoNotContactEntry,
  DoNotContactList,
} from '../contract/outreach.js';
import { call, errorMessage } from './api.js';
import { html, render as draw } from '../ui/html.js';
import { byId } from './dom.js';
import { mountPanel } from './panel.js';
import type { Session } from './session.js';

const LIMIT = 200;

/**
 * The team's do-not-contact list and a person's team history (docs/team-pool.md): paste profiles
 * or companies, upload a CSV, search, remove, export; look up whom a person heard from. What a
 * paste or an upload did, the rows it refused included, is said apart from the list's own status
 * line (the panel's `said`), so the reload that follows cannot wipe it.
 */
export function mountDoNotContact(): { start(session: Session): void; stop(): void } {
  const form = byId<HTMLFormElement>('dnc-form');
  const search = byId<HTMLInputElement>('dnc-search');
  const file = byId<HTMLInputElement>('dnc-file');
  const life = mountPanel({
    status: byId('dnc-status'),
    said: byId('dnc-result'),
    list: byId('dnc-list'),
    fetch: (session) =>
      call<DoNotContactList>('GET', '/api-do-not-contact', {
        auth: 'member',
        session,
        query: { q: search.value, limit: LIMIT },
      }),
    note: (page) => (page.next ? `Showing the first ${LIMIT}; search to narrow.` : ''),
    items: (page) => page.data,
    item: entryItem,
    empty: () =>
      search.value
        ? `No entry matches “${search.value}”. Clear the search to see the whole list.`
        : 'Nobody is on the list yet. Paste profiles or companies, or upload a CSV with the columns value, kind (person or company) and reason.',
  });

  function entryItem(e: DoNotContactEntry) {
    return html`<li><strong>${e.value}</strong> (${e.kind})${e.reason ? ` — ${e.reason}` : ''}
      <small>${e.added_by ?? 'API key'}, ${e.added_at.slice(0, 10)}</small>
      <button type="button" class="secondary" @click=${() => remove(e.value)}>Remove</button></li>`;
  }

  const remove = (value: string) =>
    life.act(
      (session) =>
        call('DELETE', '/api-do-not-contact', { auth: 'member', session, query: { value } }),
      `Removed ${value}.`,
    );

  /** What a paste or an upload added, and every row it refused with why. */
  function added(a: DoNotContactAdded) {
    const problems = [
      ...(a.errors ?? []).map((e) => `Line ${e.line}: ${e.reason}`),
      ...a.skipped.map((s) => `${s.value}: ${s.reason}`),
    ];
    const count = `Added ${a.added} ${a.added === 1 ? 'entry' : 'entries'}.`;
    if (!problems.length) return life.say(count, 'ok');
    life.say(
      `${count} ${problems.length} ${problems.length === 1 ? 'row was' : 'rows were'} not added:`,
      'error',
      html`<ul class="dnc-problems">${problems.map((p) => html`<li>${p}</li>`)}</ul>`,
    );
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const data = new FormData(form);
    const lines = (s: FormDataEntryValue | null) =>
      String(s ?? '')
        .split(/\n/)
        .map((l) => l.trim())
        .filter(Boolean);
    void life.act(async (session) => {
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
    });
  });

  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (!f) return;
    // A CSV goes as it is (text/csv), which call() does not send: the service reads it row by row.
    await life.act(async (session) => {
      const res = await fetch('/api-do-not-contact', {
        method: 'POST',
        headers: { ...headers(session), 'content-type': 'text/csv' },
        body: f,
      }).catch(() => {
        throw new Error('The service cannot be reached. Check your connection and try again.');
      });
      const body = (await res.json().catch(() => ({}))) as DoNotContactAdded & { error?: string };
      if (!res.ok)
        throw new Error(`${f.name}: ${body.error ?? `upload failed (HTTP ${res.status})`}`);
      added(body);
    });
    file.value = '';
  });

  search.addEventListener('input', () => void life.reload());

  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-export]')) {
    button.addEventListener('click', () => {
      const session = life.session;
      if (session) void exportCsv(session, button, life.say);
    });
  }

  mountHistory(() => life.session);

  return { start: (s) => void life.start(s), stop: life.stop };
}

const headers = (session: Session) => ({
  'x-api-key': session.team.api_key,
  authorization: `Bearer ${session.agent_token}`,
});

/** Downloads what an export button names as CSV; a refusal is said on the panel. */
async function exportCsv(
  session: Session,
  button: HTMLButtonElement,
  say: (text: string, kind: 'error') => void,
) {
  const path = button.dataset.export!;
  const res = await fetch(`${path}${path.includes('?') ? '&' : '?'}format=csv`, {
    headers: headers(session),
  }).catch(() => null);
  if (!res?.ok)
    return say(
      `Export failed (${res ? `HTTP ${res.status}` : 'the service cannot be reached'})`,
      'error',
    );
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = button.dataset.file ?? 'export.csv';
  a.click();
  URL.revokeObjectURL(url);
}

/** A person's history with the team: who contacted them, how and when. */
function mountHistory(session: () => Session | null) {
  const historyForm = byId<HTMLFormElement>('history-form');
  const historyOut = byId('history-out');
  historyForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const profile = String(new FormData(historyForm).get('profile') ?? '');
    try {
      const h = await call<ContactHistory>('GET', '/api-contact-history', {
        auth: 'member',
        session: session(),
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
}
