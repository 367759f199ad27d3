import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { insertKeywordWatchlist } from '../../support/collection-fixtures.js';
import {
  insertEnrollments,
  insertSequence,
  insertWatchlistPosts,
} from '../../support/stats-fixtures.js';
import { watchlistStats } from '../../../src/service/stats/watchlist-stats.js';
import { sequenceStats } from '../../../src/service/stats/sequence-stats.js';
import { counterUnit, servedByHours } from '../../../src/service/stats/range.js';

/**
 * The hourly counters (migration 031b) against the rows they count, after inserts, updates,
 * deletes and a removed sender; and the aggregates read from them against the same aggregates
 * read from the rows (a zone with a half-hour offset reads the rows).
 */
let svc: TestService;
let team: AgentTeam;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Counted', [
    { email: 'ada@counters.test', role: 'admin' },
    { email: 'bob@counters.test' },
  ]);
});
afterAll(() => svc.close());

/** The counters per UTC hour (migration 031b) or day (047) of a watchlist's posts. */
type Unit = 'hour' | 'day';
const postCountsFromRows = (unit: Unit) =>
  svc.ctx.db.query(
    `SELECT watchlist_id, utc_${unit}(posted_at) AS ${unit}, count(*)::int AS posts, sum(engagement)::int AS engagement,
            (count(*) FILTER (WHERE trending))::int AS trending
       FROM watchlist_posts GROUP BY 1, 2 ORDER BY 1, 2`,
  );
const postCounts = (unit: Unit) =>
  svc.ctx.db.query(
    `SELECT watchlist_id, ${unit}, posts, engagement::int AS engagement, trending
       FROM watchlist_post_${unit}s ORDER BY 1, 2`,
  );
