import { browser } from 'wxt/browser';
import { agentStateItem, patchState } from './agent-state.js';
import { browserName } from './browser-name.js';
import type { AgentContext } from './context.js';
import { diagnostics, technicalDataAllowed } from './data-consent.js';
import { reportFor } from './heartbeat-due.js';
import { NETWORK_MAP_FORMAT } from '../contract/constants.js';
import { healthReport, networkHealthItem, operationReport } from './network-health.js';
import { currentNetworkMap, offerNetworkMap } from './network-map-store.js';
import { checkNetworkSession } from './network-session.js';
import { safetyStopsItem, stopVerdict } from './safety-stops.js';
import { noteServiceFailure } from './service-failure.js';
import { settingsItem } from './settings.js';
import { keyCheckDue, renewTeamKey } from './team-key.js';

/**
 * One heartbeat (docs/agent-protocol.md, "Liveness"): what the extension is, whether the member is
 * signed in to the network and as whom, whether we are paused and why, and the network map version.
 * The answer tells how often to call in and may carry a newer network map.
 */
export async function sendHeartbeat(ctx: AgentContext): Promise<boolean> {
  const client = await ctx.client();
  if (!client) return false;
  const now = ctx.clock.now();
  const stops = stopVerdict(await safetyStopsItem.getValue(), now);
  // A safety stop of all work means: no requests to the network until it ends (docs/network-internal-api.md,
  // "after a warning, stop"), and that includes reading who is signed in. The last known session
  // stands meanwhile; a read would only meet the same limit and be taken for a sign-out.
  const before = await agentStateItem.getValue();
  const known = before.network;
  const session = stops.all_stopped && known ? known : await checkNetworkSession(now);
  const settings = await settingsItem.getValue();
  const report = reportFor({
    paused_by_user: settings.paused_by_user,
    stops,
    network_signed_in: session.signed_in,
  });
  const paused = report.paused;
  const map = await currentNetworkMap();
  // Browser and call health are diagnostics: in Firefox only with the member's consent.
  const health = await networkHealthItem.getValue();
  const diag = diagnostics(
    await technicalDataAllowed(),
    browserName(globalThis.navigator?.userAgent ?? ''),
    healthReport(health, now),
    operationReport(health, now),
  );
  try {
    const answer = await client.heartbeat({
      extension_version: browser.runtime.getManifest().version,
      browser: diag.browser,
      network: {
        signed_in: session.signed_in,
        member_urn: session.member_urn,
        public_identifier: session.public_identifier,
      },
      paused,
      pause_reason: settings.paused_by_user
        ? 'paused_by_user'
        : stops.all_stopped
          ? stops.reason
          : null,
      network_map_version: map.version,
      network_map_format: NETWORK_MAP_FORMAT,
      network_health: diag.network_health,
      operation_health: diag.operation_health,
    });
    if (answer.network_map) {
      const taken = await offerNetworkMap(answer.network_map);
      if (taken.error || taken.replaced) {
        await ctx.journal.log({
          at: now,
          task_id: null,
          type: null,
          kind: 'note',
          error_code: null,
          duration_ms: null,
          message:
            taken.error ?? `Network map version ${taken.version} from the service is in force`,
        });
      }
    }
    await patchState({
      last_heartbeat_at: now,
      service_reachable: true,
      service_error: null,
      heartbeat_every_s: answer.heartbeat_every_s,
      claim_wait_s: answer.claim_wait_s,
      pacing: answer.pacing ?? null,
      safety: answer.safety ?? null,
      invitations: answer.invitations ?? [],
      awaiting_approval: answer.awaiting_approval ?? 0,
      service_retry_at: null,
      // Exactly what this heartbeat carried, even if the member changed it meanwhile: the claim
      // loop compares it with the present and sends another heartbeat when they differ.
      reported: report,
      // The first heartbeat of a sign-in: the key it gave is the team's current one.
      ...(before.last_heartbeat_at === null && { key_checked_at: now }),
    });
    // The team's key may have been rotated: take the new one long before the old one expires.
    if (keyCheckDue((await agentStateItem.getValue()).key_checked_at, now)) await renewTeamKey(ctx);
    return true;
  } catch (err) {
    await noteServiceFailure(err, ctx.clock);
    return false;
  }
}
