import { patchState } from './agent-state.js';
import { getCredentials, saveCredentials } from './credentials.js';
import type { Clock } from './clock.js';
import type { AgentContext } from './context.js';

/**
 * The team's API key follows rotations here. A key the team rotated out works with our live token
 * only for the service's RETIRED_KEY_HOURS (24 h by default) and not past the next rotation
 * (docs/security.md, "Credentials"): a worker that kept the key of its sign-in would be refused a
 * day after any rotation, its member signed out. So the worker fetches the current key with what it
 * holds (`GET /api-team-key` takes the rotated-out key with the token) every KEY_CHECK_EVERY_MS,
 * after a heartbeat (heartbeat.ts), and once more before a call refused with `Invalid API Key`
 * signs the member out (service-client.ts): that call may have left with a key replaced since.
 */

/** Four chances inside the default 24 h, one call in six hours otherwise. */
export const KEY_CHECK_EVERY_MS = 6 * 3_600_000;

export const keyCheckDue = (checkedAt: number | null | undefined, now: number) =>
  now - (checkedAt ?? 0) >= KEY_CHECK_EVERY_MS;

/**
 * Fetches the team's current key with a client of the stored key and token, and stores it when it
 * changed (one save: to the popup the member stays signed in). Answers the key, or null when the
 * service refused or could not be reached; the caller's own call says what that means.
 */
export async function renewTeamKey(ctx: {
  clock: Pick<Clock, 'now'>;
  client: AgentContext['client'];
}): Promise<string | null> {
  const held = await getCredentials();
  const client = await ctx.client();
  if (!held || !client) return null;
  await patchState({ key_checked_at: ctx.clock.now() });
  try {
    const { api_key } = await client.teamKey();
    // Signed out, or moved to another team, while the answer was on its way: it is not ours.
    const stored = await getCredentials();
    if (stored?.agent_token !== held.agent_token) return null;
    if (stored.api_key !== api_key) await saveCredentials({ ...stored, api_key });
    return api_key;
  } catch {
    return null;
  }
}
