import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { findPostgres, startBenchService, type BenchService } from './setup.js';

/**
 * `npx tsx bench/posts-page.ts`: latency of one `GET /api-posts` page (with its total count) over
 * HTTP, with 1,000,000 posts in one team and one watchlist, on PGlite and (when reachable)
 * PostgreSQL. Prints a table and writes bench/results/posts-page.json. BENCH_POSTS changes the size.
 */
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_POSTS_REQUESTS ?? 100);
const CHUNK = 50_000;
const LEVELS = ['owner', 'cxo', 'vp', 'director', 'manager', 'senior', 'entry', 'intern', 'unknown'];

const CASES: [string, (wl: string) => Record<string, string>][] = [
  ['watchlist, recent, page 1', (wl) => ({ watchlist_id: wl })],
  ['watchlist, popular_first, page 1', (wl) => ({ watchlist_id: wl, sort_by: 'popular_first' })],
  ['watchlist, seniority cxo,vp', (wl) => ({ watchlist_id: wl, seniority_level: 'cxo,vp' })],
  ['watchlist, trending', (wl) => ({ watchlist_id: wl, trending: 'true' })],
  ['watchlist, one week', (wl) => ({ watchlist_id: wl, start_date: '2025-12-01', end_date: '2025-12-07' })],
  ['watchlist, page 50', (wl) => ({ watchlist_id: wl, page: '50' })],
  ['team, recent, page 1', () => ({})],
  ['team, popular_first, page 1', () => ({ sort_by: 'popular_first' })],
];

interface CaseResult {
  case: string;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  count: number;
}
interface DatabaseResult {
  database: string;
  posts: number;
  load_s?: number;
  cases: CaseResult[];
  error?: string;
}

/** 1,000,000 posts spread over ~2 years, every level of seniority, 2% trending; all in one watchlist. */
async function load(svc: BenchService): Promise<string> {
  const { db } = svc.ctx;
  const wl = crypto.randomUUID();
  await db.query(`INSERT INTO watchlists (id, team_id, type, name, slug) VALUES ($1, $2, 'keyword', 'bench', 'bench')`, [wl, svc.teamId]);
  for (let from = 1; from <= POSTS; from += CHUNK) {
    const to = Math.min(POSTS, from + CHUNK - 1);
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO posts (id, team_id, activity_urn, post_url, content, author_name, author_url, author_seniority, posted_at,
                            likes_count, comments_count, shares_count, trending_score)
         SELECT gen_random_uuid(), $1, 'urn:li:activity:' || (7000000000000000000 + g),
                'https://www.linkedin.com/feed/update/urn:li:activity:' || (7000000000000000000 + g) || '/',
                'Bench post ' || g || ' about a topic worth reading', 'Author ' || (g % 5000),
                'https://www.linkedin.com/in/author-' || (g % 5000) || '/', ($4::text[])[1 + (g % 9)::int],
                timestamptz '2026-01-01' - g * interval '60 seconds', (g * 7919) % 500, (g * 104729) % 50, (g * 31) % 10,
                CASE WHEN g % 50 = 0 THEN 3 ELSE 0.5 END
           FROM generate_series($2::bigint, $3::bigint) g`,
        [svc.teamId, from, to, LEVELS],
      );
      await tx.query(
        `INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at, engagement, author_seniority, trending_score, trending)
         SELECT $1, id, team_id, posted_at, engagement, author_seniority, trending_score, trending_score >= 2
           FROM posts WHERE team_id = $2 AND activity_urn IN (
             SELECT 'urn:li:activity:' || (7000000000000000000 + g) FROM generate_series($3::bigint, $4::bigint) g)`,
        [wl, svc.teamId, from, to],
      );
    });
    process.stdout.write(`\r${svc.label}: loaded ${to.toLocaleString('en')} posts`);
  }
  process.stdout.write('\n');
  await db.query('VACUUM ANALYZE posts');
  await db.query('VACUUM ANALYZE watchlist_posts');
  return wl;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(svc: BenchService, name: string, query: Record<string, string>): Promise<CaseResult> {
  const url = `${svc.server.url}/api-posts?${new URLSearchParams(query)}`;
  const headers = { 'x-api-key': svc.apiKey };
  let count = 0;
  for (let i = 0; i < 3; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { data: unknown[]; count: number };
    times.push(performance.now() - t0);
    if (res.status !== 200 || body.data.length === 0) throw new Error(`${name}: HTTP ${res.status}, ${body.data?.length} posts`);
    count = body.count;
  }
  times.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return { case: name, p50_ms: round(percentile(times, 50)), p99_ms: round(percentile(times, 99)), max_ms: round(times.at(-1)!), count };
}

async function benchDatabase(label: string, url: string): Promise<DatabaseResult> {
  const result: DatabaseResult = { database: label, posts: POSTS, cases: [] };
  const svc = await startBenchService(label, url, 1);
  try {
    const t0 = performance.now();
    const wl = await load(svc);
    result.load_s = Math.round((performance.now() - t0) / 100) / 10;
    for (const [name, query] of CASES) {
      const r = await measure(svc, name, query(wl));
      console.log(`${label}: ${name}: p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms (count ${r.count.toLocaleString('en')})`);
      result.cases.push(r);
    }
  } catch (err) {
    result.error = (err as Error).message;
    console.log(`${label}: failed: ${result.error}`);
  } finally {
    await svc.close().catch(() => {});
  }
  return result;
}

async function main() {
  const started = new Date();
  const results: DatabaseResult[] = [await benchDatabase('pglite', 'memory://')];
  const pgUrl = await findPostgres();
  if (pgUrl) results.push(await benchDatabase('postgres', pgUrl));
  else console.log('postgres: not reachable, skipped');
  console.log();
  console.table(
    results.flatMap((r) =>
      r.cases.map((c) => ({ database: r.database, case: c.case, 'p50 ms': c.p50_ms, 'p99 ms': c.p99_ms, 'max ms': c.max_ms, count: c.count })),
    ),
  );
  const out = fileURLToPath(new URL('./results/', import.meta.url));
  await mkdir(out, { recursive: true });
  await writeFile(
    `${out}posts-page.json`,
    JSON.stringify(
      { benchmark: 'posts-page', started_at: started.toISOString(), requests_per_case: REQUESTS, machine: { cpus: os.cpus().length, node: process.version }, results },
      null,
      2,
    ) + '\n',
  );
  console.log(`written bench/results/posts-page.json`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
