import type { BadgeState } from '../shared/protocol.js';
import type { SafetyStop } from './safety-stops.js';

/**
 * The toolbar icon and its badge: the agent's state at a glance. The icon's colour says whether
 * the agent works (teal), is paused (amber), needs the member (red) or is off (grey, slashed when
 * the service cannot be reached); the badge says which of them. The icons are the state variants
 * of assets/icon.svg rendered by scripts/render-icons.mjs into public/icons/.
 *
 * This file only decides the look (no browser API, so scripts/store-screenshots.ts draws the same
 * looks); badge.ts reads the stored state and shows it.
 */

export interface BadgeInput {
  signed_in_service: boolean;
  /**
   * false when the service could not be reached; null while not known (no answer yet, or none
   * lately: agent-state.ts serviceReachable), which is never shown as ready.
   */
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
  const badge = (
    state: BadgeState,
    icon: IconVariant,
    text: string,
    color: string,
    label: string,
    detail?: string,
  ): Badge => ({
    state,
    icon,
    text,
    color,
    label,
    title: `Network Agent: ${label}${detail ? ` (${detail})` : ''}`,
  });
  if (!s.signed_in_service)
    return badge('signed_out', 'off', '', '#6b7280', 'not signed in', 'open to sign in');
  // Before the network's state: when this machine is offline the network check fails too, and
  // what the member should see is that nothing gets through, not a sign-in to repeat.
  if (s.service_reachable === false)
    return badge(
      'service_unreachable',
      'unreachable',
      '!',
      '#b91c1c',
      'service unreachable',
      'tasks wait until it answers',
    );
  if (s.service_error)
    return badge(
      'service_unreachable',
      'unreachable',
      '!',
      '#b91c1c',
      'service error',
      s.service_error,
    );
  if (s.service_reachable === null)
    return badge(
      'connecting',
      'off',
      '…',
      '#6b7280',
      'connecting to the service',
      'tasks start once it answers',
    );
  if (s.network_signed_in === false)
    return badge(
      'network_signed_out',
      'alert',
      'OUT',
      '#b91c1c',
      'signed out of the network',
      'sign in to the network in a tab',
    );
  if (s.safety_stopped)
    return badge(
      'safety_stop',
      'paused',
      'STOP',
      '#c2410c',
      'paused by a safety stop',
      s.safety_stop_code ? STOP_WORDS[s.safety_stop_code] : undefined,
    );
  if (s.paused_by_user) return badge('paused', 'paused', 'II', '#b45309', 'paused');
  if (s.working) return badge('working', 'active', 'RUN', '#15803d', 'working on a task');
  return badge('ready', 'active', '', '#15803d', 'ready');
}
