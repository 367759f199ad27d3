import { pathToFileURL } from 'node:url';
import os from 'node:os';
import { findPostgres, startBenchService, type BenchService } from './setup.js';
import { loadPosts } from './posts-dataset.js';
import { PostsQuery } from '../src/contract/posts.js';
import { listPosts } from '../src/service/collection/list-posts.js';
import { listPostsBefore } from './baseline/list-posts-before.js';
import { readPostCount } from '../src/service/collection/post-counts.js';
import { loadMemberTasks, loadSequencePeople } from './stats-dataset.js';
import { watchlistStats } from '../src/service/stats/watchlist-stats.js';
import { sequenceStats } from '../src/service/stats/sequence-stats.js';
import type { StatsRange } from '../src/service/stats/range.js';
import { percentile } from './percentile.js';
import { writeBenchResults } from './results-file.js';

/**
 * `npx tsx bench/posts-page.ts`: latency of one `GET /api-posts` page (with its exact total) over
 * HTTP, with 1,000,000 posts in one team and one watchlist, on PGlite and (when reachable)
 * PostgreSQL. Then, in-process on the same data and interleaved round by round (the machine is
 * shared and noisy), the listing as it was before 007_posts_counts — count(*) of every match,
 * without 007's indexes (dropped inside a transaction that is rolled back) — against the current
 * one; both must give the same page and count. Prints two tables, writes bench/results/posts-page-*.json.
 * BENCH_POSTS changes the size, BENCH_POSTS_REQUESTS the HTTP requests per case.
 */
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
/** The stats aggregates' people (one sequence) and one member's completed tasks (a year of them). */
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const MEMBER_TASKS = Number(process.env.BENCH_MEMBER_TASKS ?? 36_500);
const REQUESTS = Number(process.env.BENCH_POSTS_REQUESTS ?? 100);
/** A slow case stops early (never before 10 requests) so the whole run stays within minutes. */
const CASE_BUDGET_MS = 6_000;
const ROUNDS = 5;
const PER_ROUND = 3;
/** What 007_posts_counts adds for filtered counts; the "before" side runs without them. */
const INDEXES_OF_007 = ['watchlist_posts_seniority', 'posts_team_seniority'];

const CASES: [string, (wl: string) => Record<string, string>][] = [
  ['watchlist, recent, page 1', (wl) => ({ watchlist_id: wl })],
  ['watchlist, popular_first, page 1', (wl) => ({ watchlist_id: wl, sort_by: 'popular_first' })],
  ['watchlist, seniority cxo,vp', (wl) => ({ watchlist_id: wl, seniority_level: 'cxo,vp' })],
  [
    'watchlist, seniority cxo, Dec 2025',
    (wl) => ({
      watchlist_id: wl,
      seniority_level: 'cxo',
      start_date: '2025-12-01',
      end_date: '2025-12-31',
    }),
  ],
  ['watchlist, trending', (wl) => ({ watchlist_id: wl, trending: 'true' })],
  [
    'watchlist, one week',
    (wl) => ({ watchlist_id: wl, start_date: '2025-12-01', end_date: '2025-12-07' }),
  ],
  ['watchlist, page 50', (wl) => ({ watchlist_id: wl, page: '50' })],
  ['team, recent, page 1', () => ({})],
  ['team, popular_first, page 1', () => ({ sort_by: 'popular_first' })],
  ['team, seniority cxo,vp', () => ({ seniority_level: 'cxo,vp' })],
];

