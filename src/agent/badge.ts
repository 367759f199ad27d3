import { browser } from 'wxt/browser';
import { agentStateItem } from './agent-state.js';
import { credentialsItem, getCredentials } from './credentials.js';
import { activeStops, safetyStopsItem, stopVerdict, type SafetyStop } from './safety-stops.js';
import { settingsItem } from './settings.js';

/**
 * The toolbar icon and its badge: the agent's state at a glance. The icon's colour says whether
 * the agent works (teal), is paused (amber), needs the member (red) or is off (grey, slashed when
 * the service cannot be reached); the badge says which of them. The icons are the state variants
 * of assets/icon.svg rendered by scripts/render-icons.mjs into public/icons/.
 */

export interface BadgeInput {
  signed_in_service: boolean;
  /** What the last heartbeat learnt: false when the service could not be reached. */
  service_reachable: boolean | null;
  /** The service answered, but with an error (not 401: that signs the member out). */
  service_error: string | null;
  network_signed_in: boolean | null;
  paused_by_user: boolean;
  safety_stopped: boolean;
  /** The stop that stops everything, for the tooltip. */
  safety_stop_code?: SafetyStop['code'] | null;
  working: boolean;
}

/** One state per look, most urgent first (badgeFor checks them in this order). */
export type BadgeState =
  | 'signed_out'
  | 'service_unreachable'
  | 'network_signed_out'
  | 'safety_stop'
  | 'paused'
  | 'working'
  | 'ready';

export type IconVariant = 'active' | 'paused' | 'alert' | 'off' | 'unreachable';

export interface Badge {
  state: BadgeState;
  /** Badge text ('' for none). */
  text: string;
  /** Badge background. */
  color: string;
  /** A few words for the popup's header. */
  label: string;
  /** Tooltip of the toolbar button: the label, and what to do where there is something. */
  title: string;
  icon: IconVariant;
}

/** The toolbar sizes of each variant, as paths from the extension's root (public/icons/). */
export const ICON_PATHS: Record<IconVariant, { 16: string; 32: string }> = {
  active: { 16: '/icons/16.png', 32: '/icons/32.png' },
  paused: { 16: '/icons/paused-16.png', 32: '/icons/paused-32.png' },
  alert: { 16: '/icons/alert-16.png', 32: '/icons/alert-32.png' },
  off: { 16: '/icons/off-16.png', 32: '/icons/off-32.png' },
  unreachable: { 16: '/icons/unreachable-16.png', 32: '/icons/unreachable-32.png' },
};

export const BADGE_TEXT_COLOR = '#ffffff';

const STOP_WORDS: Record<SafetyStop['code'], string> = {
  network_rate_limited: 'the network limited our requests',
  network_challenge: 'the network asks for a security check',
  invitation_limit: 'the weekly invitation limit',
};

export function badgeFor(s: BadgeInput): Badge {
  const badge = (state: BadgeState, icon: IconVariant, text: string, color: string, label: string, detail?: string): Badge => ({
    state,
    icon,
    text,
    color,
    label,
    title: `Network Agent: ${label}${detail ? ` (${detail})` : ''}`,
  });
  if (!s.signed_in_service) return badge('signed_out', 'off', '', '#6b7280', 'not signed in', 'open to sign in');
  // Before the network's state: when this machine is offline the network check fails too, and
  // what the member should see is that nothing gets through, not a sign-in to repeat.
  if (s.service_reachable === false) return badge('service_unreachable', 'unreachable', '!', '#b91c1c', 'service unreachable', 'tasks wait until it answers');
  if (s.service_error) return badge('service_unreachable', 'unreachable', '!', '#b91c1c', 'service error', s.service_error);
  if (s.network_signed_in === false) return badge('network_signed_out', 'alert', 'OUT', '#b91c1c', 'signed out of the network', 'sign in to the network in a tab');
  if (s.safety_stopped) return badge('safety_stop', 'paused', 'STOP', '#c2410c', 'paused by a safety stop', s.safety_stop_code ? STOP_WORDS[s.safety_stop_code] : undefined);
  if (s.paused_by_user) return badge('paused', 'paused', 'II', '#b45309', 'paused');
  if (s.working) return badge('working', 'active', 'RUN', '#15803d', 'working on a task');
  return badge('ready', 'active', '', '#15803d', 'ready');
}

/** The badge for what is stored now (the worker's state, settings, stops and credentials). */
export async function currentBadge(now: number): Promise<Badge> {
  const [creds, state, settings, stops] = await Promise.all([
    getCredentials(),
    agentStateItem.getValue(),
    settingsItem.getValue(),
    safetyStopsItem.getValue(),
  ]);
  const verdict = stopVerdict(stops, now);
  const lead = verdict.all_stopped ? activeStops(stops, now).sort((a, b) => b.types.length - a.types.length)[0] : undefined;
  return badgeFor({
    signed_in_service: !!creds,
    service_reachable: state.service_reachable,
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
  const action = browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;
  if (!action) return;
  await action.setIcon({ path: ICON_PATHS[b.icon] });
  await action.setBadgeText({ text: b.text });
  await action.setBadgeBackgroundColor({ color: b.color });
  // Chrome 110+ and Firefox: white text on every badge colour above.
  await action.setBadgeTextColor?.({ color: BADGE_TEXT_COLOR });
  await action.setTitle?.({ title: b.title });
}

let shown: Promise<void> = Promise.resolve();

/**
 * Shows the badge for the stored state. One at a time, each reading the state when its turn
 * comes: two refreshes racing could otherwise leave the older state on the toolbar.
 */
export function refreshBadge(now: () => number): Promise<void> {
  const next = shown.then(async () => showBadge(await currentBadge(now()))).catch(() => {});
  shown = next;
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
    credentialsItem.watch(refresh),
  ];
  return () => unwatch.forEach((u) => u());
}