/** Per watchlist, UTC month and author, recounted from the links and their posts' authors. */
const authorMonthsFromPosts = () =>
  svc.ctx.db.query(
    `SELECT wp.watchlist_id, utc_month(wp.posted_at) AS month, p.author_url, count(*)::int AS posts,
            sum(wp.engagement)::int AS engagement
       FROM watchlist_posts wp JOIN posts p ON p.id = wp.post_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
/** Per watchlist, UTC year and author, recounted the same way. */
const authorYearsFromPosts = () =>
  svc.ctx.db.query(
    `SELECT wp.watchlist_id, utc_year(wp.posted_at) AS year, p.author_url, count(*)::int AS posts,
            sum(wp.engagement)::int AS engagement
       FROM watchlist_posts wp JOIN posts p ON p.id = wp.post_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
const authorYears = () =>
  svc.ctx.db.query(
    `SELECT watchlist_id, year, author_url, posts, engagement::int AS engagement
       FROM watchlist_author_years ORDER BY 1, 2, 3`,
  );
const authorMonths = () =>
  svc.ctx.db.query(
    `SELECT watchlist_id, month, author_url, posts, engagement::int AS engagement
       FROM watchlist_author_months ORDER BY 1, 2, 3`,
  );
/** The counters per sequence, sender and UTC hour or day of its people's steps. */
const stepCountsFromRows = (unit: Unit) =>
  svc.ctx.db.query(
    `SELECT e.sequence_id, e.sender_user_id, utc_${unit}(x.at) AS ${unit},
            (count(*) FILTER (WHERE x.kind = 'enrolled'))::int AS enrolled, (count(*) FILTER (WHERE x.kind = 'invited'))::int AS invited,
            (count(*) FILTER (WHERE x.kind = 'accepted'))::int AS accepted, (count(*) FILTER (WHERE x.kind = 'messaged'))::int AS messaged,
            (count(*) FILTER (WHERE x.kind = 'replied'))::int AS replied
       FROM sequence_enrollments e
      CROSS JOIN LATERAL (VALUES ('enrolled', e.created_at), ('invited', e.invited_at), ('accepted', e.accepted_at),
                                 ('messaged', e.messaged_at), ('replied', e.replied_at)) AS x(kind, at)
      WHERE x.at IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 3, 2`,
  );
const stepCounts = (unit: Unit) =>
  svc.ctx.db.query(
    `SELECT sequence_id, sender_user_id, ${unit}, enrolled, invited, accepted, messaged, replied
       FROM sequence_step_${unit}s ORDER BY 1, 3, 2`,
  );

describe('the hour and day counters', () => {
  test('whole-hour zones are served by them, others by the rows', () => {
    const r = { from: '2026-03-01', to: '2026-03-31', bucket: 'day' as const };
    expect(servedByHours({ ...r, tz: 'UTC' })).toBe(true);
    expect(servedByHours({ ...r, tz: 'America/New_York' })).toBe(true);
    expect(servedByHours({ ...r, tz: 'Asia/Kolkata' })).toBe(false);
    expect(servedByHours({ ...r, tz: 'Asia/Kathmandu' })).toBe(false);
    // Lord Howe: +11 in its summer, +10:30 from April.
    expect(servedByHours({ ...r, tz: 'Australia/Lord_Howe' })).toBe(true);
    expect(servedByHours({ ...r, to: '2026-05-01', tz: 'Australia/Lord_Howe' })).toBe(false);
    // Whole UTC days fit in a week anywhere, and in a day only in UTC.
    expect(counterUnit({ ...r, tz: 'UTC' })).toBe('days');
    expect(counterUnit({ ...r, tz: 'Europe/Paris' })).toBe('hours');
    expect(counterUnit({ ...r, bucket: 'week', tz: 'Europe/Paris' })).toBe('days');
  });

  test('posts: equal to the rows after filing, re-reads, moves and deletions', async () => {
    const wl = await insertKeywordWatchlist(svc, team.id, ['a']);
    const other = await insertKeywordWatchlist(svc, team.id, ['b']);
    await insertWatchlistPosts(svc, team.id, wl, [
      { at: '2026-03-02T10:05:00Z', likes: 10, author: 'Ann' },
      { at: '2026-03-02T10:55:00Z', likes: 5, comments: 1, author: 'Ben', trending: true },
      { at: '2026-03-02T11:00:00Z', likes: 1, author: 'Cat' },
      { at: '2026-03-03T00:30:00Z', likes: 2, author: 'Dan' },
    ]);
    await insertWatchlistPosts(svc, team.id, other, [
      { at: '2026-03-02T10:10:00Z', likes: 7, author: 'Eli' },
    ]);
    expect(await postCounts('hour')).toEqual(await postCountsFromRows('hour'));
    expect(await postCounts('day')).toEqual(await postCountsFromRows('day'));
    const hourOf = await postCounts('hour');
    expect(hourOf.filter((h) => (h as { watchlist_id: string }).watchlist_id === wl)).toHaveLength(
      3,
    );

    // A re-read changes engagement and trending; a post moves to another hour; one is deleted.
    await svc.ctx.db.query(
      `UPDATE watchlist_posts SET engagement = engagement + 5, trending = NOT trending WHERE watchlist_id = $1`,
      [wl],
    );
    await svc.ctx.db.query(
      `UPDATE watchlist_posts SET posted_at = '2026-03-05T08:00:00Z' WHERE watchlist_id = $1 AND engagement = 6`,
      [wl],
    );
    await svc.ctx.db.query(
      `DELETE FROM watchlist_posts WHERE watchlist_id = $1 AND posted_at = '2026-03-03T00:30:00Z'`,
      [wl],
    );
    expect(await postCounts('hour')).toEqual(await postCountsFromRows('hour'));
    expect(await postCounts('day')).toEqual(await postCountsFromRows('day'));

    const range = { from: '2026-03-01', to: '2026-03-07', bucket: 'day' as const, tz: 'UTC' };
    const fromHours = await watchlistStats(svc.ctx.db, team.id, wl, range);
    const fromRows = await watchlistStats(svc.ctx.db, team.id, wl, range, 'rows');
    expect(fromHours.buckets).toEqual(fromRows.buckets);
    expect(fromHours.totals.posts).toBe(3);
    expect(fromHours.totals.engagement).toBe(15 + 12 + 6);

    // Deleting the watchlist takes its counters with it.
    await svc.ctx.db.query('DELETE FROM watchlists WHERE id = $1', [wl]);
    expect(await postCounts('hour')).toEqual(await postCountsFromRows('hour'));
    expect(await postCounts('day')).toEqual(await postCountsFromRows('day'));
    expect(await postCounts('hour')).toHaveLength(1);
    expect(await postCounts('day')).toHaveLength(1);
  });

  test('authors by month: equal to a recount after filing, re-reads, renames, moves and deletions', async () => {
    const wl = await insertKeywordWatchlist(svc, team.id, ['m']);
    const other = await insertKeywordWatchlist(svc, team.id, ['n']);
    await insertWatchlistPosts(svc, team.id, wl, [
      { at: '2026-02-27T09:00:00Z', likes: 40, author: 'Ann' },
      { at: '2026-02-28T20:00:00Z', likes: 30, author: 'Ben' },
      { at: '2026-03-01T10:00:00Z', likes: 500, author: 'Zed' },
      { at: '2026-03-02T10:00:00Z', likes: 20, author: 'Ann' },
      { at: '2026-03-02T11:00:00Z', likes: 25, author: 'Cat' },
      { at: '2026-03-10T11:00:00Z', likes: 12, author: 'Dan' },
      { at: '2026-03-16T11:00:00Z', likes: 9, author: 'Eli' },
      { at: '2026-03-17T01:00:00Z', likes: 8, author: 'Fay' },
      { at: '2026-03-30T23:30:00Z', likes: 60, author: 'Gus' },
      { at: '2026-03-31T23:30:00Z', likes: 70, author: 'Hal' },
      { at: '2026-04-01T02:00:00Z', likes: 15, author: 'Ann' },
      // Around a whole year (2026), which the yearly counters give.
      { at: '2025-12-15T10:00:00Z', likes: 45, author: 'Ben' },
      { at: '2027-01-10T10:00:00Z', likes: 33, author: 'Cat' },
      { at: '2027-02-01T00:30:00Z', likes: 80, author: 'Dan' },
    ]);
    await insertWatchlistPosts(svc, team.id, other, [
      { at: '2026-03-02T10:10:00Z', likes: 900, author: 'Ivy' },
    ]);
    expect(await authorMonths()).toEqual(await authorMonthsFromPosts());
    expect(await authorYears()).toEqual(await authorYearsFromPosts());

    const ranges = [
      { from: '2026-03-02', to: '2026-03-31' },
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-02-20', to: '2026-03-10' },
      { from: '2026-03-16', to: '2026-03-17' },
      { from: '2026-03-31', to: '2026-04-01' },
      { from: '2026-02-01', to: '2026-04-30' },
      { from: '2025-12-01', to: '2027-01-31' },
      { from: '2025-12-16', to: '2027-01-09' },
      { from: '2026-01-01', to: '2026-12-31' },
    ];
    const zones = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata'];
    // The top authors and the series (days and weeks, across the spring's clock changes) against
    // the same aggregate counted from the rows.
    const agree = async () => {
      for (const r of ranges)
        for (const tz of zones)
          for (const bucket of ['day', 'week'] as const) {
            const range = { ...r, bucket, tz };
            const counted = await watchlistStats(svc.ctx.db, team.id, wl, range);
            const recounted = await watchlistStats(svc.ctx.db, team.id, wl, range, 'rows');
            expect(counted, `${r.from}..${r.to} ${tz} ${bucket}`).toEqual(recounted);
          }
    };
    await agree();
    // By hand: 2 to 31 March in UTC takes Zed's 1 March away from the month and keeps the rest.
    const march = await watchlistStats(svc.ctx.db, team.id, wl, {
      ...ranges[0]!,
      bucket: 'day',
      tz: 'UTC',
    });
    expect(march.totals.top_authors.map((a) => [a.author_name, a.posts, a.engagement])).toEqual([
      ['Hal', 1, 70],
      ['Gus', 1, 60],
      ['Cat', 1, 25],
      ['Ann', 1, 20],
      ['Dan', 1, 12],
    ]);

    // By hand: December 2025 to January 2027 holds 2026 whole (the yearly counters) and all but
    // Dan's post of 1 February 2027; Ann and Ben tie on engagement, in the order of their address.
    const around2026 = await watchlistStats(svc.ctx.db, team.id, wl, {
      ...ranges[6]!,
      bucket: 'week',
      tz: 'UTC',
    });
    expect(
      around2026.totals.top_authors.map((a) => [a.author_name, a.posts, a.engagement]),
    ).toEqual([
      ['Zed', 1, 500],
      ['Ann', 3, 75],
      ['Ben', 2, 75],
      ['Hal', 1, 70],
      ['Gus', 1, 60],
    ]);

    // Re-reads change engagement, an author is renamed on the post, posts move across a month
    // boundary (one with a new count), one link and one post are deleted.
    await svc.ctx.db.query(
      'UPDATE watchlist_posts SET engagement = engagement * 3 WHERE watchlist_id = $1 AND engagement < 30',
      [wl],
    );
    await svc.ctx.db.query(
      `UPDATE posts SET author_url = 'https://www.linkedin.com/in/ann-renamed/' WHERE author_name = 'Ann' AND team_id = $1 AND posted_at < '2026-03-05'`,
      [team.id],
    );
    await svc.ctx.db.query(
      `UPDATE watchlist_posts SET posted_at = '2026-02-28T23:00:00Z' FROM posts p
        WHERE p.id = watchlist_posts.post_id AND p.author_name = 'Hal' AND watchlist_posts.watchlist_id = $1`,
      [wl],
    );
    await svc.ctx.db.query(
      `UPDATE watchlist_posts SET posted_at = '2026-04-02T12:00:00Z', engagement = 61 FROM posts p
        WHERE p.id = watchlist_posts.post_id AND p.author_name = 'Gus' AND watchlist_posts.watchlist_id = $1`,
      [wl],
    );
    await svc.ctx.db.query(
      `DELETE FROM watchlist_posts USING posts p
        WHERE p.id = watchlist_posts.post_id AND p.author_name = 'Dan' AND watchlist_posts.watchlist_id = $1`,
      [wl],
    );
    await svc.ctx.db.query(`DELETE FROM posts WHERE author_name = 'Zed' AND team_id = $1`, [
      team.id,
    ]);
    expect(await authorMonths()).toEqual(await authorMonthsFromPosts());
    expect(await authorYears()).toEqual(await authorYearsFromPosts());
    await agree();

    // Deleting the watchlist takes its counters with it.
    await svc.ctx.db.query('DELETE FROM watchlists WHERE id = $1', [wl]);
    expect(await authorMonths()).toEqual(await authorMonthsFromPosts());
    expect(await authorYears()).toEqual(await authorYearsFromPosts());
    expect(
      (await authorMonths()).filter((m) => (m as { watchlist_id: string }).watchlist_id === wl),
    ).toEqual([]);
    expect(
      (await authorYears()).filter((m) => (m as { watchlist_id: string }).watchlist_id === wl),
    ).toEqual([]);
  });

  test('authors ranked within one month or year: equal to a recount when the ranking settles it and when it does not', async () => {
    const wl = await insertKeywordWatchlist(svc, team.id, ['r']);
    // 70 authors in March, more than the ranked reading takes: author i has 2 posts of 100 + i
    // likes on the 10th and 20th. Authors 60-69 also posted on the 1st, 60 more likes each.
    const posts = Array.from({ length: 70 }, (_, i) => [
      { at: '2026-03-10T12:00:00Z', likes: 100 + i, author: `Writer ${i}` },
      { at: '2026-03-20T12:00:00Z', likes: 100 + i, author: `Writer ${i}` },
      ...(i >= 60 ? [{ at: '2026-03-01T06:00:00Z', likes: 60, author: `Writer ${i}` }] : []),
    ]).flat();
    await insertWatchlistPosts(svc, team.id, wl, posts);
    const top = async (from: string, to: string) => {
      const range = { from, to, bucket: 'day' as const, tz: 'UTC' };
      const counted = await watchlistStats(svc.ctx.db, team.id, wl, range);
      const recounted = await watchlistStats(svc.ctx.db, team.id, wl, range, 'rows');
      expect(counted.totals.top_authors, `${from}..${to}`).toEqual(recounted.totals.top_authors);
      return counted.totals.top_authors.map((a) => [a.author_name, a.posts, a.engagement]);
    };
    // 2 to 31 March takes the 1st away: writers 60-69 lose 60 each, and stay on top.
    expect(await top('2026-03-02', '2026-03-31')).toEqual([
      ['Writer 69', 2, 338],
      ['Writer 68', 2, 336],
      ['Writer 67', 2, 334],
      ['Writer 66', 2, 332],
      ['Writer 65', 2, 330],
    ]);
    expect(await top('2026-03-01', '2026-03-31')).toEqual([
      ['Writer 69', 3, 398],
      ['Writer 68', 3, 396],
      ['Writer 67', 3, 394],
      ['Writer 66', 3, 392],
      ['Writer 65', 3, 390],
    ]);
    // The same for the year 2026 whole (its yearly counters), less 1 January.
    expect(await top('2026-01-02', '2026-12-31')).toEqual(await top('2026-03-01', '2026-03-31'));
    // Big posts on 1 March and 1 January by the first fifty. 1 January taken away from the year,
    // they stay first (the ranking settles it); 1 March taken away from March, they fall below
    // authors the ranking left out, so every author is summed.
    await insertWatchlistPosts(
      svc,
      team.id,
      wl,
      Array.from({ length: 50 }, (_, i) => [
        { at: '2026-03-01T08:00:00Z', likes: 1000, author: `Writer ${i}` },
        { at: '2026-01-01T08:00:00Z', likes: 1000, author: `Writer ${i}` },
      ]).flat(),
    );
    expect(await top('2026-01-02', '2026-12-31')).toEqual([
      ['Writer 49', 3, 1298],
      ['Writer 48', 3, 1296],
      ['Writer 47', 3, 1294],
      ['Writer 46', 3, 1292],
      ['Writer 45', 3, 1290],
    ]);
    expect((await top('2026-01-01', '2026-12-31'))[0]).toEqual(['Writer 49', 4, 2298]);
    expect(await top('2026-03-02', '2026-03-31')).toEqual([
      ['Writer 69', 2, 338],
      ['Writer 68', 2, 336],
      ['Writer 67', 2, 334],
      ['Writer 66', 2, 332],
      ['Writer 65', 2, 330],
    ]);
    expect((await top('2026-03-01', '2026-03-31'))[0]).toEqual(['Writer 49', 3, 1298]);
    // Ties at the edge of the ranking: equal engagement is ordered by the author's address.
    await top('2026-03-02', '2026-03-30');
    await top('2026-03-03', '2026-03-31');
  });

  test('a half-hour zone counts from the rows and agrees with a hand count', async () => {
    const wl = await insertKeywordWatchlist(svc, team.id, ['c']);
    // India is UTC+5:30: 18:29 UTC is 23:59 on the 2nd there, 18:31 UTC is 00:01 on the 3rd.
    await insertWatchlistPosts(svc, team.id, wl, [
      { at: '2026-03-02T18:29:00Z', likes: 1, author: 'Ann' },
      { at: '2026-03-02T18:31:00Z', likes: 2, author: 'Ben' },
    ]);
    const s = await watchlistStats(svc.ctx.db, team.id, wl, {
      from: '2026-03-02',
      to: '2026-03-03',
      bucket: 'day',
      tz: 'Asia/Kolkata',
    });
    expect(s.buckets.map((b) => [b.start, b.posts, b.engagement])).toEqual([
      ['2026-03-02', 1, 1],
      ['2026-03-03', 1, 2],
    ]);
  });

  test('sequence steps: equal to the people after steps, a moved sender and deletions', async () => {
    const ada = team.member('ada@counters.test').userId;
    const bob = team.member('bob@counters.test').userId;
    const seq = await insertSequence(svc, team.id, ada);
    await insertEnrollments(svc, team.id, seq, [
      { sender: ada, enrolled: '2026-03-02T10:00:00Z', invited: '2026-03-02T10:30:00Z' },
      { sender: ada, enrolled: '2026-03-02T10:20:00Z' },
      { sender: bob, enrolled: '2026-03-02T10:40:00Z', invited: '2026-03-02T12:00:00Z' },
      // Paris moves to summer time at 01:00 UTC on 29 March: these straddle its days and UTC's.
      { sender: ada, enrolled: '2026-03-28T22:30:00Z', invited: '2026-03-28T23:10:00Z' },
      { sender: bob, enrolled: '2026-03-29T00:00:00Z', invited: '2026-03-29T23:00:00Z' },
    ]);
    expect(await stepCounts('hour')).toEqual(await stepCountsFromRows('hour'));
    expect(await stepCounts('day')).toEqual(await stepCountsFromRows('day'));

    // The engine's steps: accepted, messaged, replied set one by one; a row's other columns change.
    await svc.ctx.db.query(
      `UPDATE sequence_enrollments SET accepted_at = '2026-03-03T09:00:00Z', state = 'active' WHERE invited_at IS NOT NULL`,
    );
    await svc.ctx.db.query(
      `UPDATE sequence_enrollments SET messaged_at = '2026-03-03T09:10:00Z' WHERE accepted_at IS NOT NULL`,
    );
    await svc.ctx.db.query(
      `UPDATE sequence_enrollments SET replied_at = '2026-03-04T01:00:00Z' WHERE sender_user_id = $1 AND messaged_at IS NOT NULL`,
      [ada],
    );
    await svc.ctx.db.query(`UPDATE sequence_enrollments SET next_run_at = now(), step_index = 1`);
    expect(await stepCounts('hour')).toEqual(await stepCountsFromRows('hour'));
    expect(await stepCounts('day')).toEqual(await stepCountsFromRows('day'));

    // A sender moved, then one removed from the service (their people keep a null sender).
    await svc.ctx.db.query(
      `UPDATE sequence_enrollments SET sender_user_id = $1 WHERE created_at = '2026-03-02T10:20:00Z'`,
      [bob],
    );
    await svc.ctx.db.query('DELETE FROM users WHERE id = $1', [bob]);
    expect(await stepCounts('hour')).toEqual(await stepCountsFromRows('hour'));
    expect(await stepCounts('day')).toEqual(await stepCountsFromRows('day'));

    const range = { from: '2026-03-01', to: '2026-03-07', bucket: 'week' as const, tz: 'UTC' };
    const fromHours = await sequenceStats(svc.ctx.db, team.id, seq, range);
    const fromRows = await sequenceStats(svc.ctx.db, team.id, seq, range, 'rows');
    expect(fromHours.buckets).toEqual(fromRows.buckets);
    // Every zone that whole hours serve, by day and by week, against the people themselves:
    // buckets cut into whole UTC days and the hours at their ends.
    for (const tz of ['UTC', 'Europe/Paris', 'America/New_York'])
      for (const bucket of ['day', 'week'] as const)
        for (const r of [
          { from: '2026-03-01', to: '2026-03-31' },
          { from: '2026-03-04', to: '2026-04-02' },
        ]) {
          const each = { ...r, bucket, tz };
          expect(
            await sequenceStats(svc.ctx.db, team.id, seq, each),
            `${r.from}..${r.to} ${tz} ${bucket}`,
          ).toEqual(await sequenceStats(svc.ctx.db, team.id, seq, each, 'rows'));
        }
    // The first week: the three people of 2 March, and the steps the engine set on the 3rd and
    // 4th for all four who were invited (two of them late in March); only Ada's replied.
    expect(fromHours.totals).toMatchObject({
      enrolled: 3,
      invited: 2,
      accepted: 4,
      messaged: 4,
      replied: 2,
    });

    await svc.ctx.db.query(
      `DELETE FROM sequence_enrollments WHERE created_at = '2026-03-02T10:00:00Z'`,
    );
    expect(await stepCounts('hour')).toEqual(await stepCountsFromRows('hour'));
    expect(await stepCounts('day')).toEqual(await stepCountsFromRows('day'));
    await svc.ctx.db.query('DELETE FROM sequences WHERE id = $1', [seq]);
    expect(await stepCounts('hour')).toEqual([]);
    expect(await stepCounts('day')).toEqual([]);
  });
});
