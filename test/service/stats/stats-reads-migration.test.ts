import { describe, expect, test } from 'vitest';
import { withScratchDatabase } from '../../support/scratch-database.js';
import { migrate } from '../../../src/service/db/migrate.js';
import { watchlistStats } from '../../../src/service/stats/watchlist-stats.js';
import { memberStats } from '../../../src/service/stats/member-stats.js';
import { insertWatchlistPosts } from '../../support/stats-fixtures.js';

/**
 * Migrations 032 and 032b on a database that already holds posts and tasks: the aggregates read
 * through their sum, indexes and yearly counters give what the rows give, and the member's uses
 * are read with the team.
 */
describe('032_stats_reads and 032b_watchlist_author_years on an existing database', () => {
  test('the aggregates agree with the rows written before it', async () => {
    await withScratchDatabase(async (raw) => {
      await migrate(raw, { through: '031c_watchlist_post_authors.sql' });
      const [teamId, otherTeam, userId, wl] = [1, 2, 3, 4].map(() => crypto.randomUUID());
      for (const [i, t] of [teamId, otherTeam].entries())
        await raw.query(
          `INSERT INTO teams (id, name, api_key_hash, api_key_encrypted) VALUES ($1, $2, $3, 'x')`,
          [t, `t${i}`, Buffer.from(t!)],
        );
      await raw.query('INSERT INTO users (id, email, full_name) VALUES ($1, $2, $3)', [
        userId,
        'ada@upgrade.test',
        'Ada',
      ]);
      await raw.query(
        `INSERT INTO memberships (team_id, email, user_id, role, joined_at) VALUES ($1, 'ada@upgrade.test', $2, 'admin', now())`,
        [teamId, userId],
      );
      await raw.query(
        `INSERT INTO watchlists (id, team_id, type, name, slug) VALUES ($1, $2, 'keyword', 'w', 'w')`,
        [wl, teamId],
      );
      const db = { ctx: { db: raw } };
      await insertWatchlistPosts(db, teamId!, wl!, [
        { at: '2026-03-01T10:00:00Z', likes: 900, author: 'Ann' },
        { at: '2026-03-05T10:00:00Z', likes: 30, author: 'Ann' },
        { at: '2026-03-06T10:00:00Z', likes: 50, author: 'Ben' },
        { at: '2026-03-07T10:00:00Z', likes: 20, author: 'Cat' },
      ]);
      // Ada's uses: 3 ended in the last day for this team, 1 for another team, 1 still running.
      await raw.query(
        `INSERT INTO tasks (id, team_id, type, input, status, claimed_by, created_at, finished_at)
         SELECT gen_random_uuid(), CASE WHEN g = 4 THEN $2::uuid ELSE $1::uuid END, 'agent_like_post', '{}',
                CASE WHEN g = 5 THEN 'processing' ELSE 'completed' END, $3,
                now() - g * interval '1 hour', CASE WHEN g = 5 THEN NULL ELSE now() - g * interval '1 hour' END
           FROM generate_series(1, 5) g`,
        [teamId, otherTeam, userId],
      );

      expect(await migrate(raw)).toEqual(
        expect.arrayContaining(['032_stats_reads.sql', '032b_watchlist_author_years.sql']),
      );
      const [index] = await raw.query<{ def: string }>(
        `SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'tasks_member_use' AND schemaname = current_schema()`,
      );
      expect(index!.def).toMatch(/INCLUDE \(type, team_id\)/);

      const range = { from: '2026-03-02', to: '2026-03-31', bucket: 'week' as const, tz: 'UTC' };
      const counted = await watchlistStats(raw, teamId!, wl!, range);
      expect(counted.totals.top_authors.map((a) => [a.author_name, a.posts, a.engagement])).toEqual(
        [
          ['Ben', 1, 50],
          ['Ann', 1, 30],
          ['Cat', 1, 20],
        ],
      );
      expect(counted).toEqual(await watchlistStats(raw, teamId!, wl!, range, 'rows'));
      // 2026 whole, from the yearly counters filled by 032b.
      const around = { from: '2025-12-01', to: '2027-01-31', bucket: 'week' as const, tz: 'UTC' };
      const yearly = await watchlistStats(raw, teamId!, wl!, around);
      expect(yearly.totals.top_authors.map((a) => [a.author_name, a.posts, a.engagement])).toEqual([
        ['Ann', 2, 930],
        ['Ben', 1, 50],
        ['Cat', 1, 20],
      ]);
      expect(yearly).toEqual(await watchlistStats(raw, teamId!, wl!, around, 'rows'));

      const day = (ago: number) =>
        new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
      const member = await memberStats(raw, teamId!, 'ada@upgrade.test', {
        from: day(1),
        to: day(0),
        bucket: 'day',
        tz: 'UTC',
      });
      const like = member.totals.budgets.find((b) => b.task_type === 'agent_like_post')!;
      // The windows are the account's (both teams), a running task in each.
      expect([like.used_last_day, like.used_last_7_days, like.used_last_30_days]).toEqual([
        5, 5, 5,
      ]);
      // The actions are this team's, ended in the range.
      expect(member.totals.actions).toEqual({ agent_like_post: 3 });
    });
  });
});
