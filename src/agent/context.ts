import type { Clock } from './clock.js';
import type { Journal } from './journal.js';
import type { ServiceClient } from './service-client.js';

/** What the worker's parts share: time, the journal, and the service client of the signed-in member. */
export interface AgentContext {
  clock: Clock;
  journal: Journal;
  /** The client for the stored credentials, or null when signed out. */
  client(): Promise<ServiceClient | null>;
  /** Asks the claim loop to run (it runs once at a time). */
  kick(): void;
}
