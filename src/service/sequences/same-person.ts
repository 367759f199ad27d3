import type { Queryable } from '../db/database.js';
import type { EnrollmentRow } from './enrollment-row.js';
import type { TaskError } from '../../contract/task-types.js';
import { cancelOpenTask } from './stop-on-reply.js';

interface Other {
  id: string;
  sequence_name: string;
  profile_input: string;
  state: string;
  created_at: Date;
  contacted: boolean;
}

const OPEN = ['active', 'waiting_acceptance'];

const CANCELLED_AS_SAME: TaskError = {
  code: 'sequence_stopped',
  message: 'Cancelled: the person is already enrolled under another form of their profile',
};

interface Row {
  id: string;
  state: string;
  created_at: Date;
  invited_at: Date | null;
  messaged_at: Date | null;
  replied_at: Date | null;
}

/** Which of two rows of one person stays: the one replied to, else contacted, else open, else the earlier. */
function rank(r: Row): [number, number, number, number] {
  return [
    r.replied_at ? 0 : 1,
    r.invited_at || r.messaged_at ? 0 : 1,
    OPEN.includes(r.state) ? 0 : 1,
    new Date(r.created_at).getTime(),
  ];
}

function before(a: Row, b: Row): boolean {
  const ra = rank(a);
  const rb = rank(b);
  for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i]! < rb[i]!;
  return a.id < b.id;
}

/**
 * One person, one row (docs/sequences.md): once a visit learns who the person of `e` is (`urn`,
 * and `slug` when known), rows of the same sequence for that person under another form of their
 * profile merge into one, so that the funnel counts each person once. The row the person replied
 * to stays, else the one that contacted them, else an open one, else the earliest; what happened
 * under the others (invited, accepted, messaged, replied) is the kept row's, their tasks join its
 * history, a task of theirs not yet started is cancelled, and they are removed. Answers whether
 * `e` itself was merged into another (then it is gone, and the kept row knows the person's URN).
 */
export async function mergeSamePerson(
  tx: Queryable,
  e: EnrollmentRow,
  urn: string,
  slug: string | null,
): Promise<boolean> {
  const same = await tx.query<Row>(
    `SELECT id, state, created_at, invited_at, messaged_at, replied_at FROM sequence_enrollments
      WHERE sequence_id = $1 AND id <> $2 AND (profile_urn = $3 OR ($4::text IS NOT NULL AND profile_slug = $4))
      ORDER BY created_at, id FOR UPDATE`,
    [e.sequence_id, e.id, urn, slug],
  );
  if (same.length === 0) return false;
  let keeper: Row = e;
  for (const r of same) if (before(r, keeper)) keeper = r;
  for (const r of [e, ...same]) if (r.id !== keeper.id) await mergeInto(tx, keeper.id, r.id);
  if (keeper.id === e.id) return false;
  await tx.query(
    `UPDATE sequence_enrollments SET profile_urn = COALESCE(profile_urn, $2), profile_slug = COALESCE(profile_slug, $3),
            updated_at = now() WHERE id = $1`,
    [keeper.id, urn, slug],
  );
  return true;
}

/** Row `gone` becomes part of row `kept`: its facts, its custom fields kept lacks, its history. */
async function mergeInto(tx: Queryable, kept: string, gone: string): Promise<void> {
  await cancelOpenTask(tx, gone, CANCELLED_AS_SAME);
  await tx.query(
    `UPDATE sequence_enrollments k
        SET invited_at = LEAST(k.invited_at, g.invited_at), accepted_at = LEAST(k.accepted_at, g.accepted_at),
            messaged_at = LEAST(k.messaged_at, g.messaged_at), replied_at = LEAST(k.replied_at, g.replied_at),
            custom = g.custom || k.custom, fields = g.fields || k.fields, updated_at = now()
       FROM sequence_enrollments g
      WHERE k.id = $1 AND g.id = $2`,
    [kept, gone],
  );
  await tx.query('UPDATE sequence_tasks SET enrollment_id = $1 WHERE enrollment_id = $2', [
    kept,
    gone,
  ]);
  await tx.query('DELETE FROM sequence_enrollments WHERE id = $1', [gone]);
}

/**
 * One person enrolled in two sequences through different identifier forms (a slug, then their
 * URN) is seen once a visit learns who the person is: of the team's open (or replied) enrollments
 * of the same person, the one that contacted them already stays, else the earliest; every other stops with
 * the reason, its step's task not yet started cancelled, so nothing is sent twice. Answers whether
 * `e` itself stopped.
 */
export async function stopEnrolledTwice(
  tx: Queryable,
  e: EnrollmentRow,
  urn: string,
  slug: string | null,
): Promise<boolean> {
  const others = await tx.query<Other>(
    `SELECT e.id, s.name AS sequence_name, e.profile_input, e.state, e.created_at,
            (e.invited_at IS NOT NULL OR e.messaged_at IS NOT NULL) AS contacted
       FROM sequence_enrollments e JOIN sequences s ON s.id = e.sequence_id
      WHERE e.team_id = $1 AND e.id <> $2 AND e.state IN ('active', 'waiting_acceptance', 'replied')
        AND (e.profile_urn = $3 OR ($4::text IS NOT NULL AND e.profile_slug = $4))
      ORDER BY e.created_at, e.id`,
    [e.team_id, e.id, urn, slug],
  );
  if (others.length === 0) return false;
  const meContacted = Boolean(e.invited_at || e.messaged_at);
  const keeper =
    others.find((o) => o.state === 'replied') ??
    others.find((o) => o.contacted && !meContacted) ??
    (meContacted ? null : others.find((o) => o.created_at < e.created_at)) ??
    null;
  if (keeper) {
    await stop(tx, e.id, reason(keeper));
    return true;
  }
  const me = { sequence_name: '', profile_input: e.profile_input };
  const [self] = await tx.query<{ name: string }>('SELECT name FROM sequences WHERE id = $1', [
    e.sequence_id,
  ]);
  me.sequence_name = self?.name ?? '';
  for (const o of others) if (OPEN.includes(o.state)) await stop(tx, o.id, reason(me));
  return false;
}

function reason(kept: { sequence_name: string; profile_input: string }): string {
  return `the same person as “${kept.profile_input}” in the sequence “${kept.sequence_name}”, enrolled under another form of their profile: stopped so that nothing is sent to them twice`;
}

async function stop(tx: Queryable, id: string, why: string): Promise<void> {
  await cancelOpenTask(tx, id, CANCELLED_AS_SAME);
  await tx.query(
    `UPDATE sequence_enrollments SET state = 'stopped', error = $2, phase = NULL, waiting_reason = NULL, updated_at = now()
      WHERE id = $1 AND state IN ('active', 'waiting_acceptance')`,
    [id, why],
  );
}
