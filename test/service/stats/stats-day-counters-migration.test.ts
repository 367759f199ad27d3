import { describe, expect, test } from 'vitest';
import { withScratchDatabase } from '../../support/scratch-database.js';
import { migrate } from '../../../src/service/db/migrate.js';
import { watchlistStats } from '../../../src/service/stats/watchlist-stats.js';
import { sequenceStats } from '../../../src/service/stats/sequence-stats.js';
import {
  insertEnrollments,
  insertSequence,
  insertWatchlistPosts,
} from '../../support/stats-fixtures.js';

/**
 * Migration 047 on a database that already holds posts and sequence people: the day counters are
 * filled from the hours, and the aggregates read through them give what the rows give.
 */
describe('047_stats_day_counters on an existing database', () => {
  test('the day counters sum the hours written before it', async () => {
    await withScratchDatabase(async (raw) => {
      await migrate(raw, { through: '046_memberships_marked_in_place.sql' });
      const [teamId, userId, wl] = [1, 2, 3].map(() => crypto.randomUUID());
      await raw.query(
        `INSERT INTO teams (id, name, api_key_hash, api_key_encrypted) VALUES ($1, 't', $2, 'x')`,
        [teamId, Buffer.from(teamId!)],
      );
      await raw.query('INSERT INTO users (id, email, full_name) VALUES ($1, $2, $3)', [
        userId,
        'ada@days.test',
        'Ada',
      ]);
      await raw.query(
        `INSERT INTO watchlists (id, team_id, type, name, slug) VALUES ($1, $2, 'keyword', 'w', 'w')`,
        [wl, teamId],
      );
      const db = { ctx: { db: raw } };
      await insertWatchlistPosts(db, teamId!, wl!, [
        { at: '2026-03-01T10:00:00Z', likes: 9, author: 'Ann' },
        { at: '2026-03-01T23:30:00Z', likes: 3, author: 'Ben', trending: true },
        { at: '2026-03-02T00:10:00Z', likes: 5, author: 'Cat' },
        { at: '2026-03-02T00:50:00Z', likes: 2, author: 'Ann' },
      ]);
      const seq = await insertSequence(db, teamId!, userId!);
      await insertEnrollments(db, teamId!, seq, [
        { sender: userId!, enrolled: '2026-03-01T22:00:00Z', invited: '2026-03-02T01:00:00Z' },
        { sender: userId!, enrolled: '2026-03-02T09:00:00Z' },
      ]);

      expect(await migrate(raw)).toContain('047_stats_day_counters.sql');
      const days = await raw.query(
        `SELECT to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, posts, engagement::int AS engagement, trending
           FROM watchlist_post_days WHERE watchlist_id = $1 ORDER BY day`,
        [wl],
      );
      expect(days).toEqual([
        { day: '2026-03-01', posts: 2, engagement: 12, trending: 1 },
        { day: '2026-03-02', posts: 2, engagement: 7, trending: 0 },
      ]);
      const steps = await raw.query(
        `SELECT to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, enrolled, invited
           FROM sequence_step_days WHERE sequence_id = $1 ORDER BY day`,
        [seq],
      );
      expect(steps).toEqual([
        { day: '2026-03-01', enrolled: 1, invited: 0 },
        { day: '2026-03-02', enrolled: 1, invited: 1 },
      ]);

      for (const tz of ['UTC', 'Europe/Paris'])
        for (const bucket of ['day', 'week'] as const) {
          const range = { from: '2026-02-25', to: '2026-03-08', bucket, tz };
          expect(await watchlistStats(raw, teamId!, wl!, range)).toEqual(
            await watchlistStats(raw, teamId!, wl!, range, 'rows'),
          );
          expect(await sequenceStats(raw, teamId!, seq, range)).toEqual(
            await sequenceStats(raw, teamId!, seq, range, 'rows'),
          );
        }
    });
  });
});