/** GET /api-stats over HTTP on the same data; the posts end on 2025-12-31, the people too. */
const STATS_CASES: [string, (ids: { wl: string; seq: string }) => string][] = [
  [
    'watchlist, 30 days by day',
    ({ wl }) => `/api-stats/watchlists/${wl}?from=2025-12-02&to=2025-12-31`,
  ],
  [
    'watchlist, 30 days by day, Europe/Paris',
    ({ wl }) => `/api-stats/watchlists/${wl}?from=2025-12-02&to=2025-12-31&tz=Europe/Paris`,
  ],
  [
    'watchlist, a year by week',
    ({ wl }) => `/api-stats/watchlists/${wl}?from=2025-01-01&to=2025-12-31&bucket=week`,
  ],
  [
    'sequence, 30 days by day',
    ({ seq }) => `/api-stats/sequences/${seq}?from=2025-12-02&to=2025-12-31`,
  ],
  [
    'sequence, a year by week',
    ({ seq }) => `/api-stats/sequences/${seq}?from=2025-01-01&to=2025-12-31&bucket=week`,
  ],
  ['member, last 30 days by day', () => '/api-stats/members?email=agent0%40bench.test'],
];
/** In process, interleaved: the series read from the rows against the hourly counters (031b). */
const MONTH: StatsRange = { from: '2025-12-02', to: '2025-12-31', bucket: 'day', tz: 'UTC' };

interface HttpCase {
  case: string;
  requests: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  count: number;
}
interface SideBySideCase {
  case: string;
  before_p50_ms: number;
  after_p50_ms: number;
  /** before / after, medians of the same rounds. */
  speedup: number;
}
interface PostsPageDatabaseResult {
  database: string;
  posts: number;
  load_s?: number;
  http: HttpCase[];
  side_by_side: SideBySideCase[];
  /** The total of a seniority filter: count(*) of its matches (before 014) vs the counters by level. */
  seniority_count: SideBySideCase[];
  people?: number;
  member_tasks?: number;
  stats_load_s?: number;
  stats_http?: HttpCase[];
  /** The aggregates counted from the rows (before 031b) vs summed from the hourly counters. */
  stats_side_by_side?: SideBySideCase[];
  error?: string;
}
interface PostsPageReport {
  benchmark: 'posts-page';
  started_at: string;
  file: string;
  results: PostsPageDatabaseResult[];
}

const round = (v: number) => Math.round(v * 10) / 10;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * GETs `path` as the team: three warm-up requests, then timed ones until REQUESTS or the case's
 * budget (at least 10). `counted` checks each answer (throwing on a wrong one) and says its count.
 */
async function timeGets<Body>(
  svc: BenchService,
  name: string,
  path: string,
  counted: (status: number, body: Body) => number,
): Promise<HttpCase> {
  const url = `${svc.url}${path}`;
  const headers = { 'x-api-key': svc.apiKey };
  for (let i = 0; i < 3; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  let count = 0;
  const started = performance.now();
  while (
    times.length < REQUESTS &&
    (times.length < 10 || performance.now() - started < CASE_BUDGET_MS)
  ) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as Body;
    times.push(performance.now() - t0);
    count = counted(res.status, body);
  }
  times.sort((a, b) => a - b);
  return {
    case: name,
    requests: times.length,
    p50_ms: round(percentile(times, 50)),
    p99_ms: round(percentile(times, 99)),
    max_ms: round(times.at(-1)!),
    count,
  };
}

function measureHttp(
  svc: BenchService,
  name: string,
  query: Record<string, string>,
): Promise<HttpCase> {
  return timeGets<{ data: unknown[]; count: number }>(
    svc,
    name,
    `/api-posts?${new URLSearchParams(query)}`,
    (status, body) => {
      if (status !== 200 || body.data.length === 0)
        throw new Error(`${name}: HTTP ${status}, ${body.data?.length} posts`);
      return body.count;
    },
  );
}

class Rollback extends Error {}

/**
 * The listing before and after, alternating round by round on the same data. The "before" side
 * runs inside a transaction that drops 007's indexes and is rolled back, so the table is untouched.
 */
