import { expect, test } from 'vitest';
import { migrate } from '../../../src/service/db/migrate.js';
import { withScratchDatabase } from '../../support/scratch-database.js';
import type { Database } from '../../../src/service/db/database.js';

/**
 * The scheduler's due times live in `watchlist_schedule` (migration 049): what a database held in
 * `watchlists` before it is carried over, and the table follows every watchlist written after it.
 */
const scheduleOf = async (db: Database, id: string) =>
  (
    await db.query<{ paused: boolean; due_in_hours: number | null; planned: boolean }>(
      `SELECT paused, round(EXTRACT(EPOCH FROM (next_due_at - now())) / 3600)::int AS due_in_hours,
              last_planned_at IS NOT NULL AS planned
         FROM watchlist_schedule WHERE watchlist_id = $1`,
      [id],
    )
  )[0];

const insertWatchlist = (db: Database, team: string, name: string, disabled = false) =>
  db
    .query<{ id: string }>(
      `INSERT INTO watchlists (id, team_id, type, name, slug, disabled)
       VALUES (gen_random_uuid(), $1, 'keyword', $2, $2, $3) RETURNING id`,
      [team, name, disabled],
    )
    .then((rows) => rows[0]!.id);

test('due times, last plannings and pauses written before the migration are carried over', async () => {
  await withScratchDatabase(async (db) => {
    await migrate(db, { through: '048_scheduler_side_by_side.sql' });
    const team = crypto.randomUUID();
    await db.query(
      `INSERT INTO teams (id, name, api_key_hash, api_key_encrypted) VALUES ($1, 't', $2, 'x')`,
      [team, Buffer.from(team)],
    );
    const planned = await insertWatchlist(db, team, 'planned');
    await db.query(
      `UPDATE watchlists SET next_due_at = now() + interval '5 hours', last_planned_at = now() WHERE id = $1`,
      [planned],
    );
    const fresh = await insertWatchlist(db, team, 'fresh');
    const paused = await insertWatchlist(db, team, 'paused', true);

    expect(await migrate(db)).toContain('049_watchlist_schedule.sql');
    expect(await scheduleOf(db, planned)).toEqual({
      paused: false,
      due_in_hours: 5,
      planned: true,
    });
    expect(await scheduleOf(db, fresh)).toEqual({
      paused: false,
      due_in_hours: null,
      planned: false,
    });
    expect(await scheduleOf(db, paused)).toEqual({
      paused: true,
      due_in_hours: null,
      planned: false,
    });
  });
});

test('a new watchlist is scheduled; a pause follows `disabled`; a resumed one is due at once', async () => {
  await withScratchDatabase(async (db) => {
    await migrate(db);
    const team = crypto.randomUUID();
    await db.query(
      `INSERT INTO teams (id, name, api_key_hash, api_key_encrypted) VALUES ($1, 't', $2, 'x')`,
      [team, Buffer.from(team)],
    );
    const id = await insertWatchlist(db, team, 'w');
    const stillPaused = await insertWatchlist(db, team, 'p', true);
    expect(await scheduleOf(db, id)).toEqual({ paused: false, due_in_hours: null, planned: false });
    expect((await scheduleOf(db, stillPaused))!.paused).toBe(true);

    await db.query(
      `UPDATE watchlist_schedule SET next_due_at = now() + interval '3 hours', last_planned_at = now()
        WHERE watchlist_id = $1`,
      [id],
    );
    await db.query('UPDATE watchlists SET disabled = true WHERE id = $1', [id]);
    expect(await scheduleOf(db, id)).toEqual({ paused: true, due_in_hours: 3, planned: true });
    // Another field written leaves the schedule alone.
    await db.query(`UPDATE watchlists SET name = 'renamed' WHERE id = $1`, [id]);
    expect(await scheduleOf(db, id)).toEqual({ paused: true, due_in_hours: 3, planned: true });

    await db.query('UPDATE watchlists SET disabled = false WHERE id = $1', [id]);
    expect(await scheduleOf(db, id)).toEqual({ paused: false, due_in_hours: null, planned: true });

    await db.query('DELETE FROM watchlists WHERE id = $1', [id]);
    expect(await scheduleOf(db, id)).toBeUndefined();
  });
});
