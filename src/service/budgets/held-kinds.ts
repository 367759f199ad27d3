import { PENDING_INVITATIONS_CAP } from './hygiene.js';

/**
 * Kinds a member may not claim for now although they do not refuse them (docs/budgets.md,
 * "Hygiene" and "The team stops together"): connection requests while the member's pending
 * invitations are at the cap, and the team's paused writes while the pause lasts. Both are columns
 * kept when they change (migration 041), so the claim's own statement reads them: no statement more
 * per claim.
 */

/**
 * How long one member's challenge or rate limit pauses every member's writes: the extension's own
 * stop for a challenge (docs/agent-protocol.md "Safety stops"), the longer of its two stops.
 */
export const TEAM_PAUSE_HOURS = 24;

/**
 * The held kinds of membership `m` in team `t` (SQL aliases), as a text[] expression, for the
 * claim's statement (tasks/claim.ts).
 */
export const heldKindsSql = (m: string, t: string) =>
  `(CASE WHEN ${m}.pending_invitations >= ${PENDING_INVITATIONS_CAP} THEN '{agent_connection_request}'::text[] ELSE '{}'::text[] END
    || CASE WHEN ${t}.writes_paused_until > now() THEN ${t}.writes_paused_types ELSE '{}'::text[] END)`;
