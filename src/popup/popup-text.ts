import { manyWords, TASK_KINDS } from '../contract/task-kinds.js';
import type { TaskType } from '../contract/task-types.js';
import type { BudgetUse, Pacing, ReducedBudgets } from '../contract/budgets.js';
import type { PendingInvitation } from '../contract/team-invitations.js';
import type { ActivityEntry, AgentStatus } from '../shared/protocol.js';
import type { QueuedBy, TaskSummary } from '../contract/task-list.js';
import { duration } from '../ui/time.js';

/** The words the popup uses; kept apart from the DOM so they can be read and tested in one place. */

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
  invitation_not_found: 'no pending invitation',
  network_changed: 'network changed',
  network_error: 'network error',
  timeout: 'timed out',
};

/** "Fetch profile": a task's kind as its description words one (src/contract/task-kinds.ts). */
export const describeTaskType = (t: TaskType | null) =>
  t ? (TASK_KINDS[t]?.words.one ?? t) : 'Task';

/** "Fetch profile · ada-lovelace": the kind of task and what it is about. */
export function taskName(type: TaskType | null, target: string | null | undefined): string {
  return target ? `${describeTaskType(type)} · ${target}` : describeTaskType(type);
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

/** What resuming before a safety stop ends risks, said before the member confirms. */
export function resumeWarning(stop: { reason: string }): string {
  const why =
    stop.reason === 'network_challenge'
      ? 'The network asked for a security check. Complete it in a tab first, or the next task meets it again.'
      : stop.reason === 'invitation_limit'
        ? 'The network said the weekly invitation limit is reached. Sending more now is refused and can count against your account.'
        : 'The network asked us to slow down. Working again before the break ends can get your account restricted for longer.';
  return `Resume before the safety stop ends? ${why}`;
}

/** One line of the recent list. */
export function describeActivity(a: ActivityEntry): string {
  const name = taskName(a.type, a.target);
  const took = a.duration_ms === null ? '' : ` in ${duration(a.duration_ms)}`;
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

/** The results in the journal that the service has not acknowledged yet. */
export function waitingResults(s: Pick<AgentStatus, 'waiting_results' | 'service'>): string | null {
  const n = s.waiting_results;
  if (n === 0) return null;
  const results = n === 1 ? '1 result' : `${n} results`;
  return s.service.reachable === true
    ? `${results} waiting to be sent to the service.`
    : `${results} will be sent when the service is back.`;
}

/** "2 drafts wait for your approval": writes in the member's name that no one approved yet. */
export function awaitingApprovalWords(n: number): string | null {
  if (n <= 0) return null;
  return n === 1 ? '1 draft waits for your approval' : `${n} drafts wait for your approval`;
}

/** The network account changed under the member. */
export function accountChanged(change: { before: string; now: string }): string {
  return `The network account signed in now is ${change.now}, but until now you worked as ${change.before}. Tasks run as the account signed in.`;
}

/** "Connection requests: 2 of 2 today, 2 of 10 this week" */
export function budgetUse(b: BudgetUse): string {
  const parts = [
    b.per_day !== null ? `${b.used_today} of ${b.per_day} today` : `${b.used_today} today`,
    b.per_week !== null ? `${b.used_this_week} of ${b.per_week} this week` : null,
  ];
  return `${manyWords(b.task_type, true)}: ${parts.filter(Boolean).join(', ')}`;
}

/**
 * "Warming up: 5 of 25 connection requests today": the member's write budgets under the team's
 * (docs/budgets.md, "Warm-up", "Health"), named by the write most people watch; null when full.
 */
export function reducedWords(budgets: BudgetUse[], reduced: ReducedBudgets | null | undefined) {
  if (!reduced) return null;
  const order: TaskType[] = [
    'agent_connection_request',
    'agent_send_message',
    'agent_comment_post',
    'agent_like_post',
    'agent_invitation_withdraw',
  ];
  const b = order
    .map((t) => budgets.find((x) => x.task_type === t))
    .find((x) => x && x.per_day !== null && x.team_per_day != null && x.team_per_day !== x.per_day);
  const reasons = [
    reduced.warming_up ? 'Warming up' : null,
    reduced.health_level !== 'good' ? `account health ${reduced.health_level}` : null,
  ].filter(Boolean);
  const why = reasons.join(' and ').replace(/^a/, 'A');
  const amount = b ? `${b.per_day} of ${b.team_per_day} ${manyWords(b.task_type)} today` : null;
  return { line: amount ? `${why}: ${amount}` : why, detail: reduced.why };
}

/** The budgets worth a line: those used today, and those spent. */
export function budgetsToShow(budgets: BudgetUse[]): BudgetUse[] {
  return budgets.filter((b) => b.used_today > 0 || b.next_free_at !== null);
}

/** "Actions 30–90 s apart, reads 2–6 s" (doubled in safe mode). */
export function paceWords(p: Pacing, safeMode: boolean): string {
  const f = safeMode ? 2 : 1;
  return `Actions ${p.write_min_s * f}–${p.write_max_s * f} s apart, reads ${p.read_min_s * f}–${p.read_max_s * f} s${safeMode ? ', at most 50 tasks an hour' : ''}`;
}

/**
 * What accepting an invitation means, said before the member chooses (issue: membership needs
 * consent): the team they leave, and who is left in charge of it.
 */
export function invitationWords(i: PendingInvitation): { question: string; consequence: string } {
  const question = `Join ${i.team_name} as ${i.role === 'admin' ? 'an admin' : 'a member'}?`;
  const leave = i.leaving;
  const consequence = leave.only_admin
    ? leave.next_admin
      ? `You are the only admin of ${leave.team_name}: ${leave.next_admin} would become its admin.`
      : `You are the only admin of ${leave.team_name}, and nobody else is in it.`
    : `You would leave ${leave.team_name}${leave.other_members ? `; its ${leave.other_members} other member${leave.other_members === 1 ? ' stays' : 's stay'}` : ''}.`;
  return { question, consequence };
}

/** Who queued an action done in the member's name. */
export function queuedByWords(q: QueuedBy | null): string {
  if (!q) return 'queued before the service recorded who queues';
  if (q.kind === 'member')
    return `queued by ${q.name ? `${q.name} (${q.email})` : (q.email ?? 'a member who has left')}`;
  if (q.kind === 'mcp') return `queued by an AI assistant (${q.client ?? 'unnamed'})`;
  if (q.kind === 'ai')
    return `drafted by your team's AI (${q.model ?? 'a model'}) and approved by a person`;
  return {
    api_key: "queued with the team's API key (a program)",
    watchlist: 'queued by a watchlist',
    sync: 'queued by the service (invitations and inbox kept up to date)',
    sequence: 'queued by a sequence your team started',
  }[q.kind];
}

const DONE_MARKS: Record<TaskSummary['status'], string> = {
  completed: '✓',
  failed: '✗',
  processing: '…',
  pending: '·',
  awaiting_approval: '?',
};

/** "✓ Like post · Ada Lovelace’s post “…”": what was done in the member's name, and on what. */
export function doneWords(t: TaskSummary): string {
  return `${DONE_MARKS[t.status]} ${taskName(t.type, t.target.label)}`;
}

/** Said when the text changed since the member agreed. */
export function consentChangedWords(acknowledgedAt: string | null): string {
  const when = acknowledgedAt
    ? ` on ${new Date(acknowledgedAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`
    : '';
  return `What runs in your name changed since you agreed${when}. Nothing runs until you read it and agree again.`;
}

/** The service refused the key or token (revoked, expired, removed from the team), or the address. */
export function signedOutByServiceWords(reason: string): string {
  return `Signed out of the service: sign in again. (${reason.replace(/\.$/, '')}.)`;
}