async function sideBySide(
  svc: BenchService,
  name: string,
  raw: Record<string, string>,
): Promise<SideBySideCase> {
  const { db } = svc.ctx;
  const q = PostsQuery.parse(raw);
  const before: number[] = [];
  const after: number[] = [];
  let expected = '';
  const timed = async (fn: () => Promise<unknown>, into: number[]) => {
    const t0 = performance.now();
    const answer = JSON.stringify(await fn());
    into.push(performance.now() - t0);
    return answer;
  };
  for (let r = 0; r < ROUNDS; r++) {
    await db
      .transaction(async (tx) => {
        for (const index of INDEXES_OF_007) await tx.query(`DROP INDEX IF EXISTS ${index}`);
        for (let i = 0; i < PER_ROUND; i++)
          expected = await timed(() => listPostsBefore(tx, svc.teamId, q), before);
        throw new Rollback();
      })
      .catch((err) => {
        if (!(err instanceof Rollback)) throw err;
      });
    for (let i = 0; i < PER_ROUND; i++) {
      const answer = await timed(() => listPosts(db, svc.teamId, q), after);
      if (answer !== expected)
        throw new Error(`${name}: the current listing answers differently from the one before 007`);
    }
  }
  const b = median(before);
  const a = median(after);
  return { case: name, before_p50_ms: round(b), after_p50_ms: round(a), speedup: round(b / a) };
}

/**
 * The total of a seniority filter alone, the part of its request 014 changed, before and after on
 * the same data, alternating: an exact count(*) of the matches (an index-only scan of 222,223
 * entries at a million posts, as before 014) against the counters by level. Both must agree.
 */
async function seniorityCountSideBySide(
  svc: BenchService,
  name: string,
  wl: string | undefined,
  levels: string[],
): Promise<SideBySideCase> {
  const { db } = svc.ctx;
  const byRows = wl
    ? () =>
        db.query<{ n: string }>(
          'SELECT count(*) AS n FROM watchlist_posts WHERE watchlist_id = $1 AND author_seniority = ANY($2::text[])',
          [wl, levels],
        )
    : () =>
        db.query<{ n: string }>(
          'SELECT count(*) AS n FROM posts WHERE team_id = $1 AND author_seniority = ANY($2::text[])',
          [svc.teamId, levels],
        );
  const before: number[] = [];
  const after: number[] = [];
  for (let r = 0; r < ROUNDS * PER_ROUND; r++) {
    let t0 = performance.now();
    const counted = Number((await byRows())[0]!.n);
    before.push(performance.now() - t0);
    t0 = performance.now();
    const read = (await readPostCount(db, svc.teamId, wl, levels)).posts;
    after.push(performance.now() - t0);
    if (read !== counted)
      throw new Error(`${name}: the counters say ${read}, count(*) says ${counted}`);
  }
  const b = median(before);
  const a = median(after);
  return { case: name, before_p50_ms: round(b), after_p50_ms: round(a), speedup: round(b / a) };
}

/** One GET /api-stats route, timed as the posts list is. */
function measureStats(svc: BenchService, name: string, path: string): Promise<HttpCase> {
  return timeGets<{ buckets?: unknown[] }>(svc, name, path, (status, body) => {
    if (status !== 200 || !body.buckets?.length)
      throw new Error(`${name}: HTTP ${status}, ${JSON.stringify(body).slice(0, 200)}`);
    return body.buckets.length;
  });
}

/** The same aggregate from the rows and from the counters, alternating; both must agree. */
async function statsSideBySide(
  name: string,
  run: (source: 'auto' | 'rows') => Promise<{ buckets: unknown }>,
): Promise<SideBySideCase> {
  const before: number[] = [];
  const after: number[] = [];
  for (let r = 0; r < ROUNDS * PER_ROUND; r++) {
    let t0 = performance.now();
    const rows = JSON.stringify((await run('rows')).buckets);
    before.push(performance.now() - t0);
    t0 = performance.now();
    const hours = JSON.stringify((await run('auto')).buckets);
    after.push(performance.now() - t0);
    if (rows !== hours) throw new Error(`${name}: the counters and the rows disagree`);
  }
  const b = median(before);
  const a = median(after);
  return { case: name, before_p50_ms: round(b), after_p50_ms: round(a), speedup: round(b / a) };
}

