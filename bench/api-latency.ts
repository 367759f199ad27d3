import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';
import { serviceCommand } from './service-command.js';
import { findPostgres } from './setup.js';
import { createManyAgents } from './many-agents.js';
import { type LoadProcess, spawnLoad } from './load-process.js';
import {
  type BenchInstance,
  benchSchema,
  type InstanceFigures,
  startInstance,
  startInstanceProcess,
} from './service-instance.js';
import { percentile } from './percentile.js';
import { writeBenchResults } from './results-file.js';
import { benchServiceBuild } from './service-build.js';

/**
 * `npx tsx bench/api-latency.ts` (and part of `npm run bench`): the latency of the public API at
 * 20 requests/s (half `POST /network-agent/fetch-profile`, half `GET /network-agent/get-task-status`)
 * while members' agents wait in long-poll claims (`wait_s` 25) and complete the tasks those calls
 * create, on PGlite and (when reachable) PostgreSQL. The agents and the API caller run in a child
 * process (bench/api-load.mjs), so the service's resident memory is the bench process's own.
 * Reported per run: API p50/p90/p99, dispatch p50 (the create request sent to the task in an
 * agent's claim answer), the service's RSS per 1,000 waiting claims, and created = delivered once.
 *
 * BENCH_API_AGENTS: waiting agents, one count or several (`1000,5000,10000`); default 100.
 * BENCH_API_SHAPE: `one` (one team of them all; the default), `teams` (teams of BENCH_API_TEAM_SIZE,
 * default 10), or `both`. BENCH_API_INSTANCES: 2 runs two service instances on one PostgreSQL
 * database, half the agents and API calls on each (PostgreSQL only); the second in a process of
 * its own (bench/service-instance.ts), and the memory figures are the sum of both.
 * BENCH_API_DATABASES: `pglite`, `postgres` or both (default). BENCH_API_SECONDS: the length of the
 * API load (default 30).
 * BENCH_SERVICE_FLAGS: more node flags for the service's processes (`--trace-gc`).
 * The service runs as `npm run service` runs it: built (bench/service-build.ts; BENCH_SOURCES=1
 * runs the sources), node flags and environment from package.json.
 * The load's child process raises its file-descriptor limit (`ulimit -n`, one socket per agent);
 * the service's process needs one descriptor per waiting claim too: run it under `ulimit -n` above
 * the agents (this machine's 20,000 holds 10,000).
 */
const AGENTS = (process.env.BENCH_API_AGENTS ?? '100').split(',').map(Number);
const SHAPES = (
  process.env.BENCH_API_SHAPE === 'both' ? ['one', 'teams'] : [process.env.BENCH_API_SHAPE ?? 'one']
) as Shape[];
const TEAM_SIZE = Number(process.env.BENCH_API_TEAM_SIZE ?? 10);
const INSTANCES = Number(process.env.BENCH_API_INSTANCES ?? 1);
const DATABASES = (process.env.BENCH_API_DATABASES ?? 'pglite,postgres').split(',');
const RATE_PER_S = 20;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 30);
const CLAIM_WAIT_S = 25;
/** The warm-up before the idle reading: this many of the agents, this long. */
const WARM_UP_AGENTS = 200;
const WARM_UP_SECONDS = 3;
const PROFILE_OUTPUT = {
  profile_urn: 'urn:li:fsd_profile:ACoAAbench',
  member_urn: null,
  public_identifier: 'bench',
  name: 'Bench Person',
  headline: '',
  location: '',
  profile_url: 'https://www.linkedin.com/in/bench/',
  connections: null,
  followers: null,
  about: '',
  experience: [],
  education: [],
  skills: [],
  network_degree: null,
};

type Shape = 'one' | 'teams';

