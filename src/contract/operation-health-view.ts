import { z } from './zod.js';
import { OperationHealth } from './agent.js';

/**
 * An operation's health for one member's extension as the service knows it (docs/network-map.md,
 * "Health"): the extension's report entry while its heartbeats name it (`degraded` or `broken`),
 * or `unknown` once they stop naming it with no whole answer of it seen since: a report that does
 * not name an operation is silence (unused for a day, a new map version, diagnostics not shared),
 * not recovery. An unknown entry keeps what was last reported.
 */
export const OperationHealthView = z.object({
  ...OperationHealth.shape,
  state: z.enum(['degraded', 'broken', 'unknown']),
  /** When the member's heartbeats stopped naming it; null while they do. */
  unknown_since: z.nullable(z.string()),
  /** The last heartbeat that named it, once unknown; null while they do. */
  last_reported_at: z.nullable(z.string()),
});
export type OperationHealthView = z.infer<typeof OperationHealthView>;
