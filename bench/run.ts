import { printQueueTable, runQueueBench } from './queue.js';
import { printApiLatencyTable, runApiLatencyBench } from './api-latency.js';
import { printPostsPageTables, runPostsPageBench } from './posts-page.js';
import { printIdleRssTable, runIdleRssBench } from './idle-rss.js';
import { printSchedulerTable, runSchedulerBench } from './scheduler.js';
import { printBundleTable, runBundleBench } from './bundle-size.js';
import { printOutreachTable, runOutreachBench } from './outreach-checks.js';
import { printMcpPostsTable, runMcpPostsBench } from './mcp-posts.js';
import { printQueuedWriteTable, runQueuedWriteBench } from './queued-write.js';
import { printClassificationTable, runClassificationBench } from './classification-beside-sync.js';
import { readFile } from 'node:fs/promises';
import { GOALS } from './goals.js';
import { benchOfResultsFile, evaluateGoals, formatGoalLine, goalsExitCode } from './goal-check.js';

/**
 * `npm run bench`: every benchmark in turn — the task queue (bench/queue.ts), the public API's
 * latency beside waiting claims (bench/api-latency.ts), the scheduler (bench/scheduler.ts), the idle
 * service's memory (bench/idle-rss.ts), the `/api-posts` page at a million posts
 * (bench/posts-page.ts), MCP against REST (bench/mcp-posts.ts), the outreach checks
 * (bench/outreach-checks.ts), a queued write through every check of the gate (bench/queued-write.ts), the sync's path beside
 * the sorting of replies (bench/classification-beside-sync.ts) — each on PGlite and, when reachable, PostgreSQL — and the
 * extension's bundles against their budgets (bench/bundle-size.ts). `npm run bench -- queue
 * bundle-size` runs only those. Prints one table per benchmark, writes
 * bench/results/<name>-<time>.json, and ends with "Goals": each goal of bench/goals.ts against
 * this run's figures. A benchmark that fails is printed as failed and the others still run. The
 * exit code stays 0 unless `--check` is given and a measured goal falls short, or the runner
 * itself could not run (1); a goal this run did not measure never fails it.
 */
const CHECK = process.argv.includes('--check');

const BENCHMARKS: { name: string; run: () => Promise<{ file: string; print: () => void }> }[] = [
  {
    name: 'queue',
    run: async () => {
      const { file, results } = await runQueueBench();
      return { file, print: () => printQueueTable(results) };
    },
  },
  {
    name: 'api-latency',
    run: async () => {
      const { file, results } = await runApiLatencyBench();
      return { file, print: () => printApiLatencyTable(results) };
    },
  },
  {
    name: 'scheduler',
    run: async () => {
      const { file, result } = await runSchedulerBench();
      return { file, print: () => printSchedulerTable(result) };
    },
  },
  {
    name: 'idle-rss',
    run: async () => {
      const { file, results } = await runIdleRssBench();
      return { file, print: () => printIdleRssTable(results) };
    },
  },
  {
    name: 'posts-page',
    run: async () => {
      const report = await runPostsPageBench();
      return { file: report.file, print: () => printPostsPageTables(report.results) };
    },
  },
  {
    name: 'mcp-posts',
    run: async () => {
      const { file, results } = await runMcpPostsBench();
      return { file, print: () => printMcpPostsTable(results) };
    },
  },
  {
    name: 'outreach-checks',
    run: async () => {
      const { file, results } = await runOutreachBench();
      return { file, print: () => printOutreachTable(results) };
    },
  },
  {
    name: 'queued-write',
    run: async () => {
      const { file, results } = await runQueuedWriteBench();
      return { file, print: () => printQueuedWriteTable(results) };
    },
  },
  {
    name: 'classification',
    run: async () => {
      const { file, results } = await runClassificationBench();
      return { file, print: () => printClassificationTable(results) };
    },
  },
  {
    name: 'bundle-size',
    run: async () => {
      const { file, results, failures } = await runBundleBench();
      return { file, print: () => printBundleTable(results, failures) };
    },
  },
];

/** The Goals section: every goal against the results files this run wrote. */
async function reportGoals(files: string[], check: boolean): Promise<number> {
  const results: Record<string, unknown> = {};
  for (const file of files) {
    const bench = benchOfResultsFile(file);
    if (bench) results[bench] = JSON.parse(await readFile(file, 'utf8'));
  }
  const lines = evaluateGoals(GOALS, results);
  console.log('\nGoals (bench/goals.ts; ✓ met, ✗ short, – not measured by this run)');
  for (const line of lines) console.log(formatGoalLine(line));
  const code = goalsExitCode(lines, check);
  if (code) console.log('\n--check: a measured goal falls short');
  return code;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
  if (unknown.length) {
    console.error(
      `no such benchmark: ${unknown.join(', ')} (one of ${BENCHMARKS.map((b) => b.name).join(', ')})`,
    );
    return 2;
  }
  const started = performance.now();
  const done: {
    name: string;
    seconds: number;
    file?: string;
    print?: () => void;
    error?: string;
  }[] = [];
  for (const bench of BENCHMARKS) {
    if (names.length && !names.includes(bench.name)) continue;
    const t0 = performance.now();
    console.log(`\n== ${bench.name} ==`);
    try {
      const { file, print } = await bench.run();
      done.push({ name: bench.name, seconds: (performance.now() - t0) / 1000, file, print });
    } catch (err) {
      done.push({
        name: bench.name,
        seconds: (performance.now() - t0) / 1000,
        error: (err as Error).message,
      });
    }
  }
  for (const d of done) {
    if (d.print) d.print();
    else console.log(`\n${d.name}: could not run: ${d.error}`);
  }
  console.log();
  for (const d of done)
    console.log(`${d.name}: ${Math.round(d.seconds)} s${d.file ? `, written to ${d.file}` : ''}`);
  console.log(`all benchmarks: ${Math.round((performance.now() - started) / 1000)} s`);
  return reportGoals(
    done.flatMap((d) => (d.file ? [d.file] : [])),
    CHECK,
  );
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`bench could not run: ${(err as Error).message}`);
    process.exit(CHECK ? 1 : 0);
  },
);
