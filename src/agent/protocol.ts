import type { NetworkMap } from '../contract/network-map.js';
import type { TaskType } from '../contract/task-types.js';
import type { NetworkSession, TaskResult } from '../network/types.js';
import type { BadgeState } from './badge-look.js';
import type { ActivityEntry } from './journal.js';

/**
 * The one message protocol of the extension. Each map names the pair of places a message travels
 * between; messaging.ts checks the sender of every message against its map before the payload is
 * read.
 */

export interface StartTask {
  task_id: string;
  attempt: number;
  type: TaskType;
  input: Record<string, unknown>;
  map: NetworkMap;
  /** The content script aborts the operation after this long. */
  timeout_ms: number;
}

/** Background worker -> content script in the top frame of a network tab. */
export interface WorkerToContent {
  ping: { req: Record<string, never>; res: { ready: true } };
  /** Answered at once; the result comes back later as `task:result` (so it survives a worker restart). */
  'task:start': { req: StartTask; res: { accepted: boolean; reason?: string } };
  'task:cancel': { req: { task_id: string }; res: { cancelled: boolean } };
  'session:read': { req: { map: NetworkMap }; res: NetworkSession };
}

/** Content script -> background worker. */
export interface ContentToWorker {
  'task:result': {
    req: { task_id: string; attempt: number; type: TaskType; result: TaskResult };
    res: { journaled: boolean };
  };
}

export type ActionResult = { ok: true } | { ok: false; error: string };

/** What the popup shows; built by the worker from its state, journal and settings. */
export interface AgentStatus {
  default_service_url: string;
  /** Prefill of the sign-in form: the last URL entered, else the default. */
  service_url: string;
  signed_in: boolean;
  /** Sign-in started: a code was sent to this address. */
  pending_sign_in: { email: string; service_url: string } | null;
  user: { email: string; full_name: string } | null;
  team: { name: string } | null;
  role: string | null;
  service: { reachable: boolean | null; error: string | null; last_heartbeat_at: number | null };
  network: (NetworkSession & { checked_at: number }) | null;
  paused_by_user: boolean;
  safe_mode: boolean;
  safety_stop: { reason: string; until: number; message: string } | null;
  current_task: { id: string; type: TaskType; started_at: number } | null;
  today: { completed: number; failed: number };
  recent: ActivityEntry[];
  /** What the toolbar shows (badge.ts); the popup's header pill says the same. */
  badge: { state: BadgeState; text: string; label: string; title: string };
}

/** Popup -> background worker. */
export interface PopupToWorker {
  'popup:status': { req: Record<string, never>; res: AgentStatus };
  'popup:send-code': { req: { service_url: string; email: string; full_name: string }; res: ActionResult };
  'popup:verify-code': { req: { otp: string }; res: ActionResult };
  'popup:restart-sign-in': { req: Record<string, never>; res: ActionResult };
  'popup:sign-out': { req: Record<string, never>; res: ActionResult };
  'popup:set-paused': { req: { paused: boolean }; res: ActionResult };
  'popup:set-safe-mode': { req: { enabled: boolean }; res: ActionResult };
  'popup:open-network-sign-in': { req: Record<string, never>; res: ActionResult };
}

export type ToWorker = ContentToWorker & PopupToWorker;
