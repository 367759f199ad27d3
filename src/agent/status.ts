import { agentStateItem, patchState, pendingSignInItem, serviceReachable } from './agent-state.js';
import { currentBadge } from './badge.js';
import { heartbeatSoon } from './claim-loop.js';
import type { AgentContext } from './context.js';
import { getCredentials, lastServiceUrlItem } from './credentials.js';
import { DEFAULT_SERVICE_URL } from '../shared/default-service-url.js';
import type { AgentStatus } from '../shared/protocol.js';
import { accountChange, networkAccountItem } from './network-account.js';
import { activeStops, safetyStopsItem } from './safety-stops.js';
import { settingsItem } from './settings.js';
import { TASK_TYPES } from 'virtual:task-kinds';
import { DEFAULT_PACING } from '../contract/constants.js';

/** Midnight of the local day, for "done and failed today". */
function startOfDay(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** How old the popup's budgets may be while it is open. */
const FRESH_SAFETY_MS = 10_000;

/** The popup's whole picture in one answer. */
export async function agentStatus(ctx: AgentContext): Promise<AgentStatus> {
  const now = ctx.clock.now();
  const [creds, state, settings, stops, pending, lastUrl, account] = await Promise.all([
    getCredentials(),
    agentStateItem.getValue(),
    settingsItem.getValue(),
    safetyStopsItem.getValue(),
    pendingSignInItem.getValue(),
    lastServiceUrlItem.getValue(),
    networkAccountItem.getValue(),
  ]);
  const reachable = serviceReachable(state, now);
  // Nothing heard from the service lately: the popup should not show an old answer as the present.
  // The loop sends a heartbeat when it looks (one is due), and the popup's next look shows it.
  if (creds && reachable === null) ctx.kick();
  // The popup is open: what it shows of budgets and waiting tasks should be seconds old, not a
  // minute. One heartbeat at most every FRESH_SAFETY_MS while it stays open, without waiting for
  // the end of a claim's wait.
  else if (
    creds &&
    state.last_heartbeat_at !== null &&
    now - state.last_heartbeat_at > FRESH_SAFETY_MS &&
    (state.heartbeat_wanted_at ?? 0) <= state.last_heartbeat_at
  ) {
    await patchState({ heartbeat_wanted_at: now });
    heartbeatSoon(ctx);
  }
  const lead = activeStops(stops, now).sort((a, b) => b.types.length - a.types.length)[0];
  const badge = await currentBadge(now);
  return {
    now,
    default_service_url: DEFAULT_SERVICE_URL,
    service_url: creds?.service_url ?? pending?.service_url ?? lastUrl ?? DEFAULT_SERVICE_URL,
    signed_in: !!creds,
    signed_out_by_service: creds ? null : (state.signed_out_by_service ?? null),
    pending_sign_in: creds ? null : pending,
    user: creds ? { email: creds.user.email, full_name: creds.user.full_name } : null,
    team: creds ? { name: creds.team.name } : null,
    role: creds?.role ?? null,
    service: { reachable, error: state.service_error, last_heartbeat_at: state.last_heartbeat_at },
    network: state.network,
    network_account_changed: accountChange(account, creds?.user.id ?? null, state.network),
    paused_by_user: settings.paused_by_user,
    safe_mode: settings.safe_mode,
    pacing: state.pacing ?? DEFAULT_PACING,
    safety: state.safety ?? null,
    invitations: state.invitations ?? [],
    awaiting_approval: state.awaiting_approval ?? 0,
    safety_stop: lead
      ? {
          reason: lead.code,
          until: lead.until,
          message: lead.message,
          all_work: lead.types.length === TASK_TYPES.length,
        }
      : null,
    current_task: state.current_task,
    waiting_results: (await ctx.journal.all()).length,
    today: await ctx.journal.countsSince(startOfDay(now)),
    // Deliveries are bookkeeping; the popup lists what happened to tasks.
    recent: (await ctx.journal.recent(30)).filter((a) => a.kind !== 'delivered').slice(0, 8),
    badge: { state: badge.state, text: badge.text, label: badge.label, title: badge.title },
  };
}
