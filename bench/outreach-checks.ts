import { findPostgres, startBenchService, type BenchService } from './setup.js';
import { outreachVerdictForTask } from '../src/service/outreach/task-refusal.js';
import { LISTED_ENTRY_SQL, listedEntryParams } from '../src/service/outreach/do-not-contact.js';
import { recentContactSql } from '../src/service/outreach/recent-contact.js';
import { percentileOf } from './percentile.js';
import { writeGate } from '../src/service/tasks/write-gate.js';
import { writeBenchResults } from './results-file.js';

/**
 * The team pool's costs (docs/team-pool.md): the CSV export of `POSTS` posts over a real socket
 * (time to first byte, total, the service's RSS before and at its peak: it runs in this process),
 * and the checks an invitation passes before it is queued (`outreachVerdictForTask`, everything the
 * enqueue adds for them), p50 over `CHECKS` calls: on an empty team, then on a team with a
 * `HISTORY`-person contact history (another member's invitations within the window, each person
 * also known to the team with a slug and a company) and a `LIST`-entry do-not-contact list, for a
 * person in neither (most invitations), one in the history and one on the list (both refused).
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
  rss_before_mb: number;
  peak_rss_mb: number;
  /** One `SELECT 1` through the same handle, timed beside the loaded checks: the machine's floor. */
  select1_p50_ms: number;
  check_p50_empty_ms: number;
  /** What the checks add to an invitation on the loaded team: a person in neither. */
  check_p50_loaded_ms: number;
  check_p50_history_hit_ms: number;
  check_p50_listed_hit_ms: number;
  /**
   * The whole write gate (src/service/tasks/write-gate.ts) for a member's invitation on the loaded
   * team, a person in neither: the member and team statement, then the list and the window.
   */
  gate_p50_loaded_ms: number;
  /** The same two lookups as two statements (as the checks ran before they were one), same run. */
  two_statements_p50_loaded_ms: number;
}

const p50 = (xs: number[]) => percentileOf(xs, 50);

/**
 * p50 of the checks for `urn(i)`, each iteration also timing one `SELECT 1` just before: on a
 * loaded machine both see the same contention, so the floor says how much of a figure is the
 * machine. The first tenth warms up (plans, caches, the JIT) and is not counted.
 */
type Refused = (svc: BenchService, profileUrn: string) => Promise<string | null>;

/** The outreach checks alone: the refusal's code, or null. */
const outreachChecks: Refused = async (svc, profileUrn) =>
  (
    await outreachVerdictForTask(
      svc.ctx.db,
      svc.teamId,
      'agent_connection_request',
      { profile_urn: profileUrn },
      svc.agents[0]!.userId,
    )
  ).refusal?.code ?? null;

/** The whole gate, as a member's REST call passes it: the outreach refusal's code, or null. */
const wholeGate: Refused = async (svc, profileUrn) => {
  const userId = svc.agents[0]!.userId;
  const verdict = await writeGate(svc.ctx.db, {
    teamId: svc.teamId,
    type: 'agent_connection_request',
    input: { profile_urn: profileUrn },
    assignedUserId: userId,
    by: { kind: 'member', userId },
  });
  return verdict.pass ? null : (verdict.refusal?.code ?? null);
};

async function checkP50(
  svc: BenchService,
  urn: (i: number) => string,
  expected: string | null,
  refused: Refused = outreachChecks,
): Promise<{ check: number; floor: number }> {
  const times: number[] = [];
  const floor: number[] = [];
  const warmup = Math.ceil(CHECKS / 10);
  for (let i = -warmup; i < CHECKS; i++) {
    const t0 = performance.now();
    await svc.ctx.db.query('SELECT 1');
    const t1 = performance.now();
    const code = await refused(svc, urn(i + warmup));
    if (i >= 0) {
      floor.push(t1 - t0);
      times.push(performance.now() - t1);
    }
    if (code !== expected)
      throw new Error(`${urn(i + warmup)}: ${code ?? 'no refusal'}, expected ${expected}`);
  }
  return { check: p50(times), floor: p50(floor) };
}

/** p50 of the list's lookup and then the contact window's, each its own statement. */
async function twoStatementsP50(svc: BenchService, urn: (i: number) => string): Promise<number> {
  const times: number[] = [];
  const userId = svc.agents[0]!.userId;
  const warmup = Math.ceil(CHECKS / 10);
  for (let i = -warmup; i < CHECKS; i++) {
    const t0 = performance.now();
    const person = { profileUrn: urn(i + warmup) };
    await svc.ctx.db.query(LISTED_ENTRY_SQL, listedEntryParams(svc.teamId, person));
    await svc.ctx.db.query(recentContactSql('$3', '$4'), [
      svc.teamId,
      person.profileUrn,
      userId,
      new Date().toISOString(),
    ]);
    if (i >= 0) times.push(performance.now() - t0);
  }
  return p50(times);
}

/**
 * After a bulk insert, as a running service's tables are: vacuumed and analysed (autovacuum, or
 * db/housekeeping.ts on PGlite) and written out, so no timed read pays for the load itself.
 */
