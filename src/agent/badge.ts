import { browser } from 'wxt/browser';

/** The toolbar badge: the agent's state at a glance. */
export interface BadgeInput {
  signed_in_service: boolean;
  network_signed_in: boolean | null;
  paused_by_user: boolean;
  safety_stopped: boolean;
  working: boolean;
}

export interface Badge {
  text: string;
  color: string;
  title: string;
}

export function badgeFor(s: BadgeInput): Badge {
  if (!s.signed_in_service) return { text: 'OFF', color: '#6b7280', title: 'Network Agent: not signed in' };
  if (s.network_signed_in === false) return { text: 'OUT', color: '#b91c1c', title: 'Network Agent: signed out of the network' };
  if (s.safety_stopped) return { text: 'STOP', color: '#b45309', title: 'Network Agent: paused by a safety stop' };
  if (s.paused_by_user) return { text: 'II', color: '#b45309', title: 'Network Agent: paused' };
  if (s.working) return { text: 'RUN', color: '#15803d', title: 'Network Agent: working on a task' };
  return { text: '', color: '#15803d', title: 'Network Agent: ready' };
}

export async function showBadge(b: Badge): Promise<void> {
  // MV3 `action`; Firefox's MV2 build has `browserAction`.
  const action = browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;
  if (!action) return;
  await action.setBadgeText({ text: b.text });
  await action.setBadgeBackgroundColor({ color: b.color });
  await action.setTitle?.({ title: b.title });
}
