import type { OnReply } from '../../contract/reply-labels.js';
import type { Queryable } from '../db/database.js';
import type {
  CreateSequenceBody,
  EnrollmentState,
  EnrollmentView,
  Funnel,
  SequenceStep,
  SequenceView,
} from '../../contract/sequences.js';
import { iso } from '../tasks/task-row.js';
import { cursorMicros, cursorTime, pageOf, type RowCursor } from '../http/page-cursor.js';
import { cancelOpenTask } from './stop-on-reply.js';
import type { SenderMode } from './senders.js';

/** A team's sequences and their funnels (docs/sequences.md). */

interface SequenceRow {
  id: string;
  cursor_micros: string;
  name: string;
  email: string;
  member_name: string | null;
  steps: SequenceStep[];
  stop_on_reply: boolean;
  on_reply: OnReply | null;
  replies_by_label: Record<string, number>;
  status: 'active' | 'paused';
  sender_mode: SenderMode;
  sender_emails: string[];
  reply_window_days: number;
  created_at: Date;
  enrolled: number;
  invited: number;
  accepted: number;
  messaged: number;
  replied: number;
  /** The people of each rate's share: of those invited, accepted; and so on. */
  invited_accepted: number;
  accepted_messaged: number;
  messaged_replied: number;
}

const rate = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null;

type Counts = Pick<
  SequenceRow,
  | 'enrolled'
  | 'invited'
  | 'accepted'
  | 'messaged'
  | 'replied'
  | 'invited_accepted'
  | 'accepted_messaged'
  | 'messaged_replied'
>;

/**
 * Each rate is a share of people: of the people invited, those who accepted; of those accepted,
 * those messaged; of those messaged, those who replied. So none is above 1, also where a step
 * came without the one before (a connection already made, a reply to the invitation's note).
 */
function funnel(r: Counts): Funnel {
  return {
    enrolled: r.enrolled,
    invited: r.invited,
    accepted: r.accepted,
    messaged: r.messaged,
    replied: r.replied,
    acceptance_rate: rate(r.invited_accepted, r.invited),
    message_rate: rate(r.accepted_messaged, r.accepted),
    reply_rate: rate(r.messaged_replied, r.messaged),
  };
}

/** Each row is one person (migration 039), so counting rows counts people. */
const COUNTS = `count(e.id)::int AS enrolled, count(e.invited_at)::int AS invited, count(e.accepted_at)::int AS accepted,
       count(e.messaged_at)::int AS messaged, count(e.replied_at)::int AS replied,
       (count(e.accepted_at) FILTER (WHERE e.invited_at IS NOT NULL))::int AS invited_accepted,
       (count(e.messaged_at) FILTER (WHERE e.accepted_at IS NOT NULL))::int AS accepted_messaged,
       (count(e.replied_at) FILTER (WHERE e.messaged_at IS NOT NULL))::int AS messaged_replied`;

const SELECT = `SELECT s.id, ${cursorMicros('s.created_at')}, s.name, m.email, u.full_name AS member_name, s.steps, s.stop_on_reply, s.status, s.created_at,
       s.sender_mode, s.reply_window_days, s.on_reply,
       (SELECT COALESCE(jsonb_object_agg(l.reply_label, l.n), '{}') FROM (
          SELECT reply_label, count(*)::int AS n FROM sequence_enrollments
           WHERE sequence_id = s.id AND reply_label IS NOT NULL GROUP BY reply_label) l) AS replies_by_label,
       ARRAY(SELECT p.email FROM unnest(s.sender_user_ids) WITH ORDINALITY AS ids(user_id, n)
               JOIN memberships p ON p.team_id = s.team_id AND p.user_id = ids.user_id ORDER BY ids.n) AS sender_emails,
       ${COUNTS}
  FROM sequences s
  JOIN memberships m ON m.team_id = s.team_id AND m.user_id = s.sender_user_id
  JOIN users u ON u.id = s.sender_user_id
  LEFT JOIN sequence_enrollments e ON e.sequence_id = s.id`;

type SenderCounts = Counts & { sequence_id: string; email: string; name: string | null };

function view(r: SequenceRow, bySender: SenderCounts[]): SequenceView {
  return {
    id: r.id,
    name: r.name,
    sender: { email: r.email, name: r.member_name },
    senders:
      r.sender_mode === 'all' ? 'all' : r.sender_mode === 'list' ? r.sender_emails : [r.email],
    reply_window_days: r.reply_window_days,
    steps: r.steps,
    stop_on_reply: r.stop_on_reply,
    on_reply: r.on_reply,
    status: r.status,
    created_at: iso(r.created_at)!,
    funnel: funnel(r),
    funnel_by_sender: bySender
      .filter((b) => b.sequence_id === r.id)
      .map((b) => ({ sender: { email: b.email, name: b.name }, funnel: funnel(b) })),
    replies_by_label: r.replies_by_label,
  };
}

