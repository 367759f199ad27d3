import type { TaskStatus } from '../contract/task-types.js';
import { html, nothing, timeTag } from '../ui/html.js';
import type { Session } from './session.js';
import { readTaskStates, type TaskWaiting, waitingOf } from './task-states.js';
import { errorSentence, statusWords } from './task-words.js';

/**
 * Tasks a follow-through panel queued (a reply, a mark-read, a withdrawal), followed until they
 * end: get-task-status for each open one whenever the live stream says tasks changed, as the post
 * cards follow their likes. The work runs in the member's extension, so "queued" can last until
 * it calls in; a task that waits says why (budget, working hours) and until when.
 */

interface FollowedTask {
  id: string;
  status: TaskStatus;
  error: { code: string; message: string } | null;
  waiting: TaskWaiting | null;
}

const isOpen = (t: FollowedTask) => t.status === 'pending' || t.status === 'processing';

export function followTasks(onChange: () => void) {
  const tasks = new Map<string, FollowedTask>();
  let session: Session | null = null;

  /** Asks for the state of every open one (the stream said tasks changed, or one was just added). */
  async function refresh(): Promise<void> {
    const s = session;
    const open = [...tasks.values()].filter(isOpen);
    if (!s || !open.length) return;
    const states = await readTaskStates(
      s,
      open.map((t) => t.id),
    );
    if (session !== s) return;
    let changed = false;
    states.forEach((d, i) => {
      if (!d) return;
      // As the task is now: an answer older than its end (two refreshes crossing) never undoes it.
      const before = tasks.get(open[i]!.id);
      if (!before || !isOpen(before)) return;
      const waiting = waitingOf(d);
      if (
        d.status === before.status &&
        waiting?.reason === before.waiting?.reason &&
        waiting?.at === before.waiting?.at
      )
        return;
      tasks.set(before.id, { id: before.id, status: d.status, error: d.error ?? null, waiting });
      changed = true;
    });
    if (changed) onChange();
  }

  return {
    start(s: Session) {
      session = s;
    },
    stop() {
      session = null;
      tasks.clear();
    },
    add(id: string) {
      tasks.set(id, { id, status: 'pending', error: null, waiting: null });
      onChange();
      // The stream's "tasks changed" for it may have come before the caller had its id, and a task
      // that waits changes no more: why it waits is asked for here.
      void refresh();
    },
    get: (id: string | undefined) => (id ? tasks.get(id) : undefined),
    /** True while any of these is queued or running: a second click would queue the same work twice. */
    open: (ids: Iterable<string | undefined>) =>
      [...ids].some((id) => id !== undefined && tasks.has(id) && isOpen(tasks.get(id)!)),
    refresh,
  };
}

/** "Reply: queued — waits, runs in 2 h: …", "Reply: done ✓", or the failure in words. */
export function taskLine(what: string, t: FollowedTask | undefined, now = Date.now()) {
  if (!t) return nothing;
  if (t.status === 'failed') {
    return html`<p class="engagement failed" data-task-id=${t.id} data-status="failed"><strong>${what} failed</strong>: ${t.error ? errorSentence(t.error) : 'the task failed.'}</p>`;
  }
  return html`<p class="engagement ${t.status === 'completed' ? 'done' : ''}" data-task-id=${t.id} data-status=${t.status}>
    <strong>${what}</strong>: ${statusWords(t.status)}${t.status === 'completed' ? ' ✓' : nothing}${
      t.waiting
        ? html`<span class="waits"> — waits${t.waiting.at ? html`, runs ${timeTag(t.waiting.at, now)}` : nothing}: ${t.waiting.reason}</span>`
        : nothing
    }
  </p>`;
}
