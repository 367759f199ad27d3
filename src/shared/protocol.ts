import type { MemberSafety, Pacing } from '../contract/budgets.js';
import type { ToWorkerRequests } from '../contract/extension-messages.js';
import type { PendingInvitation } from '../contract/team-invitations.js';
import type { NetworkMap } from '../contract/network-map.js';
import type { TaskInput } from '../contract/task-io.js';
import type { TaskType } from '../contract/task-types.js';
import type { NetworkSession } from '../network/types.js';

/**
 * The one message protocol of the extension. Each map names the pair of places a message travels
 * between; messaging.ts checks the sender of every message against its route before the payload is
 * read. What goes to the worker is also checked against its schema
 * (src/contract/extension-messages.ts, where its request types come from).
 */

export interface StartTask<K extends TaskType = TaskType> {
  task_id: string;
  attempt: number;
  type: K;
  /** Checked and normalised by the worker (src/agent/task-input.ts) before it is sent. */
  input: TaskInput<K>;
  map: NetworkMap;
  /** The content script aborts the operation after this long. */
  timeout_ms: number;
}

/** Background worker -> content script in the top frame of a network tab. */
export interface WorkerToContent {
  /** `busy`: the task this tab runs or is handing back, so a restarted worker knows it is alive. */
  ping: { req: Record<string, never>; res: { ready: true; busy: string[] } };
  /** Answered at once; the result comes back later as `task:result` (so it survives a worker restart). */
  'task:start': { req: StartTask; res: { accepted: boolean; reason?: string } };
  'task:cancel': { req: { task_id: string }; res: { cancelled: boolean } };
  'session:read': { req: { map: NetworkMap }; res: NetworkSession };
}

/** Content script -> background worker. */
interface ContentToWorker {
  'task:result': { req: ToWorkerRequests['task:result']; res: { journaled: boolean } };
}

/** `message`: what the worker has to say about a success, shown as it is. */
export type ActionResult = { ok: true; message?: string } | { ok: false; error: string };

/**
 * One state of the toolbar badge and the popup's header, most urgent first (the worker's badgeFor,
 * agent/badge-look.ts, checks them in this order).
 */
export type BadgeState =
  | 'signed_out'
  | 'service_unreachable'
  | 'connecting'
  | 'network_signed_out'
  | 'safety_stop'
  | 'paused'
  | 'working'
  | 'ready';

/** One entry of the worker's activity journal (agent/journal.ts), as the popup shows it. */
export interface ActivityEntry {
  id?: number;
  at: number;
  task_id: string | null;
  type: TaskType | null;
  /** Which profile, post, company or search the task was about (task-target.ts); absent in old entries. */
  target?: string | null;
  /** completed / failed: a task's end; delivered; dropped: the service moved on; note: anything else. */
  kind: 'completed' | 'failed' | 'delivered' | 'dropped' | 'note';
  error_code: string | null;
  duration_ms: number | null;
  message: string | null;
}

/** One line of the popup's recent activity: what happened to which target. */
type RecentEntry = ActivityEntry;

/** What the popup shows; built by the worker from its state, journal and settings. */
export interface AgentStatus {
  /** The worker's clock when it answered: the popup counts elapsed time from it. */
  now: number;
  default_service_url: string;
  /** Prefill of the sign-in form: the last URL entered, else the default. */
  service_url: string;
  signed_in: boolean;
  /** Signed out by the service (key or token refused, or an address no longer accepted): why. */
  signed_out_by_service: string | null;
  /** Sign-in started: a code was sent to this address. */
  pending_sign_in: { email: string; service_url: string } | null;
  user: { email: string; full_name: string } | null;
  team: { name: string } | null;
  role: string | null;
  service: {
    /** Confirmed by a recent answer; false after a failed call; null while not known (or stale). */
    reachable: boolean | null;
    error: string | null;
    last_heartbeat_at: number | null;
  };
  network: (NetworkSession & { checked_at: number }) | null;
  /**
   * The network account the member worked with before, when the one signed in now is another
   * (the popup says so until the member accepts the new one).
   */
  network_account_changed: { before: string; now: string } | null;
  paused_by_user: boolean;
  safe_mode: boolean;
  /** The pace in force (the team's, from the last heartbeat; the defaults before one). */
  pacing: Pacing;
  /** Budgets used today, working hours and waiting tasks, from the last heartbeat; null before one. */
  safety: MemberSafety | null;
  /** Invitations to another team: the member chooses, nothing moves them by itself. */
  invitations: PendingInvitation[];
  /** Writes in the member's name waiting for a person's approval in the dashboard (AI drafts). */
  awaiting_approval: number;
  /** The widest stop in force; `all_work` when it stops every task type (not only invitations). */
  safety_stop: { reason: string; until: number; message: string; all_work: boolean } | null;
  current_task: { id: string; type: TaskType; target: string | null; started_at: number } | null;
  /** Results journaled and not yet acknowledged by the service. */
  waiting_results: number;
  today: { completed: number; failed: number };
  recent: RecentEntry[];
  /** What the toolbar shows (badge.ts); the popup's header pill says the same. */
  badge: { state: BadgeState; text: string; label: string; title: string };
}

/** Popup -> background worker. */
interface PopupToWorker {
  'popup:status': { req: ToWorkerRequests['popup:status']; res: AgentStatus };
  'popup:send-code': { req: ToWorkerRequests['popup:send-code']; res: ActionResult };
  'popup:verify-code': { req: ToWorkerRequests['popup:verify-code']; res: ActionResult };
  'popup:restart-sign-in': { req: ToWorkerRequests['popup:restart-sign-in']; res: ActionResult };
  'popup:sign-out': { req: ToWorkerRequests['popup:sign-out']; res: ActionResult };
  'popup:set-paused': { req: ToWorkerRequests['popup:set-paused']; res: ActionResult };
  'popup:set-safe-mode': { req: ToWorkerRequests['popup:set-safe-mode']; res: ActionResult };
  'popup:end-safety-stop': { req: ToWorkerRequests['popup:end-safety-stop']; res: ActionResult };
  'popup:accept-network-account': {
    req: ToWorkerRequests['popup:accept-network-account'];
    res: ActionResult;
  };
  'popup:open-network-sign-in': {
    req: ToWorkerRequests['popup:open-network-sign-in'];
    res: ActionResult;
  };
  'popup:answer-invitation': {
    req: ToWorkerRequests['popup:answer-invitation'];
    res: ActionResult;
  };
}

export type ToWorker = ContentToWorker & PopupToWorker;

/** Any message between the extension's contexts: what `dispatch` needs to know of a protocol. */
export type Protocol<P> = { [K in keyof P]: { req: unknown; res: unknown } };
