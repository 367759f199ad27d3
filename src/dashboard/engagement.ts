import type { TaskStatus } from '../contract/task-types.js';
import type { TaskSummary } from '../contract/task-list.js';
import type { EngagementResponse } from '../contract/posts.js';
import { call } from './api.js';
import type { Actor } from './act-as.js';
import type { Session } from './session.js';
import { readTaskStates, type TaskWaiting, waitingOf } from './task-states.js';

/**
 * Likes and comments on collected posts (POST /api-like, /api-comment) and how far each got, per
 * post: queued, running, done or failed with why. Each is a task; its state comes from the task
 * list when it is there (so one started in another tab, or before a reload, shows too), and from
 * get-task-status for the ones this page started, whenever the live stream says tasks changed.
 */

type EngagementKind = 'like' | 'comment';

export interface Engagement {
  taskId: string;
  kind: EngagementKind;
  status: TaskStatus;
  error: { code: string; message: string } | null;
  asCompany: string | null;
  /** When it was queued (ms), to keep the newest of a kind per post. */
  createdAt: number;
  waiting: TaskWaiting | null;
}

const KIND_OF_TYPE: Record<string, EngagementKind> = {
  agent_like_post: 'like',
  agent_comment_post: 'comment',
};
const isOpen = (e: Engagement) => e.status === 'pending' || e.status === 'processing';

export function createEngagements(onChange: () => void) {
  /** postId -> kind -> the newest engagement of that kind. */
  const byPost = new Map<string, Map<EngagementKind, Engagement>>();
  const postOfTask = new Map<string, string>();
  let session: Session | null = null;

  function put(postId: string, e: Engagement): boolean {
    let kinds = byPost.get(postId);
    if (!kinds) {
      kinds = new Map();
      byPost.set(postId, kinds);
    }
    const before = kinds.get(e.kind);
    if (before && before.taskId !== e.taskId && before.createdAt > e.createdAt) return false;
    // An older answer (a task list fetched before get-task-status said done) never undoes an end.
    if (before && before.taskId === e.taskId && !isOpen(before)) return false;
    if (
      before &&
      before.taskId === e.taskId &&
      before.status === e.status &&
      sameWaiting(before.waiting, e.waiting)
    )
      return false;
    kinds.set(e.kind, e);
    postOfTask.set(e.taskId, postId);
    return true;
  }

  /** Asks for the state of every open one (the stream said tasks changed, or one was just queued). */
  async function refresh(): Promise<void> {
    const s = session;
    if (!s) return;
    const open = [...byPost.values()].flatMap((kinds) => [...kinds.values()]).filter(isOpen);
    const states = await readTaskStates(
      s,
      open.map((e) => e.taskId),
    );
    if (session !== s) return;
    let changed = false;
    states.forEach((d, i) => {
      if (!d) return;
      const e = open[i]!;
      const postId = postOfTask.get(e.taskId)!;
      changed =
        put(postId, { ...e, status: d.status, error: d.error ?? null, waiting: waitingOf(d) }) ||
        changed;
    });
    if (changed) onChange();
  }

  async function act(
    postId: string,
    kind: EngagementKind,
    actor: Actor,
    commentText?: string,
  ): Promise<void> {
    if (!session) throw new Error('Not signed in');
    const body = {
      post_id: postId,
      // Spec: the member to act as; the signed-in member is who is at the keyboard.
      user_email: session.user.email,
      ...actor,
      ...(kind === 'comment' ? { comment_text: commentText } : {}),
    };
    // With the member's token too: the task records who queued it, and the member it runs as sees that.
    const answer = await call<EngagementResponse>(
      'POST',
      kind === 'like' ? '/api-like' : '/api-comment',
      { auth: 'member', session, body },
    );
    put(postId, {
      taskId: answer.task_id,
      kind,
      status: 'pending',
      error: null,
      asCompany: actor.actor_type === 'company' ? actor.company_title : null,
      createdAt: Date.now(),
      waiting: null,
    });
    onChange();
    // The stream's "tasks changed" for this task may have come before this answer, and a task that
    // waits (a budget, working hours) changes no more: why it waits is asked for here.
    void refresh();
  }

  return {
    start(s: Session) {
      session = s;
    },
    stop() {
      session = null;
      byPost.clear();
      postOfTask.clear();
    },
    like: (postId: string, actor: Actor) => act(postId, 'like', actor),
    comment: (postId: string, actor: Actor, text: string) => act(postId, 'comment', actor, text),
    of(postId: string): Engagement[] {
      return [...(byPost.get(postId)?.values() ?? [])];
    },
    /** The task list as the tasks panel fetched it: likes and comments on collected posts. */
    fromTaskList(tasks: TaskSummary[]) {
      let changed = false;
      for (const t of tasks) {
        const kind = KIND_OF_TYPE[t.type];
        if (!kind || !t.target.post_id) continue;
        changed =
          put(t.target.post_id, {
            taskId: t.id,
            kind,
            status: t.status,
            error: t.error,
            asCompany: t.as_company,
            createdAt: Date.parse(t.created_at),
            // The list does not say why a task waits; get-task-status (refresh) does.
            waiting:
              byPost.get(t.target.post_id)?.get(kind)?.taskId === t.id
                ? byPost.get(t.target.post_id)!.get(kind)!.waiting
                : null,
          }) || changed;
      }
      if (changed) onChange();
    },
    refresh,
  };
}

function sameWaiting(a: Engagement['waiting'], b: Engagement['waiting']): boolean {
  return a?.reason === b?.reason && a?.at === b?.at;
}
