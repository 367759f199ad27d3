import type { Queryable } from '../db/database.js';
import type { EnrollmentRow } from './enrollment-row.js';
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

/**
 * One person enrolled twice through different identifier forms (a slug, then their URN) is seen
 * once a visit learns who the person is: of the team's open (or replied) enrollments of the same
 * person, the one that contacted them already stays, else the earliest; every other stops with
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
  await cancelOpenTask(tx, id, {
    code: 'sequence_stopped',
    message: 'Cancelled: the person is already enrolled under another form of their profile',
  });
  await tx.query(
    `UPDATE sequence_enrollments SET state = 'stopped', error = $2, phase = NULL, waiting_reason = NULL, updated_at = now()
      WHERE id = $1 AND state IN ('active', 'waiting_acceptance')`,
    [id, why],
  );
}
