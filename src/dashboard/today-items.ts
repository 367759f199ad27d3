import type { MemberView, TeamView } from '../contract/members.js';
import type { TaskSummary } from '../contract/task-list.js';
import { TASK_KINDS } from '../contract/task-kinds.js';
import type { Watchlist } from './watchlist-editor.js';

/**
 * What Today says, worked out from what the page loads anyway (GET /api-team, /api-tasks, the
 * watchlists, the approvals and the unread inbox): plain data, drawn by today.ts.
 */

/** One thing a person has to see to, in words, and the address of the section where it is done. */
interface NeedsYou {
  text: string;
  href: string;
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const memberName = (m: MemberView) => m.full_name || m.email;

/** Why a member's extension or account needs someone, in a few words each; none for an invitation. */
export function memberTroubles(m: MemberView, now: number): string[] {
  if (m.status !== 'active') return [];
  const installed = m.last_active_at !== null || m.extension_version !== null;
  const limited = m.invite_limited_until !== null && Date.parse(m.invite_limited_until) > now;
  return [
    !installed && 'extension not installed',
    installed && !m.agent_active && 'extension not active',
    // Consent is asked in the extension: without one there is nothing to agree in yet.
    installed && !m.consent_current && 'has not agreed to what runs in their name',
    m.network_signed_in === false && 'signed out of the network',
    m.paused === true && 'extension paused',
    limited && 'weekly invitation limit reached',
    m.health?.level === 'poor' && 'account health poor',
  ].filter((t): t is string => typeof t === 'string');
}

/**
 * What needs a person, most pressing first: writes waiting for this member's approval, a team
 * whose network tasks cannot run, members whose extension or account is in trouble, replies to read.
 */
export function needsYou(
  o: { team: TeamView; approvals: number; unread: { count: number; from: string[] } },
  now: number,
): NeedsYou[] {
  const items: NeedsYou[] = [];
  if (o.approvals)
    items.push({
      text: `${count(o.approvals, 'write')} queued by an AI ${o.approvals === 1 ? 'waits' : 'wait'} for your approval`,
      href: '#/outreach/approvals',
    });
  if (!o.team.team.agent_active)
    items.push({
      text: 'No member’s extension has been active in the last 48 hours: network tasks wait until one is',
      href: '#/team/members',
    });
  for (const m of o.team.members) {
    const troubles = memberTroubles(m, now);
    if (troubles.length)
      items.push({ text: `${memberName(m)}: ${troubles.join(', ')}`, href: '#/team/members' });
  }
  if (o.unread.count)
    items.push({
      text: `${count(o.unread.count, 'unread conversation')}${o.unread.from.length ? ` with ${o.unread.from.join(', ')}` : ''}`,
      href: '#/outreach/inbox',
    });
  return items;
}

/** The latest tasks in four numbers: finished in the last 24 hours, and running or queued now. */
export function ranCounts(tasks: TaskSummary[], now: number) {
  const lastDay = (t: TaskSummary) => Date.parse(t.updated_at) > now - 86_400_000;
  const n = (status: TaskSummary['status'], recent = false) =>
    tasks.filter((t) => t.status === status && (!recent || lastDay(t))).length;
  return {
    done: n('completed', true),
    failed: n('failed', true),
    running: n('processing'),
    queued: n('pending'),
  };
}

/** Something planned: when, what, and why it waits when it does. */
interface Due {
  at: string;
  text: string;
  why?: string;
}

/** The next watchlist collections and the members' waiting writes with a time, soonest first. */
export function comingUp(team: TeamView, watchlists: Watchlist[], limit = 5): Due[] {
  const due: Due[] = [];
  for (const w of watchlists)
    if (!w.disable && w.next_collection_at)
      due.push({ at: w.next_collection_at, text: `“${w.name}” collects new posts` });
  for (const m of team.members)
    for (const t of m.safety?.waiting ?? [])
      if (t.scheduled_for)
        due.push({
          at: t.scheduled_for,
          text: `${TASK_KINDS[t.task_type]?.words.one ?? t.task_type} as ${memberName(m)}`,
          why: t.waiting_reason,
        });
  return due.sort((a, b) => Date.parse(a.at) - Date.parse(b.at)).slice(0, limit);
}
