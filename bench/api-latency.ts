import { mkdir, writeFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';
import { findPostgres, startBenchService } from './setup.js';

/**
 * `npx tsx bench/api-latency.ts` (and part of `npm run bench`): the latency of the public API at
 * 20 requests/s (half `POST /network-agent/fetch-profile`, half `GET /network-agent/get-task-status`)
 * while 100 members' agents wait in long-poll claims and complete the tasks those calls create, on
 * PGlite and (when reachable) PostgreSQL. The load runs in a worker thread (bench/api-load.mjs).
 * BENCH_API_SECONDS changes the length, BENCH_API_AGENTS the agents.
 */
const AGENTS = Number(process.env.BENCH_API_AGENTS ?? 100);
const RATE_PER_S = 20;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 30);
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

interface ApiLatencyResult {
  database: string;
  requests?: number;
  p50_ms?: number;
  p90_ms?: number;
  p99_ms?: number;
  max_ms?: number;
  create_p50_ms?: number;
  status_p50_ms?: number;
  tasks_created?: number;
  tasks_completed?: number;
  errors?: string[];
  error?: string;
  skipped?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (n: number) => Number(n.toFixed(2));

async function benchDatabase(label: string, url: string): Promise<ApiLatencyResult> {
  const svc = await startBenchService(label, url, AGENTS);
  try {
    process.stdout.write(
      `${label}: ${RATE_PER_S} API requests/s for ${SECONDS} s beside ${AGENTS} waiting claims… `,
    );
    const load = await new Promise<{
      samples: { create: number[]; status: number[] };
      failures: string[];
      agentErrors: string[];
      created: number;
      completed: number;
    }>((resolve, reject) => {
      const worker = new Worker(new URL('./api-load.mjs', import.meta.url), {
        workerData: {
          url: svc.server.url,
          apiKey: svc.apiKey,
          agents: svc.agents.map((a) => ({ headers: a.headers })),
          ratePerS: RATE_PER_S,
          seconds: SECONDS,
          output: PROFILE_OUTPUT,
        },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once(
        'exit',
        (code) => code !== 0 && reject(new Error(`the load exited with ${code}`)),
      );
    });
    const all = [...load.samples.create, ...load.samples.status].sort((a, b) => a - b);
    const create = [...load.samples.create].sort((a, b) => a - b);
    const status = [...load.samples.status].sort((a, b) => a - b);
    const result: ApiLatencyResult = {
      database: label,
      requests: all.length,
      p50_ms: round(percentile(all, 50)),
      p90_ms: round(percentile(all, 90)),
      p99_ms: round(percentile(all, 99)),
      max_ms: round(all.at(-1) ?? NaN),
      create_p50_ms: round(percentile(create, 50)),
      status_p50_ms: round(percentile(status, 50)),
      tasks_created: load.created,
      tasks_completed: load.completed,
      ...(load.failures.length + load.agentErrors.length
        ? { errors: [...load.failures, ...load.agentErrors].slice(0, 10) }
        : {}),
    };
    process.stdout.write(`p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms\n`);
    return result;
  } catch (err) {
    process.stdout.write(`failed: ${(err as Error).message}\n`);
    return { database: label, error: (err as Error).message };
  } finally {
    await svc.close().catch(() => {});
  }
}

export function printApiLatencyTable(results: ApiLatencyResult[]) {
  console.log(
    `\nPublic API latency, ${RATE_PER_S} requests/s beside ${AGENTS} waiting long-poll claims (tasks created and completed meanwhile)`,
  );
  console.table(
    results.map((r) => ({
      database: r.database,
      requests: r.requests ?? '-',
      'p50 ms': r.p50_ms ?? '-',
      'p90 ms': r.p90_ms ?? '-',
      'p99 ms': r.p99_ms ?? '-',
      'max ms': r.max_ms ?? '-',
      'create p50': r.create_p50_ms ?? '-',
      'status p50': r.status_p50_ms ?? '-',
      'created / completed':
        r.tasks_created !== undefined ? `${r.tasks_created} / ${r.tasks_completed}` : '-',
      note: r.error ?? r.skipped ?? r.errors?.join('; ') ?? '',
    })),
  );
}

/** Runs on both databases; writes bench/results/api-latency-*.json. */
export async function runApiLatencyBench(): Promise<{ file: string; results: ApiLatencyResult[] }> {
  const started = new Date();
  const results = [await benchDatabase('pglite', 'memory://')];
  const pgUrl = await findPostgres();
  results.push(
    pgUrl
      ? await benchDatabase('postgres', pgUrl)
      : { database: 'postgres', skipped: 'no PostgreSQL reachable (set DATABASE_URL)' },
  );
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const file = `${dir}api-latency-${started.toISOString().replace(/[:.]/g, '-')}.json`;
  const machine = {
    cpus: os.cpus().length,
    node: process.version,
    platform: process.platform,
    loadavg: os.loadavg(),
  };
  await writeFile(
    file,
    `${JSON.stringify({ started_at: started.toISOString(), machine, settings: { agents: AGENTS, rate_per_s: RATE_PER_S, seconds: SECONDS }, results }, null, 2)}\n`,
  );
  return { file, results };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runApiLatencyBench()
    .then(({ file, results }) => {
      printApiLatencyTable(results);
      console.log(`\nwritten to ${file}`);
    })
    .catch((err) => console.error(`bench could not run: ${(err as Error).message}`))
    .finally(() => process.exit(0));
}