async function benchStats(svc: BenchService, wl: string, result: PostsPageDatabaseResult) {
  const label = svc.label;
  const t0 = performance.now();
  const sender = svc.agents[0]!.userId;
  const seq = await loadSequencePeople(svc, sender, PEOPLE);
  await loadMemberTasks(svc, sender, MEMBER_TASKS);
  result.people = PEOPLE;
  result.member_tasks = MEMBER_TASKS;
  result.stats_load_s = Math.round((performance.now() - t0) / 100) / 10;
  console.log(
    `${label}: loaded ${PEOPLE.toLocaleString('en')} sequence people and ${MEMBER_TASKS.toLocaleString('en')} tasks (${result.stats_load_s} s)`,
  );
  result.stats_http = [];
  for (const [name, path] of STATS_CASES) {
    const r = await measureStats(svc, name, path({ wl, seq }));
    console.log(
      `${label}: HTTP stats ${name}: p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms over ${r.requests}`,
    );
    result.stats_http.push(r);
  }
  const { db } = svc.ctx;
  result.stats_side_by_side = [];
  for (const [name, run] of [
    [
      'watchlist, 30 days by day',
      (source: 'auto' | 'rows') => watchlistStats(db, svc.teamId, wl, MONTH, source),
    ],
    [
      'sequence, 30 days by day',
      (source: 'auto' | 'rows') => sequenceStats(db, svc.teamId, seq, MONTH, source),
    ],
  ] as const) {
    const r = await statsSideBySide(name, run);
    console.log(
      `${label}: stats rows vs counters, ${name}: ${r.before_p50_ms} ms -> ${r.after_p50_ms} ms (${r.speedup}x)`,
    );
    result.stats_side_by_side.push(r);
  }
}

async function benchDatabase(label: string, url: string): Promise<PostsPageDatabaseResult> {
  const result: PostsPageDatabaseResult = {
    database: label,
    posts: POSTS,
    http: [],
    side_by_side: [],
    seniority_count: [],
  };
  const svc = await startBenchService(label, url, 1);
  try {
    const t0 = performance.now();
    const wl = await loadPosts(svc, POSTS, (n) =>
      process.stdout.write(`\r${label}: loaded ${n.toLocaleString('en')} posts`),
    );
    result.load_s = Math.round((performance.now() - t0) / 100) / 10;
    process.stdout.write(` (${result.load_s} s)\n`);
    for (const [name, query] of CASES) {
      const r = await measureHttp(svc, name, query(wl));
      console.log(
        `${label}: HTTP ${name}: p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms over ${r.requests} (count ${r.count.toLocaleString('en')})`,
      );
      result.http.push(r);
    }
    await benchStats(svc, wl, result);
    for (const [name, query] of CASES) {
      const r = await sideBySide(svc, name, query(wl));
      console.log(
        `${label}: before/after ${name}: ${r.before_p50_ms} ms -> ${r.after_p50_ms} ms (${r.speedup}x)`,
      );
      result.side_by_side.push(r);
    }
    for (const [name, scope] of [
      ['watchlist, seniority cxo,vp', wl],
      ['team, seniority cxo,vp', undefined],
    ] as const) {
      const r = await seniorityCountSideBySide(svc, name, scope, ['cxo', 'vp']);
      console.log(
        `${label}: seniority total, count(*) vs counters, ${name}: ${r.before_p50_ms} ms -> ${r.after_p50_ms} ms (${r.speedup}x)`,
      );
      result.seniority_count.push(r);
    }
  } catch (err) {
    result.error = (err as Error).message;
    console.log(`${label}: failed: ${result.error}`);
  } finally {
    await svc.close().catch(() => {});
  }
  return result;
}