interface ApiLatencyResult {
  database: string;
  shape?: string;
  agents?: number;
  instances?: number;
  waiting?: number;
  requests?: number;
  p50_ms?: number;
  p90_ms?: number;
  p99_ms?: number;
  max_ms?: number;
  create_p50_ms?: number;
  status_p50_ms?: number;
  dispatch_p50_ms?: number;
  dispatch_p99_ms?: number;
  /** Before the warm-up; `rss_idle_mb` after it, the base of the per-claim figures. */
  rss_cold_mb?: number;
  rss_idle_mb?: number;
  rss_waiting_mb?: number;
  rss_per_1000_claims_mb?: number;
  heap_per_1000_claims_mb?: number;
  statements_per_s?: number;
  claims_without_look_per_s?: number;
  rechecks_per_s?: number;
  /** Per instance, the longest its event loop was held during the API calls. */
  instance_lag_max_ms?: number[];
  /** The slowest requests, when each was sent and to which instance (0 the first). */
  slowest?: { ms: number; at_s: number; kind: string; instance: number }[];
  tasks_created?: number;
  tasks_delivered?: number;
  delivered_twice?: number;
  tasks_completed?: number;
  errors?: string[];
  error?: string;
  skipped?: string;
}

const round = (n: number) => Number(n.toFixed(2));
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function benchOne(
  label: string,
  url: string,
  shape: Shape,
  agents: number,
  instances: number,
): Promise<ApiLatencyResult> {
  const base = { database: label, shape, agents, instances };
  const schema = benchSchema(url);
  const started: BenchInstance[] = [];
  let load: LoadProcess | undefined;
  try {
    const first = await startInstance(url, schema, { dropsSchema: true });
    started.push(first);
    // The others each in a process of their own, as a deployment runs them.
    for (let i = 1; i < instances; i++)
      started.push(await startInstanceProcess(url, schema, SERVICE_NODE_FLAGS));
    const teams = shape === 'one' ? 1 : Math.ceil(agents / TEAM_SIZE);
    const made = await createManyAgents(first.ctx, teams, shape === 'one' ? agents : TEAM_SIZE);
    const urlOf = (i: number) => started[i % started.length]!.url;
    const figures = async (memory = false) => {
      const all = await Promise.all(started.map((s) => s.figures(memory)));
      const sum = (f: (x: InstanceFigures) => number | undefined) =>
        all.reduce((n, x) => n + (f(x) ?? 0), 0);
      return {
        waiting: sum((x) => x.waiting),
        statements: sum((x) => x.statements),
        looksSkipped: sum((x) => x.looksSkipped),
        rechecks: sum((x) => x.rechecks),
        rssMb: sum((x) => x.rssMb),
        heapMb: sum((x) => x.heapMb),
        lagMaxMs: all.map((x) => x.lagMaxMs),
      };
    };
    process.stdout.write(
      `${label}, ${instances > 1 ? `${instances} instances, ` : ''}${agents} agents (${shape === 'one' ? 'one team' : `${teams} teams of ${TEAM_SIZE}`}): `,
    );
    /** The load of the first `count` agents, and API calls to their teams. */
    const startLoad = (count: number, seconds: number): Promise<LoadProcess> => {
      const ofLoad = made.agents.slice(0, count);
      const teamIds = new Set(ofLoad.map((a) => a.teamId));
      return spawnLoad({
        agents: ofLoad.map((a, i) => ({ url: urlOf(i), headers: a.headers })),
        apis: made.teams.flatMap((t, i) =>
          teamIds.has(t.id) ? [{ url: urlOf(i), apiKey: t.apiKey }] : [],
        ),
        ratePerS: RATE_PER_S,
        seconds,
        output: PROFILE_OUTPUT,
        waitS: CLAIM_WAIT_S,
      });
    };
    // The service as it is once it has served: a few seconds of the same traffic from a few of the
    // agents, which then leave. What serving at all makes a process keep (code compiled, buffers,
    // the heap's young generation) is not a cost of the waiting claims measured after it.
    const cold = await figures(true);
    const warm = await startLoad(WARM_UP_AGENTS, WARM_UP_SECONDS);
    await warm.run();
    warm.kill();
    for (let waited = 0; (await figures()).waiting > 0 && waited < 30_000; waited += 200)
      await sleep(200);
    const idle = await figures(true);
    load = await startLoad(agents, SECONDS);
    // Every agent waiting (or as near as it gets in three minutes) before the first call.
    for (
      let waited = 0;
      (await figures()).waiting < agents * 0.97 && waited < 180_000;
      waited += 500
    )
      await sleep(500);
    await sleep(2_000);
    // The memory beside the waiting claims takes a full collection on every instance, which stops
    // each for a while (0.5 s at 10,000 claims). One instance reads it before the calls, and they
    // begin once the claims that arrived meanwhile are answered. Several read it after the calls,
    // the claims still waiting: read before, it set their next collections at one moment, in the
    // calls' first seconds, where no two instances of a deployment have theirs.
    const memoryAfterCalls = instances > 1;
    let loaded = memoryAfterCalls ? undefined : await figures(true);
    if (!memoryAfterCalls) await sleep(5_000);
    // Also resets the event loops' longest hold: measured from here.
    const before = await figures();
    const t0 = performance.now();
    const done = await load.run();
    const after = await figures();
    const seconds = (performance.now() - t0) / 1000;
    loaded ??= await figures(true);
    const waiting = loaded.waiting;
    const statements = after.statements - before.statements;
    const skipped = after.looksSkipped - before.looksSkipped;
    const rechecks = after.rechecks - before.rechecks;
    const all = sorted([...done.samples.create, ...done.samples.status]);
    const dispatch = sorted(done.dispatch);
    const result: ApiLatencyResult = {
      ...base,
      waiting,
      requests: all.length,
      p50_ms: round(percentile(all, 50)),
      p90_ms: round(percentile(all, 90)),
      p99_ms: round(percentile(all, 99)),
      max_ms: round(all.at(-1) ?? NaN),
      create_p50_ms: round(percentile(sorted(done.samples.create), 50)),
      status_p50_ms: round(percentile(sorted(done.samples.status), 50)),
      dispatch_p50_ms: round(percentile(dispatch, 50)),
      dispatch_p99_ms: round(percentile(dispatch, 99)),
      rss_cold_mb: round(cold.rssMb),
      rss_idle_mb: round(idle.rssMb),
      rss_waiting_mb: round(loaded.rssMb),
      rss_per_1000_claims_mb: round(((loaded.rssMb - idle.rssMb) * 1000) / Math.max(1, waiting)),
      heap_per_1000_claims_mb: round(((loaded.heapMb - idle.heapMb) * 1000) / Math.max(1, waiting)),
      statements_per_s: round(statements / seconds),
      claims_without_look_per_s: round(skipped / seconds),
      rechecks_per_s: round(rechecks / seconds),
      instance_lag_max_ms: after.lagMaxMs.map(round),
      slowest: done.slowest.map((r) => ({
        ms: round(r.ms),
        at_s: round(r.at_s),
        kind: r.kind,
        instance: started.findIndex((s) => s.url === r.url),
      })),
      tasks_created: done.created,
      tasks_delivered: done.delivered,
      delivered_twice: done.duplicates,
      tasks_completed: done.completed,
      ...(done.failures.length + done.agentErrors.length
        ? { errors: [...done.failures, ...done.agentErrors].slice(0, 10) }
        : {}),
    };
    process.stdout.write(
      `p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms, dispatch p50 ${result.dispatch_p50_ms} ms, ${result.rss_per_1000_claims_mb} MB per 1,000 claims (heap ${result.heap_per_1000_claims_mb}), event loop held at most ${result.instance_lag_max_ms?.join(' / ')} ms\n`,
    );
    return result;
  } catch (err) {
    process.stdout.write(`failed: ${(err as Error).message}\n`);
    return { ...base, error: (err as Error).message };
  } finally {
    load?.kill();
    // The first last: it drops the schema the others use.
    for (const s of started.reverse()) await s.close().catch(() => {});
  }
}

