import type { Queryable } from '../db/database.js';
import type { TaskType } from '../../contract/task-types.js';
import {
  isWrite,
  type BudgetUse,
  type MemberSafety,
  type WaitingTask,
  type WorkingHours,
} from '../../contract/budgets.js';
import { loadTeamSettings, type TeamBudgets } from './team-settings.js';
import { isSpent, loadUsage, nextFreeAt, type Use } from './usage.js';
import { describeWorkingHours, writesWindow } from './working-hours.js';
import { manyWords } from '../../contract/task-kinds.js';
import { limitWords, utcWords } from './words.js';
import { CONSENT_COLUMNS, toConsent, type MemberConsent } from '../consent/member-consent.js';
import {
  FACTOR_COLUMNS,
  reducedLimitWords,
  reducedView,
  reductionOf,
  type FactorRow,
  type Reduction,
} from './member-factor-view.js';
import { scaledBudget } from './budget-factor.js';
import type { WritesPaused } from '../../contract/team-pause.js';
import { writesPause } from './team-pause.js';
import { PENDING_INVITATIONS_CAP } from './hygiene.js';

interface MemberState {
  userId: string;
  email: string;
  /** May claim now: consent acknowledged, not signed out of the network, not paused (the claim's own rule). */
  eligible: boolean;
  pausedWhy: string | null;
  /** The write kinds the member turned off (docs/agent-protocol.md "Consent"): never theirs to run. */
  refused: TaskType[];
  workingHours: WorkingHours | null;
  /** Invitations sent through the service still waiting for an answer (docs/budgets.md "Hygiene"). */
  pendingInvitations: number;
  /** Why the member's write budgets are below the team's today (warm-up, health); null: they are not. */
  reduction: Reduction | null;
}

/** Why a member the claim would pass over gets nothing, most fundamental first; null when it would not. */
function whyNotEligible(
  r: { network_signed_in: boolean | null; paused: boolean | null },
  consent: MemberConsent,
): string | null {
  if (!consent.acknowledged) {
    return consent.acknowledgedVersion
      ? 'must acknowledge the new consent text in their extension first (consent required)'
      : 'has not yet agreed, in their extension, to tasks run in their name (consent required)';
  }
  if (r.paused === true) return 'is paused';
  if (r.network_signed_in === false) return 'is signed out of the network';
  return null;
}

interface PendingTask {
  id: string;
  type: TaskType;
  assigned_user_id: string | null;
  run_after: Date;
  attempt: number;
  max_attempts: number;
}

/** Why a pending task has not run: when it may, and the reason in words. null: nothing holds it. */
interface Wait {
  scheduled_for: Date | null;
  waiting_reason: string;
}

/**
 * A team's safety state at one moment: its budgets, each member's use and working hours. Answers
 * what each member may still do (GET /api-team, the heartbeat) and why a pending task waits
 * (get-task-status), the same way the claim decides.
 */
export class TeamSafety {
  private readonly blockCache = new Map<
    string,
    Promise<{ until: Date | null; reason: string } | null>
  >();

  private constructor(
    private readonly db: Queryable,
    readonly budgets: TeamBudgets,
    private readonly members: MemberState[],
    private readonly usage: Map<string, Map<TaskType, Use>>,
    private readonly now: Date,
    private readonly pause: WritesPaused | null,
  ) {}

  static async load(db: Queryable, teamId: string): Promise<TeamSafety> {
    const { budgets } = await loadTeamSettings(db, teamId);
    type Row = Parameters<typeof toConsent>[0] &
      FactorRow & {
        user_id: string;
        email: string;
        network_signed_in: boolean | null;
        paused: boolean | null;
        working_hours: WorkingHours | null;
        pending_invitations: number;
        now: Date;
      };
    const rows = await db.query<Row>(
      `SELECT m.user_id, m.email, m.network_signed_in, m.paused, m.working_hours, m.pending_invitations, now() AS now, ${CONSENT_COLUMNS},
              ${FACTOR_COLUMNS}
         FROM memberships m WHERE m.team_id = $1 AND m.user_id IS NOT NULL ORDER BY m.joined_at, m.email`,
      [teamId],
    );
    const members = rows.map((r) => {
      const consent = toConsent(r);
      const why = whyNotEligible(r, consent);
      return {
        userId: r.user_id,
        email: r.email,
        eligible: why === null,
        pausedWhy: why,
        refused: consent.refusedTypes,
        workingHours: r.working_hours,
        pendingInvitations: r.pending_invitations,
        reduction: reductionOf(r),
      };
    });
    const usage = await loadUsage(
      db,
      members.map((m) => m.userId),
    );
    return new TeamSafety(
      db,
      budgets,
      members,
      usage,
      rows[0] ? new Date(rows[0].now) : new Date(),
      await writesPause(db, teamId),
    );
  }

