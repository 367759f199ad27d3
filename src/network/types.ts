import type { NetworkCallName } from '../contract/network-map.js';
import type { AgentErrorCode } from '../contract/task-types.js';

/**
 * The seam between the content script (which runs operations in the signed-in network tab) and the
 * background worker (which claims tasks and reports results). Both sides import these types.
 */

/** One alternative of the network map that did not work, and why (docs/network-map.md, "Health"). */
export interface AlternativeFailure {
  call: NetworkCallName;
  alternative: string;
  /** The HTTP status, or null when the answer came but could not be read. */
  status: number | null;
  code: AgentErrorCode;
  message: string;
}

/** Which alternatives a task used and which failed on the way: the worker's network health. */
export interface NetworkReport {
  used: { call: NetworkCallName; alternative: string }[];
  failed: AlternativeFailure[];
}

/** What the content script answers for one task: never throws across the message boundary. */
export type TaskResult = (
  | { ok: true; output: Record<string, unknown> }
  | { ok: false; error: { code: AgentErrorCode; message: string; retryable: boolean; retry_after?: string } }
) & { network?: NetworkReport };

/** Read from the network's own `me` answer; `reason` says why not signed in. */
export interface NetworkSession {
  signed_in: boolean;
  member_urn: string | null;
  public_identifier: string | null;
  full_name: string | null;
  /** When not signed in or blocked: network_signed_out, network_challenge, network_rate_limited… */
  problem: { code: AgentErrorCode; message: string } | null;
}
