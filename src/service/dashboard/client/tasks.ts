import type { TaskListResponse } from '../../../contract/task-list.js';
import { call, errorMessage } from './api.js';
import { html, nothing, render as draw, timeTag } from '../../../ui/html.js';
import { byId, setStatus } from './dom.js';
import type { Session } from './session.js';

type TaskSummary = TaskListResponse['tasks'][number];

/** While the page is in view the list refreshes itself, so a running task is seen to finish. */
const REFRESH_EVERY_MS = 15_000;
const LIMIT = 30;

/** The team's recent tasks with status and errors (GET /api-tasks?status=&limit=). */
export function mountTasks(): { load(session: Session): Promise<void>; stop(): void } {
  const list = byId('task-list');
  const status = byId('tasks-status');
  const filter = byId<HTMLSelectElement>('tasks-status-filter');
  let session: Session | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let generation = 0;

  async function load(s: Session) {
    session = s;
    const mine = ++generation;
    if (!list.querySelector('li')) setStatus(status, 'Loading…');
    try {
      const answer = await call<TaskListResponse>('GET', '/api-tasks', { session: s, query: { status: filter.value, limit: LIMIT } });
      if (mine !== generation) return;
      setStatus(status, answer.count > answer.tasks.length ? `Showing the latest ${answer.tasks.length} of ${answer.count}.` : '');
      const now = Date.now();
      draw(answer.tasks.length ? answer.tasks.map((t) => taskItem(t, now)) : html`<li class="empty">${filter.value ? `No ${filter.value} tasks.` : 'No tasks yet.'}</li>`, list);
    } catch (err) {
      if (mine === generation) setStatus(status, errorMessage(err), 'error');
    }
    timer ??= setInterval(() => {
      if (session && document.visibilityState === 'visible') void load(session);
    }, REFRESH_EVERY_MS);
  }

  filter.addEventListener('change', () => {
    if (session) void load(session);
  });
  byId('tasks-refresh').addEventListener('click', () => {
    if (session) void load(session);
  });

  return {
    load,
    stop() {
      clearInterval(timer);
      timer = undefined;
      session = null;
      draw(nothing, list);
    },
  };
}

/** `agent_keyword_tracking` -> `keyword tracking`. */
function typeLabel(type: string): string {
  return type.replace(/^agent_/, '').replace(/_/g, ' ');
}

function taskItem(t: TaskSummary, now: number) {
  const who = t.claimed_by_email ?? t.assigned_email;
  return html`<li class="task status-${t.status}" data-task-id=${t.id}>
    <div class="task-head">
      <span class="badge status ${t.status}">${t.status}</span>
      <strong class="type">${typeLabel(t.type)}</strong>
      ${t.attempt > 1 ? html`<span class="muted small">attempt ${t.attempt}</span>` : nothing}
    </div>
    <div class="task-meta muted small">
      created ${timeTag(t.created_at, now)}${t.updated_at !== t.created_at ? html`<span> · updated ${timeTag(t.updated_at, now)}</span>` : nothing}${who
        ? ` · ${t.claimed_by_email ? 'run by' : 'for'} ${who}`
        : ' · any member'}
    </div>
    ${t.error ? html`<p class="task-error"><code>${t.error.code}</code> ${t.error.message}</p>` : nothing}
    <code class="task-id muted small">${t.id}</code>
  </li>`;
}
