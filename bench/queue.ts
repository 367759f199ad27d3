import { pathToFileURL } from 'node:url';
import os from 'node:os';
import { findPostgres, setBenchBudgets, startBenchService } from './setup.js';
import {
  type DispatchClient,
  dispatchLatency,
  queueThroughput,
  type LatencyResult,
  type ThroughputResult,
} from './queue-bench.js';
import { writeBenchResults } from './results-file.js';

/**
 * `npx tsx bench/queue.ts` (and the first part of `npm run bench`): task dispatch latency and queue
 * throughput, on PGlite and (when reachable) on PostgreSQL. Reports only: a failed or skipped
 * measurement is printed, never a failed build. BENCH_DISPATCH_CLIENT=fetch sends the dispatch
 * bench's requests with fetch instead of node:http (bench/queue-bench.ts).
 */
const DISPATCH_TASKS = Number(process.env.BENCH_DISPATCH_TASKS ?? 500);
const THROUGHPUT_TASKS = Number(process.env.BENCH_THROUGHPUT_TASKS ?? 5_000);
const AGENTS = 4;
const DISPATCH_CLIENT = (process.env.BENCH_DISPATCH_CLIENT ?? 'http') as DispatchClient;

interface QueueDatabaseResult {
  database: string;
  dispatch?: LatencyResult;
  /** The queue alone: the team's budgets set to no limit, so the claim counts nothing. */
  throughput?: ThroughputResult;
  /** The same with the benched kind under a (high) daily budget: each claim counts the member's week. */
  throughput_budgeted?: ThroughputResult;
  error?: string;
  skipped?: string;
}

async function benchDatabase(label: string, url: string): Promise<QueueDatabaseResult> {
  const svc = await startBenchService(label, url, AGENTS);
  const result: QueueDatabaseResult = { database: label };
  try {
    process.stdout.write(`${label}: dispatch latency over ${DISPATCH_TASKS} tasks… `);
    result.dispatch = await dispatchLatency(svc, DISPATCH_TASKS, DISPATCH_CLIENT);
    process.stdout.write(
      `p50 ${result.dispatch.p50_ms} ms\n${label}: throughput, ${AGENTS} agents, ${THROUGHPUT_TASKS} tasks… `,
    );
    await setBenchBudgets(svc, null);
    result.throughput = await queueThroughput(svc, THROUGHPUT_TASKS);
    process.stdout.write(
      `${result.throughput.http_tasks_per_s} tasks/s\n${label}: the same under a budget… `,
    );
    // High enough that the members' warm-up and health (bench/setup.ts: three tenths of it at
    // the least) leave more than the run sends: each claim counts the week, none is held.
    await setBenchBudgets(svc, { agent_send_message: { per_day: 50_000 } });
    result.throughput_budgeted = await queueThroughput(svc, THROUGHPUT_TASKS);
    process.stdout.write(`${result.throughput_budgeted.http_tasks_per_s} tasks/s\n`);
  } catch (err) {
    result.error = (err as Error).message;
    process.stdout.write(`failed: ${result.error}\n`);
  } finally {
    await svc.close().catch(() => {});
  }
  return result;
}

export function printQueueTable(results: QueueDatabaseResult[]) {
  const rows = results.map((r) => ({
    database: r.database,
    'dispatch p50 ms': r.dispatch?.p50_ms ?? '-',
    'dispatch p99 ms': r.dispatch?.p99_ms ?? '-',
    'dispatch max ms': r.dispatch?.max_ms ?? '-',
    'HTTP tasks/s': r.throughput?.http_tasks_per_s ?? '-',
    'bare SQL tasks/s': r.throughput?.sql_tasks_per_s ?? '-',
    'HTTP / SQL time': r.throughput ? `${r.throughput.http_over_sql}x` : '-',
    'budgeted HTTP tasks/s': r.throughput_budgeted?.http_tasks_per_s ?? '-',
    'budgeted HTTP / SQL': r.throughput_budgeted ? `${r.throughput_budgeted.http_over_sql}x` : '-',
    note: r.error ?? r.skipped ?? '',
  }));
  console.log('\nTask queue: dispatch latency and throughput');
  console.table(rows);
}

/** Runs the queue benchmark on both databases; writes bench/results/queue-*.json. */
export async function runQueueBench(): Promise<{ file: string; results: QueueDatabaseResult[] }> {
  const started = new Date();
  const results: QueueDatabaseResult[] = [];
  results.push(await benchDatabase('pglite', 'memory://'));
  const pgUrl = await findPostgres();
  if (pgUrl) results.push(await benchDatabase('postgres', pgUrl));
  else
    results.push({ database: 'postgres', skipped: 'no PostgreSQL reachable (set DATABASE_URL)' });

  const file = await writeBenchResults(
    'queue',
    {
      started_at: started.toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, platform: process.platform },
      settings: {
        dispatch_tasks: DISPATCH_TASKS,
        dispatch_client: DISPATCH_CLIENT,
        throughput_tasks: THROUGHPUT_TASKS,
        agents: AGENTS,
      },
      results,
    },
    started,
  );
  return { file, results };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runQueueBench()
    .then(({ file, results }) => {
      printQueueTable(results);
      console.log(`\nwritten to ${file}`);
    })
    .catch((err) => console.error(`bench could not run: ${(err as Error).message}`))
    .finally(() => process.exit(0));
}