export function printApiLatencyTable(results: ApiLatencyResult[]) {
  console.log(
    `\nPublic API latency, ${RATE_PER_S} requests/s beside waiting long-poll claims (tasks created and completed meanwhile)`,
  );
  console.table(
    results.map((r) => ({
      database: r.instances && r.instances > 1 ? `${r.database} x${r.instances}` : r.database,
      shape: r.shape === 'teams' ? `teams of ${TEAM_SIZE}` : 'one team',
      waiting: r.waiting ?? r.agents ?? '-',
      'p50 ms': r.p50_ms ?? '-',
      'p99 ms': r.p99_ms ?? '-',
      'dispatch p50': r.dispatch_p50_ms ?? '-',
      'MB/1,000 claims': r.rss_per_1000_claims_mb ?? '-',
      'heap MB/1,000': r.heap_per_1000_claims_mb ?? '-',
      'statements/s': r.statements_per_s ?? '-',
      'claims without a look/s': r.claims_without_look_per_s ?? '-',
      're-checks/s': r.rechecks_per_s ?? '-',
      'created / delivered / twice':
        r.tasks_created !== undefined
          ? `${r.tasks_created} / ${r.tasks_delivered} / ${r.delivered_twice}`
          : '-',
      note: r.error ?? r.skipped ?? r.errors?.join('; ') ?? '',
    })),
  );
}