/** Each sender's people of these sequences, counted as the funnel counts. */
async function countsBySender(db: Queryable, ids: string[]): Promise<SenderCounts[]> {
  return db.query<SenderCounts>(
    `SELECT e.sequence_id, COALESCE(m.email, 'a former member') AS email, u.full_name AS name, ${COUNTS}
       FROM sequence_enrollments e
       LEFT JOIN memberships m ON m.team_id = e.team_id AND m.user_id = e.sender_user_id
       LEFT JOIN users u ON u.id = e.sender_user_id
      WHERE e.sequence_id = ANY($1::uuid[])
      GROUP BY e.sequence_id, e.sender_user_id, m.email, u.full_name, m.joined_at
      ORDER BY m.joined_at, m.email`,
    [ids],
  );
}

/** Where a sequence's senders are stored: the mode, and the members of a list. */
export interface SenderPool {
  mode: SenderMode;
  userIds: string[];
}

export async function createSequence(
  db: Queryable,
  teamId: string,
  senderUserId: string,
  body: CreateSequenceBody,
  pool: SenderPool = { mode: 'one', userIds: [] },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.query(
    `INSERT INTO sequences (id, team_id, name, sender_user_id, steps, stop_on_reply, sender_mode, sender_user_ids, reply_window_days, on_reply)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      teamId,
      body.name,
      senderUserId,
      JSON.stringify(body.steps),
      body.stop_on_reply,
      pool.mode,
      pool.userIds,
      body.reply_window_days,
      body.on_reply ? JSON.stringify(body.on_reply) : null,
    ],
  );
  return id;
}

/** A page of the team's sequences, newest first, after `page.after`. */
export async function listSequences(
  db: Queryable,
  teamId: string,
  page: { after?: RowCursor; limit: number },
): Promise<{ sequences: SequenceView[]; next: string | null }> {
  const after = cursorTime('$2');
  const rows = await db.query<SequenceRow>(
    `${SELECT} WHERE s.team_id = $1
        AND ($2::bigint IS NULL OR s.created_at < ${after} OR (s.created_at = ${after} AND s.id > $3::uuid))
      GROUP BY s.id, m.email, u.full_name ORDER BY s.created_at DESC, s.id LIMIT $4`,
    [teamId, page.after?.micros ?? null, page.after?.id ?? null, page.limit + 1],
  );
  const shown = pageOf(rows, page.limit);
  const bySender = await countsBySender(
    db,
    shown.rows.map((r) => r.id),
  );
  return { sequences: shown.rows.map((r) => view(r, bySender)), next: shown.next };
}

export async function getSequence(
  db: Queryable,
  teamId: string,
  id: string,
): Promise<SequenceView | null> {
  const [row] = await db.query<SequenceRow>(
    `${SELECT} WHERE s.team_id = $1 AND s.id = $2 GROUP BY s.id, m.email, u.full_name`,
    [teamId, id],
  );
  return row ? view(row, await countsBySender(db, [row.id])) : null;
}

export async function patchSequence(
  db: Queryable,
  teamId: string,
  id: string,
  patch: { name?: string; status?: 'active' | 'paused'; on_reply?: OnReply | null },
  pool?: SenderPool,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE sequences SET name = COALESCE($3, name), status = COALESCE($4, status),
            sender_mode = COALESCE($5, sender_mode), sender_user_ids = COALESCE($6::uuid[], sender_user_ids),
            sender_user_id = COALESCE($6[1], sender_user_id),
            on_reply = CASE WHEN $7 THEN $8::jsonb ELSE on_reply END, updated_at = now()
      WHERE team_id = $1 AND id = $2 RETURNING id`,
    [
      teamId,
      id,
      patch.name ?? null,
      patch.status ?? null,
      pool?.mode ?? null,
      pool?.userIds ?? null,
      patch.on_reply !== undefined,
      patch.on_reply ? JSON.stringify(patch.on_reply) : null,
    ],
  );
  if (rows.length && patch.status === 'active') {
    // Resumed: whatever was due while paused runs now.
    await db.query(
      `UPDATE sequence_enrollments SET next_run_at = LEAST(next_run_at, now()) WHERE sequence_id = $1 AND state = 'active'`,
      [id],
    );
  }
  return rows.length > 0;
}

