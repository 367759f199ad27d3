import { TASK_KINDS } from '../contract/task-kinds.js';
import type { AgentErrorCode, TaskStatus, TaskType } from '../contract/task-types.js';

/**
 * How the dashboard words tasks: what kind of work, how far it got, and why it failed, in
 * sentences a member reads without docs/api.md open ("Task error codes" there is the source of
 * each sentence). A kind's words come from its description (src/contract/task-kinds.ts); no schema
 * reaches the bundle, and the Record types make the compiler name any code added to the contract
 * and not worded here.
 */

/** "Like", "Collect keyword", …: said before the task's target (`words.lead` of its kind). */
export function kindWords(type: TaskType): string {
  return TASK_KINDS[type]?.words.lead ?? type;
}

/** A person's words for the states: the queue is not a word members use. */
const STATUS_WORDS: Record<TaskStatus, string> = {
  awaiting_approval: 'awaiting approval',
  pending: 'queued',
  processing: 'running',
  completed: 'done',
  failed: 'failed',
};

export function statusWords(status: TaskStatus): string {
  return STATUS_WORDS[status];
}

const ERROR_SENTENCES: Record<AgentErrorCode, string> = {
  not_found: 'The network has no such profile, company or post (or the address is not one).',
  access_denied: 'The network refused to show this one: a private, renamed or blocked profile.',
  not_first_degree: 'Messages go only to connections: send a connection request first.',
  already_connected: 'You are already connected.',
  invitation_pending:
    'An invitation is already waiting (or was withdrawn recently); wait before sending another.',
  invitation_not_found:
    'There is no pending invitation to withdraw: it was accepted, withdrawn or expired.',
  invitation_limit: 'The weekly invitation limit is reached; connection requests wait a week.',
  network_rate_limited:
    'The network asked us to slow down; that extension pauses for 6 hours. Try again later.',
  network_challenge:
    'The network asked for a security check: open the network in a tab and complete it.',
  network_signed_out:
    'The member is signed out of the network: sign in again in the browser, then retry.',
  network_changed:
    'The network answered in a way the extension no longer understands; the operator has been told which call.',
  network_error:
    'A temporary network failure (server error, connection, tab closed). Try again later.',
  timeout: 'It took too long in the browser. Try again; for lists, ask for fewer.',
  paused_by_user: 'The member paused their extension.',
  agent_lost: 'The extension stopped answering mid-task, or the member left the team. Try again.',
};

/** The failure in plain words; a code this page does not know yet keeps the service's own message. */
export function errorSentence(error: { code: string; message: string }): string {
  return (ERROR_SENTENCES as Record<string, string>)[error.code] ?? error.message;
}
