import { printQueueTable, runQueueBench } from './queue.js';
import { printApiLatencyTable, runApiLatencyBench } from './api-latency.js';
import { printPostsPageTables, runPostsPageBench } from './posts-page.js';
import { printIdleRssTable, runIdleRssBench } from './idle-rss.js';
import { printSchedulerTable, runSchedulerBench } from './scheduler.js';
import { printBundleTable, runBundleBench } from './bundle-size.js';
import { printOutreachTable, runOutreachBench } from './outreach-checks.js';
import { printMcpPostsTable, runMcpPostsBench } from './mcp-posts.js';

/**
 * `npm run bench`: every benchmark in turn — the task queue (bench/queue.ts), the public API's
 * latency beside 100 waiting claims (bench/api-latency.ts), the scheduler (bench/scheduler.ts), the idle service's
 * memory (bench/idle-rss.ts), then the `/api-posts` page at a million posts (bench/posts-page.ts) — each on PGlite and, when reachable,
 * PostgreSQL — and the extension's bundles against their budgets (bench/bundle-size.ts). Each also runs alone (`npx tsx bench/<name>.ts`). Prints one table per benchmark at
 * the end and writes bench/results/<name>-<time>.json. Reports only: a benchmark that fails is
 * printed as failed and the others still run; the exit code stays 0.
 */
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
    name: 'bundle-size',
    run: async () => {
      const { file, results } = await runBundleBench();
      return { file, print: () => printBundleTable(results) };
    },
  },
];

async function main() {
  const started = performance.now();
  const done: {
    name: string;
    seconds: number;
    file?: string;
    print?: () => void;
    error?: string;
  }[] = [];
  for (const bench of BENCHMARKS) {
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
}

main()
  .catch((err) => console.error(`bench could not run: ${(err as Error).message}`))
  .finally(() => process.exit(0));
