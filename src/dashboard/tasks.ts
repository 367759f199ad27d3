import type { TaskListResponse, TaskSummary } from '../contract/task-list.js';
import { call } from './api.js';
import { externalLink, html, nothing, timeTag } from '../ui/html.js';
import { byId } from './dom.js';
import { mountPanel } from './panel.js';
import type { Session } from './session.js';
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
  const filter = byId<HTMLSelectElement>('tasks-status-filter');
  let waiting = new Map<string, Waiting>();
  let told: TaskListResponse | null = null;
  const life = mountPanel({
    status: byId('tasks-status'),
    list: byId('task-list'),
    // The filter is kept with its answer: the empty state words what was asked.
    fetch: async (session) => {
      const status = filter.value as TaskSummary['status'] | '';
      const query = { status, limit: LIMIT };
      return {
        status,
        answer: await call<TaskListResponse>('GET', '/api-tasks', { session, query }),
      };
    },
    note: ({ answer }) =>
      answer.count > answer.tasks.length
        ? `Showing the latest ${answer.tasks.length} of ${answer.count}.`
        : '',
    items: ({ answer }) => answer.tasks,
    item: (t, now) => taskItem(t, waiting.get(t.id) ?? null, now),
    empty: ({ status }) =>
      status
        ? `No ${statusWords(status)} tasks. Choose “All” to see every task.`
        : 'No tasks yet. Create a watchlist, or like or comment on a post: the work it gives the members’ extensions shows here.',
    drawn({ answer: latest }) {
      if (!latest || latest.answer === told) return;
      told = latest.answer;
      if (!latest.status) onList(latest.answer.tasks);
    },
  });

  filter.addEventListener('change', () => void life.reload());

  return {
    start: (s) => void life.start(s),
    refresh: life.refresh,
    setWaiting(next) {
      waiting = next;
      life.show();
    },
    stop: life.stop,
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