export function printPostsPageTables(results: PostsPageDatabaseResult[]) {
  printStatsTables(results);
  console.log(`\nGET /api-posts over HTTP, ${POSTS.toLocaleString('en')} posts in one watchlist`);
  console.table(
    results.flatMap((r) =>
      r.error && r.http.length === 0
        ? [{ database: r.database, case: `failed: ${r.error}` }]
        : r.http.map((c) => ({
            database: r.database,
            case: c.case,
            'p50 ms': c.p50_ms,
            'p99 ms': c.p99_ms,
            'max ms': c.max_ms,
            requests: c.requests,
            count: c.count,
          })),
    ),
  );
  console.log(
    `\nListing before 007_posts_counts vs now, in-process, same data, ${ROUNDS} interleaved rounds of ${PER_ROUND}`,
  );
  console.table(
    results.flatMap((r) =>
      r.side_by_side.map((c) => ({
        database: r.database,
        case: c.case,
        'before p50 ms': c.before_p50_ms,
        'after p50 ms': c.after_p50_ms,
        speedup: `${c.speedup}x`,
      })),
    ),
  );
  console.log(
    '\nTotal of a seniority filter: count(*) of the matches (before 014) vs the counters by level, same data, interleaved',
  );
  console.table(
    results.flatMap((r) =>
      (r.seniority_count ?? []).map((c) => ({
        database: r.database,
        case: c.case,
        'count(*) p50 ms': c.before_p50_ms,
        'counters p50 ms': c.after_p50_ms,
        speedup: `${c.speedup}x`,
      })),
    ),
  );
}

function printStatsTables(results: PostsPageDatabaseResult[]) {
  console.log(
    `\nGET /api-stats over HTTP, ${POSTS.toLocaleString('en')} posts, ${PEOPLE.toLocaleString('en')} sequence people, ${MEMBER_TASKS.toLocaleString('en')} member tasks`,
  );
  console.table(
    results.flatMap((r) =>
      (r.stats_http ?? []).map((c) => ({
        database: r.database,
        case: c.case,
        'p50 ms': c.p50_ms,
        'p99 ms': c.p99_ms,
        'max ms': c.max_ms,
        requests: c.requests,
        buckets: c.count,
      })),
    ),
  );
  console.log('\nStats from the rows (before 031b) vs the hourly counters, in process, same data');
  console.table(
    results.flatMap((r) =>
      (r.stats_side_by_side ?? []).map((c) => ({
        database: r.database,
        case: c.case,
        'rows p50 ms': c.before_p50_ms,
        'counters p50 ms': c.after_p50_ms,
        speedup: `${c.speedup}x`,
      })),
    ),
  );
}

/** Runs the whole benchmark on PGlite and, when reachable, PostgreSQL; writes the JSON report. */
export async function runPostsPageBench(): Promise<PostsPageReport> {
  const started = new Date();
  const results: PostsPageDatabaseResult[] = [await benchDatabase('pglite', 'memory://')];
  const pgUrl = await findPostgres();
  if (pgUrl) results.push(await benchDatabase('postgres', pgUrl));
  else console.log('postgres: not reachable, skipped');
  const settings = {
    posts: POSTS,
    people: PEOPLE,
    member_tasks: MEMBER_TASKS,
    requests_per_case: REQUESTS,
    case_budget_ms: CASE_BUDGET_MS,
    rounds: ROUNDS,
    per_round: PER_ROUND,
  };
  const file = await writeBenchResults(
    'posts-page',
    {
      benchmark: 'posts-page',
      started_at: started.toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      settings,
      results,
    },
    started,
  );
  return { benchmark: 'posts-page', started_at: started.toISOString(), file, results };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runPostsPageBench().then(
    (report) => {
      printPostsPageTables(report.results);
      console.log(`\nwritten to ${report.file}`);
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
