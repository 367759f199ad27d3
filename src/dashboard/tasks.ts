import type { TaskListResponse, TaskSummary } from '../contract/task-list.js';
import { call, errorMessage } from './api.js';
import { externalLink, html, nothing, render as draw, timeTag } from '../ui/html.js';
import { byId, setStatus } from './dom.js';
import type { Session } from './session.js';
import { singleFlight } from './single-flight.js';
import { errorSentence, kindWords, statusWords } from './task-words.js';

const LIMIT = 30;

/**
 * The team's recent tasks (GET /api-tasks?status=&limit=) in words: what kind of work, on which
 * profile, post or company, for or by which member, how far it got, and why it failed. The live
 * stream (live.ts) asks for a fresh list whenever tasks change, so there is no Refresh button.
 * `onList` receives every unfiltered list: the posts panel follows its likes and comments there.
 */
interface Waiting {
  reason: string;
  at: string | null;
}

export function mountTasks(onList: (tasks: TaskSummary[]) => void): {
  start(session: Session): void;
  refresh(): Promise<void>;
  /** Why queued tasks wait, by task id (GET /api-team's members[].safety.waiting: the task list does not say). */
  setWaiting(waiting: Map<string, Waiting>): void;
  stop(): void;
} {
  const list = byId('task-list');
  const status = byId('tasks-status');
  const filter = byId<HTMLSelectElement>('tasks-status-filter');
  let session: Session | null = null;
  let shown: TaskSummary[] = [];
  let waiting = new Map<string, Waiting>();
  let emptyWords = '';

  function paint() {
    const now = Date.now();
    draw(
      shown.length
        ? shown.map((t) => taskItem(t, waiting.get(t.id) ?? null, now))
        : html`<li class="empty">${emptyWords}</li>`,
      list,
    );
  }

  async function load() {
    const s = session;
    if (!s) return;
    if (!list.querySelector('li')) setStatus(status, 'Loading…');
    try {
      const answer = await call<TaskListResponse>('GET', '/api-tasks', {
        session: s,
        query: { status: filter.value, limit: LIMIT },
      });
      if (s !== session) return;
      setStatus(
        status,
        answer.count > answer.tasks.length
          ? `Showing the latest ${answer.tasks.length} of ${answer.count}.`
          : '',
      );
      shown = answer.tasks;
      emptyWords = filter.value
        ? `No ${statusWords(filter.value as TaskSummary['status'])} tasks.`
        : 'No tasks yet.';
      paint();
      if (!filter.value) onList(answer.tasks);
    } catch (err) {
      if (s === session) setStatus(status, errorMessage(err), 'error');
    }
  }
  const refresh = singleFlight(load);

  filter.addEventListener('change', () => void refresh());

  return {
    start(s) {
      session = s;
      void refresh();
    },
    refresh,
    setWaiting(next) {
      waiting = next;
      paint();
    },
    stop() {
      session = null;
      shown = [];
      draw(nothing, list);
      setStatus(status, '');
    },
  };
}

function memberWords(t: TaskSummary): string {
  if (t.claimed_by_email) return `run by ${t.claimed_by_name || t.claimed_by_email}`;
  if (t.assigned_email) return `for ${t.assigned_name || t.assigned_email}`;
  return 'any member';
}

function taskItem(t: TaskSummary, wait: Waiting | null, now: number) {
  const target = t.target.url
    ? externalLink(t.target.url, t.target.label, 'target')
    : html`<span class="target">${t.target.label}</span>`;
  return html`<li class="task status-${t.status}" data-task-id=${t.id} data-status=${t.status}>
    <div class="task-head">
      <span class="badge status ${t.status}">${statusWords(t.status)}</span>
      <span class="task-what"><strong class="kind">${kindWords(t.type)}</strong> ${target}</span>
    </div>
    <div class="task-meta muted small">
      ${t.watchlist ? html`<span>watchlist “${t.watchlist.name}” · </span>` : nothing}${
        t.as_company ? html`<span>as ${t.as_company} · </span>` : nothing
      }<span class="member">${memberWords(t)}</span> · created ${timeTag(t.created_at, now)}${
        t.updated_at !== t.created_at
          ? html`<span> · updated ${timeTag(t.updated_at, now)}</span>`
          : nothing
      }${t.attempt > 1 ? html`<span> · attempt ${t.attempt}</span>` : nothing}
    </div>
    ${
      wait && t.status === 'pending'
        ? html`<p class="task-wait small">Waits${wait.at ? html`, runs ${timeTag(wait.at, now)}` : nothing}: ${wait.reason}</p>`
        : nothing
    }
    ${
      t.error
        ? html`<p class="task-error">${errorSentence(t.error)}${t.status === 'failed' ? nothing : html` <span class="muted">Trying again.</span>`}</p>`
        : nothing
    }
  </li>`;
}
