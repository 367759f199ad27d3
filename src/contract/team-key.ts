import { z } from './zod.js';

/**
 * The team's API key as GET /api-team-key and POST /api-team-key/rotate answer it: the key the
 * team has now (a member's client fetches it after a rotation) and when it was made.
 */
export const TeamKeyView = z.object({
  api_key: z.string(),
  rotated_at: z.string(),
});
export type TeamKeyView = z.infer<typeof TeamKeyView>;
