import type { Queryable } from '../db/database.js';
import type { SequenceStep } from '../../contract/sequences.js';
import type { TaskType } from '../../contract/task-types.js';
import { HttpError } from '../http/http-error.js';
import { CURRENT_VERSION_SQL } from '../consent/consent-text.js';
import { AGENT_ACTIVE_WINDOW_HOURS } from '../tasks/agent-active.js';
import { loadTeamSettings } from '../budgets/team-settings.js';
import { loadUsage } from '../budgets/usage.js';
import { manyWords } from '../../contract/task-kinds.js';
import { pendingInvitationTo } from '../outreach/pending-invitation.js';

/**
 * A sequence's pool of senders (docs/sequences.md "Senders"): who may run a person's steps, which
 * one a person gets, and why a member is no fit any more. 'one' is the single sender; 'list' the
 * members named; 'all' every member whose extension is active, who agreed to tasks in their name
 * and did not turn off a kind the steps need.
 */
export type SenderMode = 'one' | 'list' | 'all';

export interface PooledSequence {
  team_id: string;
  sender_mode: SenderMode;
  sender_user_id: string;
  sender_user_ids: string[];
  steps: SequenceStep[];
}

interface PoolMember {
  user_id: string;
  email: string;
  consented: boolean;
  consent_version: string | null;
  refused_types: TaskType[];
  paused: boolean | null;
  paused_at: Date | null;
  last_active_at: Date | null;
  invite_limited_until: Date | null;
}

/** The task kinds each step may queue. */
const STEP_KINDS: Record<SequenceStep['type'], TaskType[]> = {
  visit: ['agent_profile_fetch'],
  connection_request: ['agent_profile_fetch', 'agent_connection_request'],
  wait_for_acceptance: ['agent_invitation_withdraw'],
  message: ['agent_conversations_fetch', 'agent_conversation_messages_fetch', 'agent_send_message'],
  like_latest_post: ['agent_profile_fetch', 'agent_profiles_tracking', 'agent_like_post'],
};

/** The kinds a sequence's steps need of its sender. */
function kindsFor(steps: SequenceStep[]): TaskType[] {
  const kinds = new Set<TaskType>();
  for (const s of steps) {
    if (s.type === 'wait_for_acceptance' && !s.withdraw_if_not_accepted) continue;
    for (const k of STEP_KINDS[s.type]) kinds.add(k);
  }
  return [...kinds];
}

/** The first write the steps make: the budget a new person's sender is chosen by. */
function firstWrite(steps: SequenceStep[]): TaskType | null {
  for (const s of steps) {
    if (s.type === 'connection_request') return 'agent_connection_request';
    if (s.type === 'message') return 'agent_send_message';
    if (s.type === 'like_latest_post') return 'agent_like_post';
  }
  return null;
}

/**
 * The members' ids of these e-mails, in order and without repeats; an e-mail that is not a joined
 * member of the team is named in a 404.
 */
export async function senderIds(
  db: Queryable,
  teamId: string,
  emails: string[],
): Promise<string[]> {
  const rows = await db.query<{ user_id: string; email: string }>(
    `SELECT user_id, email FROM memberships
      WHERE team_id = $1 AND email = ANY($2::text[]) AND user_id IS NOT NULL AND joined_at IS NOT NULL`,
    [teamId, emails],
  );
  const ids: string[] = [];
  for (const email of emails) {
    const row = rows.find((r) => r.email === email);
    if (!row) throw new HttpError(404, `No member with that e-mail in the team: ${email}`);
    if (!ids.includes(row.user_id)) ids.push(row.user_id);
  }
  return ids;
}

/** The team's joined members with what decides whether they can send (`$1` the team). */
async function loadPoolMembers(db: Queryable, teamId: string): Promise<PoolMember[]> {
  return db.query<PoolMember>(
    `SELECT m.user_id, m.email, COALESCE(m.consent_version = ${CURRENT_VERSION_SQL}, false) AS consented,
            m.consent_version, m.refused_types, m.paused, m.paused_at, m.last_active_at, m.invite_limited_until
       FROM memberships m
      WHERE m.team_id = $1 AND m.user_id IS NOT NULL AND m.joined_at IS NOT NULL
      ORDER BY m.joined_at, m.email`,
    [teamId],
  );
}

