import type { TaskType } from '../contract/task-types.js';
import type { ActivityEntry } from './journal.js';

/** The words the popup uses; kept apart from the DOM so they can be read and tested in one place. */

const TYPE_NAMES: Record<TaskType, string> = {
  agent_profile_fetch: 'Fetch profile',
  agent_profiles_tracking: "Fetch profiles' posts",
  agent_like_post: 'Like post',
  agent_comment_post: 'Comment on post',
  agent_connection_request: 'Connection request',
  agent_company_fetch: 'Fetch company',
  agent_company_posts_fetch: 'Fetch company posts',
  agent_profiles_search: 'Search profiles',
  agent_connections_fetch: 'Fetch connections',
  agent_send_message: 'Send message',
  agent_keyword_tracking: 'Keyword watchlist',
  agent_company_tracking: 'Company watchlist',
};

const ERROR_WORDS: Record<string, string> = {
  network_signed_out: 'signed out',
  network_rate_limited: 'rate limited',
  network_challenge: 'security check',
  invitation_limit: 'invitation limit',
  not_found: 'not found',
  access_denied: 'not visible',
  not_first_degree: 'not a connection',
  already_connected: 'already connected',
  invitation_pending: 'already invited',
  network_changed: 'network changed',
  network_error: 'network error',
  timeout: 'timed out',
};

export const describeTaskType = (t: TaskType | null) => (t ? TYPE_NAMES[t] ?? t : 'Task');

export function timeAgo(at: number, now: number): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  return h < 48 ? `${h} h ago` : `${Math.round(h / 24)} days ago`;
}

function untilText(until: number): string {
  const d = new Date(until);
  return d.toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
}

export function describeStop(stop: { reason: string; until: number; message: string }): string {
  switch (stop.reason) {
    case 'network_rate_limited':
      return `Paused until ${untilText(stop.until)}: the network limited our requests. Taking a break keeps your account safe.`;
    case 'network_challenge':
      return `Paused until ${untilText(stop.until)}: the network asked for a security check. Open the network in a tab and complete it.`;
    case 'invitation_limit':
      return `Connection requests paused until ${untilText(stop.until)}: the weekly invitation limit is reached. Other tasks go on.`;
    default:
      return `Paused until ${untilText(stop.until)}: ${stop.message}`;
  }
}

export function describeActivity(a: ActivityEntry): string {
  const name = describeTaskType(a.type);
  const took = a.duration_ms === null ? '' : a.duration_ms < 1000 ? ` in ${a.duration_ms} ms` : ` in ${(a.duration_ms / 1000).toFixed(1)} s`;
  switch (a.kind) {
    case 'completed':
      return `✓ ${name}${took}`;
    case 'failed':
      return `✗ ${name}: ${ERROR_WORDS[a.error_code ?? ''] ?? a.error_code}${took}`;
    case 'delivered':
      return `↑ ${name} reported`;
    case 'dropped':
      return `– ${name}: ${a.message ?? 'dropped'}`;
    default:
      return a.message ?? name;
  }
}
