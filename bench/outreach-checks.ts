import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgres, startBenchService, type BenchService } from './setup.js';
import { refusalForTask } from '../src/service/outreach/task-refusal.js';

/**
 * The team pool's costs (docs/team-pool.md): the CSV export of `POSTS` posts over a real socket
 * (time to first byte, total, the service's peak RSS: it runs in this process), and the checks an
 * invitation passes before it is queued, p50 over `CHECKS` calls, on a team with a
 * `HISTORY`-person contact history and a `LIST`-entry do-not-contact list against an empty team.
 * Sizes from the environment (OUTREACH_POSTS, OUTREACH_HISTORY, OUTREACH_LIST) for a quick run.
 */
const POSTS = Number(process.env.OUTREACH_POSTS ?? 100_000);
const HISTORY = Number(process.env.OUTREACH_HISTORY ?? 100_000);
const LIST = Number(process.env.OUTREACH_LIST ?? 10_000);
const CHECKS = Number(process.env.OUTREACH_CHECKS ?? 500);

interface OutreachResult {
  database: string;
  posts: number;
  first_byte_ms: number;
  export_ms: number;
  peak_rss_mb: number;
  check_p50_empty_ms: number;
  check_p50_loaded_ms: number;
  added_ms: number;
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function checkP50(svc: BenchService, urn: (i: number) => string): Promise<number> {
  const times: number[] = [];
  const userId = svc.agents[0]!.userId;
  for (let i = 0; i < CHECKS; i++) {
    const t0 = performance.now();
    await refusalForTask(
      svc.ctx.db,
      svc.teamId,
      'agent_connection_request',
      { profile_urn: urn(i) },
      userId,
    );
    times.push(performance.now() - t0);
  }
  return p50(times);
}

async function runOne(label: string, databaseUrl: string): Promise<OutreachResult> {
  const svc = await startBenchService(label, databaseUrl, 2);
  try {
    const db = svc.ctx.db;
    const fresh = (i: number) => `urn:li:fsd_profile:ACoAABenchNew${i}`;
    const empty = await checkP50(svc, fresh);
    // The other member's history: one invitation per person, dated within the window.
    await db.query(
      `INSERT INTO contact_events (id, team_id, profile_urn, user_id, kind, at)
       SELECT gen_random_uuid(), $1, 'urn:li:fsd_profile:ACoAABenchHist' || i, $2, 'invited',
              now() - make_interval(mins => i % 40000)
         FROM generate_series(1, $3::int) AS i`,
      [svc.teamId, svc.agents[1]!.userId, HISTORY],
    );
    await db.query(
      `INSERT INTO do_not_contact (id, team_id, kind, key, value, added_by_email)
       SELECT gen_random_uuid(), $1, CASE WHEN i % 5 = 0 THEN 'company' ELSE 'person' END,
              CASE WHEN i % 5 = 0 THEN 'slug:company-' || i ELSE 'slug:listed-' || i END, 'listed-' || i, NULL
         FROM generate_series(1, $2::int) AS i`,
      [svc.teamId, LIST],
    );
    await db.query('ANALYZE contact_events; ANALYZE do_not_contact').catch(() => {});
    // People outside the history and the list: the checks look and find nothing, as most do.
    const loaded = await checkP50(svc, fresh);

    await db.query(
      `INSERT INTO posts (id, team_id, activity_urn, post_url, content, author_name, author_url, posted_at, likes_count)
       SELECT gen_random_uuid(), $1, 'urn:li:activity:' || (7000000000000000000 + i), 'https://www.linkedin.com/feed/update/' || i,
              'A post of about a hundred characters, with a comma, "quotes" and a line break\nnumber ' || i,
              'Author ' || i, 'https://www.linkedin.com/in/author-' || i,
              timestamp '2026-01-01' + make_interval(secs => i), i % 50
         FROM generate_series(1, $2::int) AS i`,
      [svc.teamId, POSTS],
    );
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const t0 = performance.now();
    const res = await fetch(`${svc.server.url}/api-posts?format=csv`, {
      headers: { 'x-api-key': svc.apiKey },
    });
    const reader = res.body!.getReader();
    let firstByte = 0;
    let lines = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      if (!firstByte) firstByte = performance.now() - t0;
      for (const b of r.value) if (b === 10) lines++;
    }
    const total = performance.now() - t0;
    clearInterval(sampler);
    if (lines < POSTS) throw new Error(`the export had ${lines} lines for ${POSTS} posts`);
    return {
      database: label,
      posts: POSTS,
      first_byte_ms: Math.round(firstByte),
      export_ms: Math.round(total),
      peak_rss_mb: Math.round(peak / 1024 / 1024),
      check_p50_empty_ms: Number(empty.toFixed(3)),
      check_p50_loaded_ms: Number(loaded.toFixed(3)),
      added_ms: Number((loaded - empty).toFixed(3)),
    };
  } finally {
    await svc.close();
  }
}

export async function runOutreachBench(): Promise<{ file: string; results: OutreachResult[] }> {
  const results = [await runOne('PGlite', 'memory://')];
  const pg = await findPostgres();
  if (pg) results.push(await runOne('PostgreSQL', pg));
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const file = join(dir, `outreach-checks-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify({ POSTS, HISTORY, LIST, CHECKS, results }, null, 2)}\n`);
  return { file, results };
}

export function printOutreachTable(results: OutreachResult[]): void {
  console.log(
    `\nOutreach: CSV export of posts, and the invitation checks (history ${HISTORY}, list ${LIST})`,
  );
  console.table(results);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runOutreachBench()
    .then(({ file, results }) => {
      printOutreachTable(results);
      console.log(`written to ${file}`);
    })
    .catch((err) => console.error(err))
    .finally(() => process.exit(0));
}