const hoursMs = (h: number) => h * 3_600_000;

/** The members of the pool, in the team's order (the first wins a tie). */
function poolOf(seq: PooledSequence, members: PoolMember[], now: Date): PoolMember[] {
  if (seq.sender_mode === 'one') return members.filter((m) => m.user_id === seq.sender_user_id);
  if (seq.sender_mode === 'list')
    return members.filter((m) => seq.sender_user_ids.includes(m.user_id));
  const kinds = kindsFor(seq.steps);
  const activeSince = now.getTime() - hoursMs(AGENT_ACTIVE_WINDOW_HOURS);
  return members.filter(
    (m) =>
      m.consented &&
      m.last_active_at !== null &&
      new Date(m.last_active_at).getTime() > activeSince &&
      !kinds.some((k) => m.refused_types.includes(k)),
  );
}

/**
 * Why a member can no longer send a not-yet-invited person's steps, in words that follow their
 * e-mail; null when they can. `awayMs`: how long paused or inactive before they are passed over.
 */
function whyUnfit(m: PoolMember, kinds: TaskType[], now: Date, awayMs: number): string | null {
  if (!m.consented)
    return m.consent_version
      ? 'has not acknowledged the new consent text'
      : 'withdrew (or never gave) consent to tasks in their name';
  const refused = kinds.find((k) => m.refused_types.includes(k));
  if (refused) return `turned off ${manyWords(refused)}`;
  const since = now.getTime() - awayMs;
  if (m.paused && m.paused_at && new Date(m.paused_at).getTime() <= since)
    return `has been paused since ${new Date(m.paused_at).toISOString()}`;
  if (!m.last_active_at) return 'has never had the extension active';
  if (new Date(m.last_active_at).getTime() <= since)
    return `has had no active extension since ${new Date(m.last_active_at).toISOString()}`;
  if (
    kinds.includes('agent_connection_request') &&
    m.invite_limited_until &&
    new Date(m.invite_limited_until).getTime() > now.getTime()
  )
    return `hit the network's invitation limit (until ${new Date(m.invite_limited_until).toISOString()})`;
  return null;
}

interface Pick {
  userId: string;
  email: string;
  reason: string;
  /** Chosen for what they have with the person already: a connection, or an invitation that waits. */
  known?: 'connected' | 'invited';
}

/**
 * Chooses each new person's sender in one sequence: a member of the pool already connected to
 * them (a warm path), else one whose invitation to them waits for an answer, else the one with the
 * most budget left for the steps' first write, counting
 * the people already given to them and not yet invited. Loaded once for a batch of people.
 */
export class SenderPicker {
  private constructor(
    private readonly db: Queryable,
    private readonly seq: PooledSequence,
    private readonly members: PoolMember[],
    readonly pool: PoolMember[],
    private readonly unfit: Map<string, string>,
    private readonly left: Map<string, number>,
    private readonly kind: TaskType | null,
    private readonly limitWords: string,
  ) {}

