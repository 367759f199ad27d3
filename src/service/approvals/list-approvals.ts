import type { Queryable } from '../db/database.js';
import type { AgentIdentity } from '../auth/identities.js';
import {
  APPROVAL_TEXT_FIELDS,
  type ApprovalListResponse,
  type ApprovalView,
  type ContactFact,
} from '../../contract/approvals.js';
import { recentContactSql } from '../outreach/recent-contact.js';
import type { TaskType } from '../../contract/task-types.js';
import { iso } from '../tasks/task-row.js';
import { QUEUED_BY_COLUMNS, type QueuedByFacts, queuedByView } from '../tasks/queued-by.js';
import { POST_TYPES, TASK_KINDS } from '../../contract/task-kinds.js';
import { taskTarget, type TargetFacts } from '../../contract/task-target.js';

interface ApprovalRow extends TargetFacts, QueuedByFacts {
  id: string;
  type: TaskType;
  input: Record<string, unknown>;
  assigned_user_id: string | null;
  member_email: string | null;
  member_name: string | null;
  created_at: Date;
  approval_expires_at: Date;
  /** `tasks.forced_over` (migration 035), as enqueue.ts wrote it. */
  forced_over: { email: string | null; at: string; kind: ContactFact['kind'] } | null;
  recent_email: string | null;
  recent_at: Date | null;
  recent_kind: ContactFact['kind'] | null;
}

/** At most this many are listed, oldest first: the ones closest to expiring. */
const MAX_LISTED = 200;

/**
 * The person a write is for, as the contact history knows them: the profile of an invitation or a
 * message, or a post's author whom a profile read made known by URN.
 */
const PERSON_URN = "COALESCE(t.input ->> 'profile_urn', pa.profile_urn)";

/**
 * The team's writes awaiting approval, oldest first, each with the exact text it would send and
 * whether `caller` may decide it: an admin, or the member it runs as (approvals/decide.ts). Each
 * says which recent contact of another member its asker forced past, and which stands now (the
 * team's contact window, docs/team-pool.md): the approver decides knowing both.
 */
export async function listApprovals(
  db: Queryable,
  teamId: string,
  caller: Pick<AgentIdentity, 'userId' | 'role'>,
  taskId?: string,
): Promise<ApprovalListResponse> {
  const rows = await db.query<ApprovalRow>(
    `SELECT t.id, t.type, t.input, t.assigned_user_id, a.email AS member_email, au.full_name AS member_name,
            NULL::text AS output_name,
            p.id AS post_id, p.author_name AS post_author, left(p.content, 200) AS post_excerpt, p.post_url,
            ${QUEUED_BY_COLUMNS},
            t.created_at, t.approval_expires_at, t.forced_over,
            rc.email AS recent_email, rc.at AS recent_at, rc.kind AS recent_kind
       FROM tasks t
       LEFT JOIN memberships a ON a.team_id = t.team_id AND a.user_id = t.assigned_user_id
       LEFT JOIN users au ON au.id = a.user_id
       LEFT JOIN users qu ON qu.id = t.queued_by_user_id
       LEFT JOIN posts p ON t.type = ANY($3::text[])
                        AND p.team_id = t.team_id AND p.activity_urn = t.input ->> 'social_urn'
       LEFT JOIN LATERAL (SELECT tp.profile_urn FROM team_people tp
                           WHERE p.author_slug IS NOT NULL AND tp.team_id = t.team_id
                             AND tp.profile_slug = lower(p.author_slug)
                           LIMIT 1) AS pa ON true
       LEFT JOIN LATERAL (${recentContactSql('t.assigned_user_id', 'now()', 't.team_id', PERSON_URN)}) AS rc ON true
      WHERE t.team_id = $1 AND t.status = 'awaiting_approval' AND ($2::uuid IS NULL OR t.id = $2)
      ORDER BY t.created_at, t.id
      LIMIT ${MAX_LISTED}`,
    [teamId, taskId ?? null, [...POST_TYPES]],
  );
  const approvals = rows.map((r) => approvalView(r, caller));
  return { approvals, count: approvals.length };
}

function approvalView(
  r: ApprovalRow,
  caller: Pick<AgentIdentity, 'userId' | 'role'>,
): ApprovalView {
  const field = APPROVAL_TEXT_FIELDS[r.type] ?? null;
  const text = field && typeof r.input[field] === 'string' ? (r.input[field] as string) : null;
  return {
    task_id: r.id,
    type: r.type,
    target: taskTarget(TASK_KINDS[r.type], r.input, r),
    member_email: r.member_email,
    member_name: r.member_name || null,
    task_input: r.input,
    text_field: field,
    text,
    queued_by: queuedByView(r),
    forced_over: r.forced_over
      ? { member_email: r.forced_over.email, at: r.forced_over.at, kind: r.forced_over.kind }
      : null,
    recent_contact:
      r.recent_at && r.recent_kind
        ? { member_email: r.recent_email, at: iso(r.recent_at)!, kind: r.recent_kind }
        : null,
    created_at: iso(r.created_at)!,
    expires_at: iso(r.approval_expires_at)!,
    can_decide: mayDecide(caller, r.assigned_user_id),
  };
}

/**
 * How many writes in the member's name wait for approval: theirs to decide (an admin's list holds
 * the whole team's, the popup speaks of the member's own).
 */
export async function awaitingApprovalCount(
  db: Queryable,
  teamId: string,
  userId: string,
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tasks
      WHERE team_id = $1 AND status = 'awaiting_approval' AND assigned_user_id = $2`,
    [teamId, userId],
  );
  return row?.n ?? 0;
}

/** An admin decides any write of the team; a member, those that run as them. */
export function mayDecide(
  caller: Pick<AgentIdentity, 'userId' | 'role'>,
  assignedUserId: string | null,
): boolean {
  return caller.role === 'admin' || assignedUserId === caller.userId;
}
