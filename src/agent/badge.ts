/** Shows the agent's state on the toolbar, following the stored state (the look: badge-look.ts). */
import { browser } from 'wxt/browser';
import { agentStateItem, serviceReachable } from './agent-state.js';
import { getCredentials, watchCredentials } from './credentials.js';
import { activeStops, safetyStopsItem, stopVerdict } from './safety-stops.js';
import { settingsItem } from './settings.js';
import { BADGE_TEXT_COLOR, badgeFor, ICON_PATHS, type Badge } from './badge-look.js';

export * from './badge-look.js';

/** The badge for what is stored now (the worker's state, settings, stops and credentials). */
export async function currentBadge(now: number): Promise<Badge> {
  const [creds, state, settings, stops] = await Promise.all([
    getCredentials(),
    agentStateItem.getValue(),
    settingsItem.getValue(),
    safetyStopsItem.getValue(),
  ]);
  const verdict = stopVerdict(stops, now);
  const lead = verdict.all_stopped
    ? activeStops(stops, now).sort((a, b) => b.types.length - a.types.length)[0]
    : undefined;
  return badgeFor({
    signed_in_service: !!creds,
    service_reachable: serviceReachable(state, now),
    service_error: state.service_error,
    network_signed_in: state.network ? state.network.signed_in : null,
    paused_by_user: settings.paused_by_user,
    safety_stopped: verdict.all_stopped,
    safety_stop_code: lead?.code ?? null,
    working: !!state.current_task,
  });
}

export async function showBadge(b: Badge): Promise<void> {
  // MV3 `action`; Firefox's MV2 build has `browserAction`.
  const action =
    browser.action ??
    (browser as unknown as { browserAction: typeof browser.action }).browserAction;
  if (!action) return;
  await action.setIcon({ path: ICON_PATHS[b.icon] });
  await action.setBadgeText({ text: b.text });
  await action.setBadgeBackgroundColor({ color: b.color });
  // Chrome 110+ and Firefox: white text on every badge colour above.
  await action.setBadgeTextColor?.({ color: BADGE_TEXT_COLOR });
  await action.setTitle?.({ title: b.title });
}

let running: Promise<void> | null = null;
let queued: Promise<void> | null = null;

/**
 * Shows the badge for the stored state. One at a time, each reading the state when it starts (two
 * refreshes racing could leave the older state on the toolbar), and at most one waiting: a burst
 * of changes while one runs is shown by the next, which reads them all.
 */
export function refreshBadge(now: () => number): Promise<void> {
  if (queued) return queued;
  const next = (running ?? Promise.resolve())
    .then(async () => {
      queued = null;
      await showBadge(await currentBadge(now()));
    })
    .catch(() => {});
  queued = next;
  running = next;
  void next.then(() => {
    if (running === next) running = null;
  });
  return next;
}

/**
 * Follows every change of what the badge shows: the worker's state (a task starts or ends, a
 * heartbeat fails), settings (pause), safety stops and sign-in. Without this the badge would
 * only change when the claim loop looks, and a task would never show as running.
 */
export function watchBadge(now: () => number): () => void {
  const refresh = () => void refreshBadge(now);
  const unwatch = [
    agentStateItem.watch(refresh),
    settingsItem.watch(refresh),
    safetyStopsItem.watch(refresh),
    watchCredentials(refresh),
  ];
  return () => {
    for (const u of unwatch) u();
  };
}
