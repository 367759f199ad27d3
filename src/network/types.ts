import type { AgentErrorCode } from '../contract/task-types.js';

/**
 * The seam between the content script (which runs operations in the signed-in network tab) and the
 * background worker (which claims tasks and reports results). Both sides import these types.
 */

/** What the content script answers for one task: never throws across the message boundary. */
export type TaskResult =
  | { ok: true; output: Record<string, unknown> }
  | { ok: false; error: { code: AgentErrorCode; message: string; retryable: boolean; retry_after?: string } };

/** Read from the network's own `me` answer; `reason` says why not signed in. */
export interface NetworkSession {
  signed_in: boolean;
  member_urn: string | null;
  public_identifier: string | null;
  full_name: string | null;
  /** When not signed in or blocked: network_signed_out, network_challenge, network_rate_limited… */
  problem: { code: AgentErrorCode; message: string } | null;
}
