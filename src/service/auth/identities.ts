/**
 * Who a request comes from, once its credentials are verified: the team of an API key and the
 * member behind an agent token. Kept apart from context.ts so that what verifies and caches them
 * (auth/) needs no part of the context that holds that cache.
 */

export interface TeamRow {
  id: string;
  name: string;
  plan: string;
}

/** Which key a call carries: the team's own, or one an admin made for one purpose (docs/security.md). */
export type KeyScope = 'team' | 'read' | 'write' | 'ai';

/** A key made for one purpose, as a verified call knows it: never its secret. */
export interface ScopedKey {
  id: string;
  name: string;
  scope: Exclude<KeyScope, 'team'>;
  team: TeamRow;
}

export interface AgentIdentity {
  userId: string;
  email: string;
  fullName: string;
  role: 'admin' | 'member';
  tokenHash: Buffer;
}
