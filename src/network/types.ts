import type { AgentErrorCode } from '../contract/task-types.js';

/**
 * The seam between the content script (which runs operations in the signed-in network tab) and the
 * background worker (which claims tasks and reports results). What crosses it is defined, and
 * checked by the worker, in src/contract/extension-messages.ts; this side imports the types only.
 */
export type {
  AlternativeFailure,
  NetworkReport,
  TaskResult,
} from '../contract/extension-messages.js';

/** Read from the network's own `me` answer; `reason` says why not signed in. */
export interface NetworkSession {
  signed_in: boolean;
  member_urn: string | null;
  public_identifier: string | null;
  full_name: string | null;
  /** When not signed in or blocked: network_signed_out, network_challenge, network_rate_limited… */
  problem: { code: AgentErrorCode; message: string } | null;
}
