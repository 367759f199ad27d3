import { describe, expect, test } from 'vitest';
import { withScratchDatabase } from '../../support/scratch-database.js';
import { migrate } from '../../../src/service/db/migrate.js';

/**
 * Migration 039 on a database that holds one person three times in a sequence (by a mixed-case
 * slug with their URN, by URN alone, contacted, and by slug alone, a step queued): one row stays,
 * the contacted one, with the others' history; the queued step is cancelled; the counters count
 * one person; and the sequence cannot take the person twice again.
 */
describe('039_one_person on an existing database', () => {
  test('merges the rows of one person in a sequence into the one that contacted them', async () => {
    await withScratchDatabase(async (db) => {
      await migrate(db, { through: '039' });
      const [teamId, userId, seq, bySlugAndUrn, byUrn, bySlug, other, task, queued] = Array.from(
        { length: 9 },
        () => crypto.randomUUID(),
      );
      const URN = 'urn:li:fsd_profile:ACoAAMigrated01';
      await db.query(
        `INSERT INTO teams (id, name, api_key_hash, api_key_encrypted) VALUES ($1, 't', $2, 'x')`,
        [teamId, Buffer.from(teamId!)],
      );
      await db.query(`INSERT INTO users (id, email, full_name) VALUES ($1, 'ada@m.test', 'Ada')`, [
        userId,
      ]);
      await db.query(
        `INSERT INTO sequences (id, team_id, name, sender_user_id, steps) VALUES ($1, $2, 's', $3, '[]')`,
        [seq, teamId, userId],
      );
      const enroll = (
        id: string,
        input: string,
        slug: string | null,
        urn: string | null,
        min: number,
      ) =>
        db.query(
          `INSERT INTO sequence_enrollments (id, sequence_id, team_id, profile_input, profile_slug, profile_urn, sender_user_id, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(mins => $8))`,
          [id, seq, teamId, input, slug, urn, userId, min],
        );
      await enroll(bySlugAndUrn!, 'Dup-Slug', 'Dup-Slug', URN, 30);
      await enroll(byUrn!, URN, null, URN, 20);
      await enroll(bySlug!, 'dup-slug', 'dup-slug', null, 10);
      await enroll(other!, 'someone-else', 'someone-else', null, 5);
      await db.query(
        `UPDATE sequence_enrollments SET invited_at = now() - interval '15 minutes', state = 'waiting_acceptance' WHERE id = $1`,
        [byUrn],
      );
      for (const [id, status, enrollment] of [
        [task, 'completed', byUrn],
        [queued, 'pending', bySlug],
      ] as const) {
        await db.query(
          `INSERT INTO tasks (id, team_id, type, input, status) VALUES ($1, $2, 'agent_profile_fetch', '{}', $3)`,
          [id, teamId, status],
        );
        await db.query(
          'INSERT INTO sequence_tasks (enrollment_id, task_id, step_index) VALUES ($1, $2, 0)',
          [enrollment, id],
        );
      }
      await db.query('UPDATE sequence_enrollments SET current_task_id = $2 WHERE id = $1', [
        bySlug,
        queued,
      ]);

      expect(await migrate(db)).toEqual(expect.arrayContaining(['039_one_person.sql']));
      const rows = await db.query<{
        id: string;
        profile_urn: string | null;
        invited_at: Date | null;
      }>(
        'SELECT id, profile_urn, invited_at FROM sequence_enrollments WHERE sequence_id = $1 ORDER BY created_at',
        [seq],
      );
      expect(rows.map((r) => r.id)).toEqual([byUrn, other]);
      expect(rows[0]!.invited_at).not.toBeNull();
      const history = await db.query<{ task_id: string }>(
        'SELECT task_id FROM sequence_tasks WHERE enrollment_id = $1 ORDER BY task_id',
        [byUrn],
      );
      expect(history.map((h) => h.task_id).sort()).toEqual([task, queued].sort());
      const [cancelled] = await db.query<{ status: string; error: { code: string } }>(
        'SELECT status, error FROM tasks WHERE id = $1',
        [queued],
      );
      expect(cancelled).toMatchObject({ status: 'failed', error: { code: 'sequence_stopped' } });
      const [counted] = await db.query<{ enrolled: number; invited: number }>(
        'SELECT sum(enrolled)::int AS enrolled, sum(invited)::int AS invited FROM sequence_step_hours WHERE sequence_id = $1',
        [seq],
      );
      expect(counted).toEqual({ enrolled: 2, invited: 1 });
      await expect(enroll(crypto.randomUUID(), URN, null, URN, 0)).rejects.toThrow();
      await expect(
        enroll(crypto.randomUUID(), 'someone-else', 'someone-else', null, 0),
      ).rejects.toThrow();
    });
    // Every migration runs from an empty database (no cached image), twice as slow on a busy machine.
  }, 120_000);
});
