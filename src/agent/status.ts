import { agentStateItem, pendingSignInItem } from './agent-state.js';
import { currentBadge } from './badge.js';
import type { AgentContext } from './context.js';
import { getCredentials, lastServiceUrlItem } from './credentials.js';
import { DEFAULT_SERVICE_URL } from './default-service-url.js';
import type { AgentStatus } from './protocol.js';
import { activeStops, safetyStopsItem } from './safety-stops.js';
import { settingsItem } from './settings.js';

/** Midnight of the local day, for "done and failed today". */
function startOfDay(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** The popup's whole picture in one answer. */
export async function agentStatus(ctx: AgentContext): Promise<AgentStatus> {
  const now = ctx.clock.now();
  const [creds, state, settings, stops, pending, lastUrl] = await Promise.all([
    getCredentials(),
    agentStateItem.getValue(),
    settingsItem.getValue(),
    safetyStopsItem.getValue(),
    pendingSignInItem.getValue(),
    lastServiceUrlItem.getValue(),
  ]);
  const lead = activeStops(stops, now).sort((a, b) => b.types.length - a.types.length)[0];
  const badge = await currentBadge(now);
  return {
    default_service_url: DEFAULT_SERVICE_URL,
    service_url: creds?.service_url ?? pending?.service_url ?? lastUrl ?? DEFAULT_SERVICE_URL,
    signed_in: !!creds,
    pending_sign_in: creds ? null : pending,
    user: creds ? { email: creds.user.email, full_name: creds.user.full_name } : null,
    team: creds ? { name: creds.team.name } : null,
    role: creds?.role ?? null,
    service: { reachable: state.service_reachable, error: state.service_error, last_heartbeat_at: state.last_heartbeat_at },
    network: state.network,
    paused_by_user: settings.paused_by_user,
    safe_mode: settings.safe_mode,
    safety_stop: lead ? { reason: lead.code, until: lead.until, message: lead.message } : null,
    current_task: state.current_task,
    today: await ctx.journal.countsSince(startOfDay(now)),
    // Deliveries are bookkeeping; the popup lists what happened to tasks.
    recent: (await ctx.journal.recent(30)).filter((a) => a.kind !== 'delivered').slice(0, 8),
    badge: { state: badge.state, text: badge.text, label: badge.label, title: badge.title },
  };
}