async function settle(svc: BenchService, tables: string[]) {
  for (const table of tables) await svc.ctx.db.query(`VACUUM ANALYZE ${table}`);
  await svc.ctx.db.query('CHECKPOINT').catch(() => {});
}

async function runOne(label: string, databaseUrl: string): Promise<OutreachResult> {
  const svc = await startBenchService(label, databaseUrl, 2);
  try {
    const db = svc.ctx.db;
    const fresh = (i: number) => `urn:li:fsd_profile:ACoAABenchNew${i}`;
    const empty = await checkP50(svc, fresh, null);
    // The other member's history: one invitation per person, dated within the window; each person
    // also known to the team (a profile read: their slug and current company).
    const hist = (i: number) => `urn:li:fsd_profile:ACoAABenchHist${i}`;
    await db.query(
      `INSERT INTO contact_events (id, team_id, profile_urn, user_id, kind, at)
       SELECT gen_random_uuid(), $1, 'urn:li:fsd_profile:ACoAABenchHist' || i, $2, 'invited',
              now() - make_interval(mins => i % 40000)
         FROM generate_series(1, $3::int) AS i`,
      [svc.teamId, svc.agents[1]!.userId, HISTORY],
    );
    await db.query(
      `INSERT INTO team_people (team_id, profile_urn, profile_slug, name, company_keys)
       SELECT $1, 'urn:li:fsd_profile:ACoAABenchHist' || i, 'person-' || i, 'Person ' || i,
              ARRAY['id:' || (i % 5000), 'name:company ' || (i % 5000)]
         FROM generate_series(1, $2::int) AS i`,
      [svc.teamId, HISTORY],
    );
    // The list: people by URN and by slug, and companies, in equal parts.
    await db.query(
      `INSERT INTO do_not_contact (id, team_id, kind, key, value, added_by_email)
       SELECT gen_random_uuid(), $1, CASE WHEN i % 3 = 0 THEN 'company' ELSE 'person' END,
              CASE i % 3 WHEN 0 THEN 'slug:company-' || i WHEN 1 THEN 'urn:li:fsd_profile:ACoAABenchListed' || i
                         ELSE 'slug:listed-' || i END,
              'listed-' || i, NULL
         FROM generate_series(1, $2::int) AS i`,
      [svc.teamId, LIST],
    );
    await settle(svc, ['contact_events', 'team_people', 'do_not_contact']);
    // People outside the history and the list: the checks look and find nothing, as most do.
    const loaded = await checkP50(svc, fresh, null);
    const gate = await checkP50(svc, fresh, null, wholeGate);
    const twoStatements = await twoStatementsP50(svc, fresh);
    const historyHit = await checkP50(
      svc,
      (i) => hist(1 + ((i * 7919) % HISTORY)),
      'contacted_recently',
    );
    const listedHit = await checkP50(
      svc,
      (i) => `urn:li:fsd_profile:ACoAABenchListed${1 + 3 * (i % Math.floor(LIST / 3))}`,
      'do_not_contact',
    );

    await db.query(
      `INSERT INTO posts (id, team_id, activity_urn, post_url, content, author_name, author_url, posted_at, likes_count)
       SELECT gen_random_uuid(), $1, 'urn:li:activity:' || (7000000000000000000 + i), 'https://www.linkedin.com/feed/update/' || i,
              'A post of about a hundred characters, with a comma, "quotes" and a line break\nnumber ' || i,
              'Author ' || i, 'https://www.linkedin.com/in/author-' || i,
              timestamp '2026-01-01' + make_interval(secs => i), i % 50
         FROM generate_series(1, $2::int) AS i`,
      [svc.teamId, POSTS],
    );
    await settle(svc, ['posts']);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const t0 = performance.now();
    const res = await fetch(`${svc.url}/api-posts?format=csv`, {
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
      rss_before_mb: Math.round(before / 1024 / 1024),
      peak_rss_mb: Math.round(peak / 1024 / 1024),
      select1_p50_ms: Number(loaded.floor.toFixed(3)),
      check_p50_empty_ms: Number(empty.check.toFixed(3)),
      check_p50_loaded_ms: Number(loaded.check.toFixed(3)),
      check_p50_history_hit_ms: Number(historyHit.check.toFixed(3)),
      check_p50_listed_hit_ms: Number(listedHit.check.toFixed(3)),
      gate_p50_loaded_ms: Number(gate.check.toFixed(3)),
      two_statements_p50_loaded_ms: Number(twoStatements.toFixed(3)),
    };
  } finally {
    await svc.close();
  }
}

export async function runOutreachBench(): Promise<{ file: string; results: OutreachResult[] }> {
  const results = [await runOne('PGlite', 'memory://')];
  const pg = await findPostgres();
  if (pg) results.push(await runOne('PostgreSQL', pg));
  const file = await writeBenchResults('outreach-checks', {
    POSTS,
    HISTORY,
    LIST,
    CHECKS,
    results,
  });
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