  /** One member's budgets, working hours and waiting tasks. */
  async memberSafety(userId: string, pending: PendingTask[]): Promise<MemberSafety> {
    const member = this.members.find((m) => m.userId === userId);
    const window = writesWindow(member?.workingHours ?? null, this.now);
    const budgets: BudgetUse[] = [];
    for (const [type, teamLimit] of Object.entries(this.budgets) as [
      TaskType,
      TeamBudgets[TaskType],
    ][]) {
      const limit = this.limitOf(member, type);
      const use = this.usage.get(userId)?.get(type) ?? { day: 0, week: 0 };
      const free = isSpent(limit, use) ? await nextFreeAt(this.db, userId, type, limit, use) : null;
      const lower = limit.per_day !== teamLimit.per_day || limit.per_week !== teamLimit.per_week;
      budgets.push({
        task_type: type,
        per_day: limit.per_day,
        per_week: limit.per_week,
        ...(lower ? { team_per_day: teamLimit.per_day, team_per_week: teamLimit.per_week } : {}),
        used_today: use.day,
        used_this_week: use.week,
        next_free_at: free ? free.toISOString() : null,
      });
    }
    const waiting: WaitingTask[] = [];
    for (const task of pending) {
      if (task.assigned_user_id !== null && task.assigned_user_id !== userId) continue;
      if (task.assigned_user_id === null && !(await this.blockFor(userId, task.type))) continue;
      const wait = await this.whyWaiting(task);
      if (wait)
        waiting.push({
          task_id: task.id,
          task_type: task.type,
          scheduled_for: wait.scheduled_for?.toISOString() ?? null,
          waiting_reason: wait.waiting_reason,
        });
      if (waiting.length >= 20) break;
    }
    return {
      budgets,
      working_hours: member?.workingHours ?? null,
      writes_open: window.open,
      writes_open_at: window.opensAt ? window.opensAt.toISOString() : null,
      waiting,
      reduced: reducedView(member?.reduction ?? null),
    };
  }

  /** The member's limits of a kind: the team's, scaled by the member's factor for a write kind. */
  private limitOf(member: MemberState | undefined, type: TaskType): TeamBudgets[TaskType] {
    const limit = this.budgets[type];
    return member?.reduction && isWrite(type)
      ? scaledBudget(limit, member.reduction.factor)
      : limit;
  }

  /** Why a pending task waits, as the claim would decide for each member who may run it; null when one may now. */
  async whyWaiting(task: PendingTask): Promise<Wait | null> {
    if (task.run_after.getTime() > this.now.getTime()) {
      return {
        scheduled_for: task.run_after,
        waiting_reason: `Tried again at ${utcWords(task.run_after)} after a failed attempt (attempt ${task.attempt + 1} of ${task.max_attempts}).`,
      };
    }
    const candidates = task.assigned_user_id
      ? this.members.filter((m) => m.userId === task.assigned_user_id)
      : this.members;
    const eligible = candidates.filter((m) => m.eligible && !m.refused.includes(task.type));
    if (eligible.length === 0) {
      const who = task.assigned_user_id ? candidates[0] : null;
      const why =
        who?.pausedWhy ??
        (who?.refused.includes(task.type)
          ? `turned ${manyWords(task.type)} off for their account`
          : null);
      const reason =
        who && why
          ? `Waits for ${who.email}, who runs ${manyWords(task.type)} for the team and ${why}.`
          : task.assigned_user_id
            ? 'Waits for the member who must run it to rejoin the team.'
            : `Waits for a member's extension: every member is paused, signed out of the network, has not agreed to tasks in their name, or turned ${manyWords(task.type)} off.`;
      return { scheduled_for: null, waiting_reason: reason };
    }
    let earliest: { until: Date | null; reason: string } | null = null;
    for (const m of eligible) {
      const block = await this.blockFor(m.userId, task.type);
      if (!block) return null;
      if (!earliest || (block.until && (!earliest.until || block.until < earliest.until)))
        earliest = block;
    }
    return { scheduled_for: earliest!.until, waiting_reason: earliest!.reason };
  }