  static async load(
    db: Queryable,
    seq: PooledSequence,
    now: Date,
    awayMs: number,
  ): Promise<SenderPicker> {
    const members = await loadPoolMembers(db, seq.team_id);
    const pool = poolOf(seq, members, now);
    const kinds = kindsFor(seq.steps);
    const unfit = new Map<string, string>();
    for (const m of members) {
      const why = pool.includes(m)
        ? whyUnfit(m, kinds, now, awayMs)
        : seq.sender_mode === 'all'
          ? (whyUnfit(m, kinds, now, awayMs) ??
            `has had no active extension in the last ${AGENT_ACTIVE_WINDOW_HOURS} hours`)
          : 'is no longer one of its senders';
      if (why) unfit.set(m.user_id, why);
    }
    const kind = firstWrite(seq.steps);
    const ids = pool.map((m) => m.user_id);
    const left = new Map<string, number>();
    const reserved = await db.query<{ user_id: string; n: number }>(
      `SELECT sender_user_id AS user_id, count(*)::int AS n FROM sequence_enrollments
        WHERE team_id = $1 AND sender_user_id = ANY($2::uuid[]) AND invited_at IS NULL AND messaged_at IS NULL
          AND state IN ('active', 'waiting_acceptance')
        GROUP BY 1`,
      [seq.team_id, ids],
    );
    let words = '';
    if (kind) {
      const { budgets } = await loadTeamSettings(db, seq.team_id);
      const limit = budgets[kind];
      const usage = await loadUsage(db, ids);
      const week = limit.per_week ?? (limit.per_day !== null ? limit.per_day * 7 : null);
      words = week === null ? '' : ` of ${week} this week`;
      for (const id of ids) {
        const use = usage.get(id)?.get(kind)?.week ?? 0;
        left.set(id, (week ?? 1_000_000) - use);
      }
    } else for (const id of ids) left.set(id, 1_000_000);
    for (const r of reserved) left.set(r.user_id, (left.get(r.user_id) ?? 0) - r.n);
    return new SenderPicker(db, seq, members, pool, unfit, left, kind, words);
  }

  /** Why a member cannot take this sequence's people now; null when they can. */
  unfitWhy(userId: string | null): string | null {
    if (userId && this.unfit.has(userId)) return this.unfit.get(userId)!;
    return userId && this.pool.some((m) => m.user_id === userId) ? null : 'left the team';
  }

  /** A member's e-mail, as reasons name them. */
  emailOf(userId: string | null): string {
    return this.members.find((m) => m.user_id === userId)?.email ?? 'a former member';
  }

  /** The sender for a person (`profileUrn` when known); null when no member of the pool can send. */
  async pick(profileUrn: string | null, exclude: string[] = []): Promise<Pick | null> {
    const fit = this.pool.filter((m) => !this.unfit.has(m.user_id) && !exclude.includes(m.user_id));
    if (fit.length === 0) return null;
    if (profileUrn && fit.length > 1) {
      const warm = await this.db.query<{ user_id: string }>(
        `SELECT user_id FROM member_connections WHERE team_id = $1 AND profile_urn = $2 AND user_id = ANY($3::uuid[])
         UNION SELECT user_id FROM sent_invitations WHERE team_id = $1 AND profile_urn = $2 AND state = 'accepted' AND user_id = ANY($3::uuid[])`,
        [this.seq.team_id, profileUrn, fit.map((m) => m.user_id)],
      );
      const m = fit.find((f) => warm.some((w) => w.user_id === f.user_id));
      if (m) return this.take(m, `already connected to ${m.email} (a warm path)`, 'connected');
      // Nobody else of the team may invite them while it waits (outreach/pending-invitation.ts).
      const pending = await pendingInvitationTo(this.db, this.seq.team_id, profileUrn);
      const inviter = pending && fit.find((f) => f.user_id === pending.userId);
      if (pending && inviter) {
        const day = pending.at.toISOString().slice(0, 10);
        return this.take(
          inviter,
          `already invited by ${inviter.email} (${pending.sent ? 'sent' : 'queued'} ${day}, not answered yet)`,
          'invited',
        );
      }
    }
    let best = fit[0]!;
    for (const m of fit) if (this.leftOf(m) > this.leftOf(best)) best = m;
    if (fit.length === 1) return this.take(best, `the only sender of the pool who can send now`);
    const what = this.kind ? manyWords(this.kind) : 'steps';
    return this.take(
      best,
      `the most ${what} left: ${Math.max(0, this.leftOf(best))}${this.limitWords}, less the people already given to them`,
    );
  }

  private leftOf(m: PoolMember): number {
    return this.left.get(m.user_id) ?? 0;
  }

  private take(m: PoolMember, reason: string, known?: Pick['known']): Pick {
    this.left.set(m.user_id, this.leftOf(m) - 1);
    return { userId: m.user_id, email: m.email, reason, ...(known ? { known } : {}) };
  }
}