/** Deleting a sequence stops everyone in it first: a step's task not yet claimed is cancelled. */
export async function deleteSequence(db: Queryable, teamId: string, id: string): Promise<boolean> {
  const open = await db.query<{ id: string }>(
    `SELECT e.id FROM sequence_enrollments e JOIN sequences s ON s.id = e.sequence_id WHERE s.team_id = $1 AND s.id = $2 AND e.current_task_id IS NOT NULL`,
    [teamId, id],
  );
  for (const e of open)
    await cancelOpenTask(db, e.id, {
      code: 'sequence_stopped',
      message: 'Cancelled: its sequence was deleted',
    });
  const rows = await db.query('DELETE FROM sequences WHERE team_id = $1 AND id = $2 RETURNING id', [
    teamId,
    id,
  ]);
  return rows.length > 0;
}

/** A page of a sequence's people, oldest first, after `page.after`. */
export async function listEnrollments(
  db: Queryable,
  teamId: string,
  sequenceId: string,
  state: EnrollmentState | undefined,
  page: { after?: RowCursor; limit: number },
): Promise<{ enrollments: EnrollmentView[]; next: string | null }> {
  const read = await db.query<{
    id: string;
    cursor_micros: string;
    profile_input: string;
    profile_urn: string | null;
    name: string | null;
    state: EnrollmentState;
    sender_email: string | null;
    sender_reason: string | null;
    custom: Record<string, string>;
    step_index: number;
    steps: SequenceStep[];
    next_run_at: Date;
    waiting_reason: string | null;
    error: string | null;
    created_at: Date;
  }>(
    `SELECT e.id, ${cursorMicros('e.created_at')}, e.profile_input, e.profile_urn, e.name, e.state, e.step_index, s.steps, e.next_run_at, e.waiting_reason, e.error, e.created_at,
            m.email AS sender_email, e.sender_reason, e.custom
       FROM sequence_enrollments e JOIN sequences s ON s.id = e.sequence_id
       LEFT JOIN memberships m ON m.team_id = e.team_id AND m.user_id = e.sender_user_id
      WHERE s.team_id = $1 AND s.id = $2 AND ($3::text IS NULL OR e.state = $3)
        AND ($4::bigint IS NULL OR (e.created_at, e.id) > (${cursorTime('$4')}, $5::uuid))
      ORDER BY e.created_at, e.id LIMIT $6`,
    [
      teamId,
      sequenceId,
      state ?? null,
      page.after?.micros ?? null,
      page.after?.id ?? null,
      page.limit + 1,
    ],
  );
  const { rows, next } = pageOf(read, page.limit);
  const history = await db.query<{
    enrollment_id: string;
    task_id: string;
    step_index: number;
    type: string;
    status: string;
    created_at: Date;
  }>(
    `SELECT st.enrollment_id, st.task_id, st.step_index, t.type, t.status, st.created_at
       FROM sequence_tasks st JOIN tasks t ON t.id = st.task_id
      WHERE st.enrollment_id = ANY ($1::uuid[]) ORDER BY st.created_at, t.id`,
    [rows.map((r) => r.id)],
  );
  const open = (s: EnrollmentState) => s === 'active' || s === 'waiting_acceptance';
  const enrollments = rows.map((r): EnrollmentView => {
    const step = r.steps[r.step_index];
    return {
      id: r.id,
      profile: { input: r.profile_input, profile_urn: r.profile_urn, name: r.name },
      state: r.state,
      sender_email: r.sender_email,
      sender_reason: r.sender_reason,
      custom: r.custom ?? {},
      current_step: open(r.state) && step ? { index: r.step_index, type: step.type } : null,
      next_run_at: open(r.state) ? iso(r.next_run_at) : null,
      waiting_reason: open(r.state) ? r.waiting_reason : null,
      error: r.error,
      enrolled_at: iso(r.created_at)!,
      history: history
        .filter((h) => h.enrollment_id === r.id)
        .map((h) => ({
          task_id: h.task_id,
          step: h.step_index,
          task_type: h.type,
          status: h.status,
          created_at: iso(h.created_at)!,
        })),
    };
  });
  return { enrollments, next };
}

/** Stops one person's enrollment; false when the sequence has no such enrollment. */
export async function stopEnrollment(
  db: Queryable,
  teamId: string,
  sequenceId: string,
  enrollmentId: string,
): Promise<boolean> {
  const [row] = await db.query<{ id: string }>(
    `SELECT e.id FROM sequence_enrollments e JOIN sequences s ON s.id = e.sequence_id WHERE s.team_id = $1 AND s.id = $2 AND e.id = $3`,
    [teamId, sequenceId, enrollmentId],
  );
  if (!row) return false;
  await cancelOpenTask(db, enrollmentId, {
    code: 'sequence_stopped',
    message: 'Cancelled: the person was taken out of the sequence',
  });
  await db.query(
    `UPDATE sequence_enrollments SET state = 'stopped', waiting_reason = NULL, phase = NULL, updated_at = now()
      WHERE id = $1 AND state IN ('active', 'waiting_acceptance')`,
    [enrollmentId],
  );
  return true;
}