  /** What keeps a member from this kind of task now (budget spent, outside working hours), or null. */
  private blockFor(userId: string, type: TaskType) {
    const key = `${userId} ${type}`;
    let p = this.blockCache.get(key);
    if (!p) {
      p = this.computeBlock(userId, type);
      this.blockCache.set(key, p);
    }
    return p;
  }

  private async computeBlock(
    userId: string,
    type: TaskType,
  ): Promise<{ until: Date | null; reason: string } | null> {
    const member = this.members.find((m) => m.userId === userId)!;
    const limit = this.limitOf(member, type);
    const use = this.usage.get(userId)?.get(type) ?? { day: 0, week: 0 };
    let until: Date | null = null;
    const reasons: string[] = [];
    if (isSpent(limit, use)) {
      const free = await nextFreeAt(this.db, userId, type, limit, use);
      const team = this.budgets[type];
      const reduced =
        member.reduction && (limit.per_day !== team.per_day || limit.per_week !== team.per_week)
          ? `; ${reducedLimitWords(type, team, limit, member.reduction)}`
          : '';
      reasons.push(
        free
          ? `${member.email} has used the budget of ${manyWords(type)} (${limitWords(limit)}${reduced}); the next one may run at ${utcWords(free)}.`
          : `The team's budget of ${manyWords(type)} is 0: ${member.email} runs none until an admin raises it.`,
      );
      until = free;
    }
    if (isWrite(type) && member.workingHours) {
      const w = writesWindow(member.workingHours, until && until > this.now ? until : this.now);
      if (!w.open) {
        reasons.push(
          `Outside ${member.email}'s working hours (${describeWorkingHours(member.workingHours)}); it runs from ${w.opensAt ? utcWords(w.opensAt) : 'the next working day'}.`,
        );
        if (until !== null || reasons.length === 1) until = w.opensAt;
      }
    }
    const held = this.heldBlock(member, type);
    if (held) {
      reasons.unshift(held.reason);
      until = held.until === null ? null : until && until > held.until ? until : held.until;
    }
    return reasons.length ? { until, reason: reasons.join(' ') } : null;
  }

  /** The claim's held kinds (held-kinds.ts) in words: the team's paused writes, the pending invitations' cap. */
  private heldBlock(
    member: MemberState,
    type: TaskType,
  ): { until: Date | null; reason: string } | null {
    if (this.pause?.kinds.includes(type) && Date.parse(this.pause.until) > this.now.getTime()) {
      const until = new Date(this.pause.until);
      const who = this.pause.member_email ?? 'a member';
      return {
        until,
        reason: `The team's writes are paused until ${utcWords(until)}: the network ${SIGNAL_WORDS[this.pause.signal]} ${who}'s account (${this.pause.signal}), and the others running the same work are next. An admin may resume them early.`,
      };
    }
    if (
      type === 'agent_connection_request' &&
      member.pendingInvitations >= PENDING_INVITATIONS_CAP
    ) {
      return {
        until: null,
        reason: `${member.email} has ${member.pendingInvitations} connection requests waiting for an answer (at most ${PENDING_INVITATIONS_CAP}): no more are sent until some are accepted, expire or are withdrawn.`,
      };
    }
    return null;
  }
}

const SIGNAL_WORDS: Record<WritesPaused['signal'], string> = {
  network_challenge: 'showed a security check to',
  network_rate_limited: 'rate-limited',
};

/** A team's pending tasks, oldest first (bounded: the views show a few). */
export async function pendingTasks(
  db: Queryable,
  teamId: string,
  limit = 200,
): Promise<PendingTask[]> {
  return db.query<PendingTask>(
    `SELECT id, type, assigned_user_id, run_after, attempt, max_attempts FROM tasks
      WHERE team_id = $1 AND status = 'pending' ORDER BY run_after, created_at LIMIT ${limit}`,
    [teamId],
  );
}
