import type { TaskCreatedResponse } from '../contract/network-tasks.js';
import { call, errorMessage } from './api.js';
import { render as draw } from '../ui/html.js';
import { byId } from './dom.js';
import { type followTasks, taskLine } from './followed-tasks.js';
import type { PanelLife } from './panel-life.js';

/**
 * The inbox panel's "Check for new messages": the signed-in member's own inbox read now through
 * their extension rather than at the next sync, the task followed under the button (which waits
 * while it runs). A refusal is said on the panel's status line.
 */
export function mountReadNow(
  followed: ReturnType<typeof followTasks>,
  life: Pick<PanelLife<unknown>, 'session' | 'say' | 'show'>,
) {
  const button = byId<HTMLButtonElement>('inbox-read-now');
  const line = byId('inbox-read-now-task');
  let task: string | undefined;
  /** The read is being queued. */
  let asking = false;

  async function readNow() {
    const s = life.session;
    if (!s) return;
    asking = true;
    life.say('');
    try {
      const answer = await call<TaskCreatedResponse>('POST', '/network-agent/fetch-conversations', {
        auth: 'member',
        session: s,
        body: { member_email: s.user.email, count: 20 },
      });
      task = answer.api_agent_task_id;
      followed.add(task);
    } catch (err) {
      life.say(errorMessage(err), 'error');
    } finally {
      asking = false;
      life.show();
    }
  }

  button.addEventListener('click', () => void readNow());

  return {
    /** Drawn with the panel: the task's line, and the button waiting while it runs. */
    draw() {
      draw(taskLine('Reading your inbox', followed.get(task)), line);
      button.disabled = asking || followed.open([task]);
    },
    stop() {
      task = undefined;
    },
  };
}
