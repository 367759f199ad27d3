import { z } from './zod.js';
import { TaskType } from './task-types.js';

/**
 * The team stops together (docs/budgets.md): one member's challenge or rate limit pauses every
 * member's writes for a while. How GET /api-team shows the pause, and the `team.paused` webhook.
 */

const PAUSE_SIGNALS = ['network_challenge', 'network_rate_limited'] as const;
export const PauseSignal = z.enum(PAUSE_SIGNALS);
export type PauseSignal = z.infer<typeof PauseSignal>;

/** `team.writes_paused`: the kinds no member claims until `until`, and whose signal paused them. */
export const WritesPaused = z.object({
  kinds: z.array(TaskType),
  signal: PauseSignal,
  /** The member whose account showed the signal (null once they left the team). */
  member_email: z.nullable(z.string()),
  since: z.string(),
  until: z.string(),
});
export type WritesPaused = z.infer<typeof WritesPaused>;

/** `team.paused` webhook data: sent when a pause begins, or widens to more kinds. */
export const TeamPausedEvent = z.object({
  team: z.object({ id: z.string(), name: z.string() }),
  member: z.object({ id: z.string(), email: z.nullable(z.string()) }),
  signal: PauseSignal,
  kinds: z.array(TaskType),
  paused_at: z.string(),
  paused_until: z.string(),
});
export type TeamPausedEvent = z.infer<typeof TeamPausedEvent>;