interface Configuration {
  database: string;
  url: string;
  shape: Shape;
  agents: number;
  instances: number;
}

const RESULT_LINE = 'api-latency result: ';

/** How `npm run service` runs the service (package.json): its heap is sized so. */
const SERVICE = serviceCommand();
const SERVICE_NODE_FLAGS = [
  ...SERVICE.nodeFlags,
  ...(process.env.BENCH_SERVICE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
];

/**
 * One configuration in a fresh process of its own (this file, told which by BENCH_API_RUN), so its
 * memory figures start from a heap no earlier configuration used.
 */
function inItsOwnProcess(run: Configuration): Promise<ApiLatencyResult> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...SERVICE_NODE_FLAGS, fileURLToPath(import.meta.url)],
    {
      env: { ...process.env, ...SERVICE.env, BENCH_API_RUN: JSON.stringify(run) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (let nl = out.indexOf('\n'); nl >= 0; nl = out.indexOf('\n')) {
      const line = out.slice(0, nl + 1);
      out = out.slice(nl + 1);
      if (line.startsWith(RESULT_LINE)) result = JSON.parse(line.slice(RESULT_LINE.length));
      else process.stdout.write(line);
    }
  });
  let result: ApiLatencyResult | undefined;
  const base = {
    database: run.database,
    shape: run.shape,
    agents: run.agents,
    instances: run.instances,
  };
  return new Promise((resolve) =>
    child.once('exit', (code) =>
      resolve(result ?? { ...base, error: `its process exited with ${code}` }),
    ),
  );
}

/** Runs every configuration asked for; writes bench/results/api-latency-*.json. */
export async function runApiLatencyBench(): Promise<{ file: string; results: ApiLatencyResult[] }> {
  const started = new Date();
  const results: ApiLatencyResult[] = [];
  const pgUrl = DATABASES.includes('postgres') ? await findPostgres() : null;
  // Built once here: each configuration's process runs the same build (service-build.ts).
  await benchServiceBuild();
  for (const database of DATABASES) {
    const url = database === 'pglite' ? 'memory://' : pgUrl;
    for (const shape of SHAPES)
      for (const agents of AGENTS) {
        if (!url) {
          results.push({ database, shape, agents, skipped: 'no PostgreSQL reachable' });
          continue;
        }
        const instances = database === 'postgres' ? INSTANCES : 1;
        results.push(await inItsOwnProcess({ database, url, shape, agents, instances }));
      }
  }
  const machine = {
    cpus: os.cpus().length,
    node: process.version,
    platform: process.platform,
    loadavg: os.loadavg(),
  };
  const file = await writeBenchResults(
    'api-latency',
    {
      started_at: started.toISOString(),
      machine,
      settings: {
        agents: AGENTS,
        shapes: SHAPES,
        team_size: TEAM_SIZE,
        instances: INSTANCES,
        rate_per_s: RATE_PER_S,
        seconds: SECONDS,
      },
      results,
    },
    started,
  );
  return { file, results };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.env.BENCH_API_RUN) {
  const run = JSON.parse(process.env.BENCH_API_RUN) as Configuration;
  benchOne(run.database, run.url, run.shape, run.agents, run.instances)
    .then((result) => process.stdout.write(`${RESULT_LINE}${JSON.stringify(result)}\n`))
    .finally(() => process.exit(0));
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runApiLatencyBench()
    .then(({ file, results }) => {
      printApiLatencyTable(results);
      console.log(`\nwritten to ${file}`);
    })
    .catch((err) => console.error(`bench could not run: ${(err as Error).message}`))
    .finally(() => process.exit(0));
}
