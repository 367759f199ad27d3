import { noteServiceContact } from './agent-state.js';
import type { Clock } from './clock.js';
import { getCredentials } from './credentials.js';
import { createServiceClient, type ServiceClient } from './service-client.js';
import { addressStillAccepted } from './service-failure.js';
import { renewTeamKey } from './team-key.js';

/**
 * The service client of the signed-in member (the worker's `ctx.client()`), or null when signed
 * out: every answer counts as contact with the service, and a key the service no longer takes is
 * renewed once before the call gives up (team-key.ts).
 */
export async function storedClient(clock: Pick<Clock, 'now'>): Promise<ServiceClient | null> {
  const c = await getCredentials();
  if (!c) return null;
  if (!(await addressStillAccepted(c))) return null;
  return createServiceClient({
    baseUrl: c.service_url,
    apiKey: c.api_key,
    agentToken: c.agent_token,
    onAnswer: () => void noteServiceContact(clock.now()).catch(() => {}),
    renewKey: () => renewTeamKey({ clock, client: () => storedClient(clock) }),
  });
}
