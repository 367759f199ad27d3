import type { BenchService } from './setup.js';

/**
 * `people` people in one new sequence of the bench team, sent by `sender`: one enrolled every
 * 5 minutes back from 2026-01-01 (100,000 span 347 days); 80% invited an hour later, half of those
 * accepted a day later and messaged an hour after, a quarter of those replied a day later. Returns
 * the sequence id.
 *
 * Speed: one generate_series statement, with the per-person counter trigger (migration 031b) off
 * during it and the sequence's counters written after in one grouped statement, as the migration
 * fills them for existing people.
 */
export async function loadSequencePeople(
  svc: BenchService,
  sender: string,
  people: number,
): Promise<string> {
  const { db } = svc.ctx;
  const seq = crypto.randomUUID();
  await db.query(
    `INSERT INTO sequences (id, team_id, name, sender_user_id, steps) VALUES ($1, $2, 'bench', $3, '[]')`,
    [seq, svc.teamId, sender],
  );
  await db.query('ALTER TABLE sequence_enrollments DISABLE TRIGGER sequence_step_hours_inserted');
  try {
    await db.query(
      `INSERT INTO sequence_enrollments (id, sequence_id, team_id, profile_input, profile_slug, sender_user_id,
                                         created_at, invited_at, accepted_at, messaged_at, replied_at)
       SELECT gen_random_uuid(), $1, $2, 'person-' || g, 'person-' || g, $3, at,
              CASE WHEN g % 5 <> 0 THEN at + interval '1 hour' END,
              CASE WHEN g % 5 <> 0 AND g % 2 = 0 THEN at + interval '25 hours' END,
              CASE WHEN g % 5 <> 0 AND g % 2 = 0 THEN at + interval '26 hours' END,
              CASE WHEN g % 5 <> 0 AND g % 8 = 0 THEN at + interval '50 hours' END
         FROM generate_series(1, $4::int) g, LATERAL (SELECT timestamptz '2026-01-01' - g * interval '5 minutes' AS at) t`,
      [seq, svc.teamId, sender, people],
    );
  } finally {
    await db.query('ALTER TABLE sequence_enrollments ENABLE TRIGGER sequence_step_hours_inserted');
  }
  await db.query(
    `INSERT INTO sequence_step_hours (sequence_id, sender_user_id, hour, enrolled, invited, accepted, messaged, replied)
     SELECT e.sequence_id, e.sender_user_id, utc_hour(x.at),
            count(*) FILTER (WHERE x.kind = 'enrolled'), count(*) FILTER (WHERE x.kind = 'invited'),
            count(*) FILTER (WHERE x.kind = 'accepted'), count(*) FILTER (WHERE x.kind = 'messaged'),
            count(*) FILTER (WHERE x.kind = 'replied')
       FROM sequence_enrollments e
      CROSS JOIN LATERAL (VALUES ('enrolled', e.created_at), ('invited', e.invited_at), ('accepted', e.accepted_at),
                                 ('messaged', e.messaged_at), ('replied', e.replied_at)) AS x(kind, at)
      WHERE e.sequence_id = $1 AND x.at IS NOT NULL
      GROUP BY 1, 2, 3`,
    [seq],
  );
  await db.query('VACUUM ANALYZE sequence_enrollments');
  await db.query('VACUUM ANALYZE sequence_step_hours');
  return seq;
}

/**
 * A member's `tasks` completed tasks, evenly over the last 365 days up to now, of four kinds in
 * turn (what GET /api-stats/members counts), written as one statement through the tasks' triggers.
 */
export async function loadMemberTasks(
  svc: BenchService,
  userId: string,
  tasks: number,
): Promise<void> {
  const { db } = svc.ctx;
  await db.query(
    `INSERT INTO tasks (id, team_id, type, input, status, claimed_by, created_at, finished_at)
     SELECT gen_random_uuid(), $1, (ARRAY['agent_like_post', 'agent_profile_fetch', 'agent_comment_post', 'agent_connections_fetch'])[1 + g % 4],
            '{}', 'completed', $2, at - interval '1 minute', at
       FROM generate_series(1, $3::int) g, LATERAL (SELECT now() - g * (interval '365 days' / $3::int) AS at) t`,
    [svc.teamId, userId, tasks],
  );
  await db.query('VACUUM ANALYZE tasks');
}
