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

export interface AgentIdentity {
  userId: string;
  email: string;
  fullName: string;
  role: 'admin' | 'member';
  tokenHash: Buffer;
}
