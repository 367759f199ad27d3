import type { ApprovalListResponse } from '../contract/approvals.js';
import type { TeamView } from '../contract/members.js';
import type { InboxResponse } from '../contract/relationships.js';
import type { TaskSummary } from '../contract/task-list.js';
import { call } from './api.js';
import { html, nothing, render as draw, timeTag } from '../ui/html.js';
import { byId } from './dom.js';
import type { Session } from './session.js';
import { singleFlight } from './single-flight.js';
import { comingUp, needsYou, ranCounts } from './today-items.js';
import type { Watchlist } from './watchlist-editor.js';

/**
 * Today, the section the dashboard opens on: what needs a person first (today-items.ts), then
 * what ran in the last day and what comes next. The team view, the tasks and the watchlists are
 * handed over by the panels that load them; the count of approvals and of unread conversations
 * are asked here (two small reads), since those panels keep theirs to themselves. The count of
 * what needs a person also shows beside Today in the navigation, whichever section is open.
 */
export function mountToday(): {
  start(session: Session): void;
  setTeam(view: TeamView): void;
  setTasks(tasks: TaskSummary[]): void;
  setWatchlists(items: Watchlist[]): void;
  approvalsChanged(): Promise<void>;
  inboxChanged(): Promise<void>;
  stop(): void;
} {
  const body = byId('today-body');
  const badge = byId('today-count');
  let session: Session | null = null;
  let team: TeamView | null = null;
  let tasks: TaskSummary[] | null = null;
  let watchlists: Watchlist[] = [];
  let approvals = 0;
  let unread = { count: 0, from: [] as string[] };

  // A failed read leaves the last numbers: the Approvals and Inbox panels say why they failed.
  const approvalsChanged = singleFlight(async () => {
    const s = session;
    if (!s) return;
    const answer = await call<ApprovalListResponse>('GET', '/api-approvals', {
      auth: 'member',
      session: s,
    }).catch(() => null);
    if (!answer || s !== session) return;
    approvals = answer.approvals.filter((a) => a.can_decide).length;
    paint();
  });
  const inboxChanged = singleFlight(async () => {
    const s = session;
    if (!s) return;
    const answer = await call<InboxResponse>('GET', '/api-inbox', {
      session: s,
      query: { unread: 'true', limit: 3 },
    }).catch(() => null);
    if (!answer || s !== session) return;
    const names = answer.data.flatMap((c) => c.participants.map((p) => p.name));
    unread = { count: answer.count, from: [...new Set(names)].slice(0, 3) };
    paint();
  });

  function paint() {
    if (!team) {
      draw(html`<p class="empty">Loading…</p>`, body);
      return;
    }
    const now = Date.now();
    const needs = needsYou({ team, approvals, unread }, now);
    const due = comingUp(team, watchlists);
    badge.hidden = !needs.length;
    draw(
      html`<span class="visually-hidden">: </span>${needs.length}<span class="visually-hidden"> to see to</span>`,
      badge,
    );
    draw(
      html`<h3>Needs you</h3>
        ${
          needs.length
            ? html`<ul class="today-list needs">${needs.map((n) => html`<li><a href=${n.href}>${n.text}</a></li>`)}</ul>`
            : html`<p class="empty">Nothing needs you now.</p>`
        }
        <h3>What ran</h3>
        <p class="ran">${tasks ? ranWords(ranCounts(tasks, now)) : 'Loading…'}</p>
        <h3>Coming up</h3>
        ${
          due.length
            ? html`<ul class="today-list due">${due.map(
                (d) =>
                  html`<li>${Date.parse(d.at) <= now ? 'due now' : timeTag(d.at, now)}: ${d.text}${
                    d.why ? html` <span class="muted small">(${d.why})</span>` : nothing
                  }</li>`,
              )}</ul>`
            : html`<p class="empty">Nothing planned yet.</p>`
        }`,
      body,
    );
  }

  return {
    start(s) {
      session = s;
      paint();
      void approvalsChanged();
      void inboxChanged();
    },
    setTeam(view) {
      team = view;
      paint();
    },
    setTasks(list) {
      tasks = list;
      paint();
    },
    setWatchlists(items) {
      watchlists = items;
      paint();
    },
    approvalsChanged,
    inboxChanged,
    stop() {
      session = team = tasks = null;
      watchlists = [];
      approvals = 0;
      unread = { count: 0, from: [] };
      badge.hidden = true;
      draw(nothing, body);
    },
  };
}

function ranWords(c: ReturnType<typeof ranCounts>): string {
  const last = c.done || c.failed ? `${c.done} done, ${c.failed} failed` : 'nothing finished';
  const now = c.running || c.queued ? `${c.running} running, ${c.queued} queued` : 'nothing queued';
  return `Last 24 hours: ${last}. Now: ${now}.`;
}
