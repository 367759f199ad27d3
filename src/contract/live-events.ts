import { z } from './zod.js';

/**
 * GET /api-events: a Server-Sent Events stream of what changed for the team. Each `change` event
 * names a kind; the client fetches that kind again (the stream never carries the data itself).
 */
/** `invitations`: a connection.accepted (or another invitation state change); `inbox`: a message.received or a read. */
export const CHANGE_KINDS = [
  'tasks',
  'posts',
  'watchlists',
  'members',
  'invitations',
  'inbox',
  'sequences',
] as const;
export const ChangeKind = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof ChangeKind>;

/** `event: change` data: the kinds that changed since the last event (a burst is sent as one). */
export const ChangeEvent = z.object({ kinds: z.array(ChangeKind) });
export type ChangeEvent = z.infer<typeof ChangeEvent>;

/** `event: ready` data, first on every connection: fetch everything once, then follow the changes. */
export const ReadyEvent = z.object({ kinds: z.array(ChangeKind), keep_alive_s: z.number() });
export type ReadyEvent = z.infer<typeof ReadyEvent>;
