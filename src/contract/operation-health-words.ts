import type { OperationHealth } from './agent.js';
import type { TASK_TYPES } from './constants.js';

/**
 * An operation's health as people read it, the same words in the dashboard's notice and the
 * operator CLI: "profile reads: headline missing in 100 % since 14:02, map version 3". Free of zod:
 * the dashboard's bundle carries no schema library.
 */
export const OPERATION_WORDS: Partial<Record<(typeof TASK_TYPES)[number], string>> = {
  agent_profile_fetch: 'profile reads',
  agent_profiles_tracking: 'profile post reads',
  agent_like_post: 'likes',
  agent_comment_post: 'comments',
  agent_connection_request: 'connection requests',
  agent_company_fetch: 'company reads',
  agent_company_posts_fetch: 'company post reads',
  agent_profiles_search: 'people searches',
  agent_connections_fetch: 'connection reads',
  agent_send_message: 'messages',
  agent_keyword_tracking: 'keyword searches',
  agent_company_tracking: 'company post reads',
  agent_conversations_fetch: 'inbox reads',
  agent_conversation_messages_fetch: 'conversation reads',
  agent_conversation_mark_read: 'marking read',
  agent_sent_invitations_fetch: 'sent invitation reads',
  agent_invitation_withdraw: 'withdrawals',
};

/**
 * One line per missing field of a call (the ways that lacked it named together) and per failing
 * way of an operation; `time` formats an ISO time. A way that failed only as `network_changed`
 * because its answers lacked a field is said by that field's line already.
 */
export function operationHealthLines(h: OperationHealth, time: (iso: string) => string): string[] {
  const what = OPERATION_WORDS[h.operation as keyof typeof OPERATION_WORDS] ?? h.operation;
  const fields = new Map<
    string,
    { call: string; field: string; ways: string[]; results: number; missing: number; since: string }
  >();
  for (const f of h.missing_fields) {
    const key = `${f.call} ${f.field}`;
    const known = fields.get(key);
    if (!known) {
      fields.set(key, {
        call: f.call,
        field: f.field,
        ways: [f.alternative],
        results: f.results,
        missing: f.missing,
        since: f.since,
      });
      continue;
    }
    if (!known.ways.includes(f.alternative)) known.ways.push(f.alternative);
    known.results += f.results;
    known.missing += f.missing;
    if (Date.parse(f.since) < Date.parse(known.since)) known.since = f.since;
  }
  const lines = [...fields.values()].map(
    (f) =>
      `${what}: ${f.field} missing in ${Math.round((100 * f.missing) / Math.max(f.results, 1))} % ` +
      `since ${time(f.since)}, map version ${h.map_version} (${f.call} by ${f.ways.join(', ')})`,
  );
  const saidByAField = (call: string, alternative: string) =>
    h.missing_fields.some((f) => f.call === call && f.alternative === alternative);
  for (const w of h.failed_ways) {
    if (w.status === null && w.code === 'network_changed' && saidByAField(w.call, w.alternative))
      continue;
    lines.push(
      `${what}: ${w.alternative} (${w.call}) failing ${w.status === null ? w.code : `HTTP ${w.status}`} ` +
        `${w.count}× since ${time(w.since)}, map version ${h.map_version}`,
    );
  }
  if (lines.length === 0) {
    lines.push(`${what}: ${h.state} since ${time(h.since)}, map version ${h.map_version}`);
  }
  return lines;
}
