import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withServiceBuild } from './service-build.js';
import { serviceCommand } from './service-command.js';
import { findPostgres } from './setup.js';
import { writeBenchResults } from './results-file.js';

/**
 * Idle memory of the service as `npm run service` runs it (node on the compiled service, built here
 * into a scratch folder), on the embedded PGlite: its resident
 * set (RSS, from /proc) a few seconds after /health answers, on a fresh DATA_DIR (the first start,
 * which creates the database) and again after a restart on the same DATA_DIR. Where PostgreSQL is
 * reachable, also the same service on it: the service without PGlite, so that the difference is
 * what PGlite's thread holds (its WebAssembly memory and code, the thread's JavaScript).
 */
interface IdleRssResult {
  start: 'fresh DATA_DIR' | 'restart' | 'on PostgreSQL (no PGlite)';
  rss_mb: number;
  ready_s: number;
}

const IDLE_MS = 3_000;
/** How `npm run service` starts the service (package.json), so that what is measured is what runs. */
const SERVICE = serviceCommand();
const ROOT = fileURLToPath(new URL('../', import.meta.url));

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024);
}

async function measure(
  main: string,
  dataDir: string,
  start: IdleRssResult['start'],
  port: number,
  databaseUrl = '',
): Promise<IdleRssResult> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...SERVICE.nodeFlags, main], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SERVICE.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SECRET_KEY: 'ab'.repeat(32),
      DATABASE_URL: databaseUrl,
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - t0 > 120_000)
        throw new Error('the service did not answer /health in 120 s');
      const ok = await fetch(`http://127.0.0.1:${port}/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const ready = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { start, rss_mb: await rssMb(child.pid!), ready_s: Number(ready.toFixed(1)) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function runIdleRssBench(): Promise<{ file: string; results: IdleRssResult[] }> {
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  return withServiceBuild(async (scratch) => {
    const dataDir = join(scratch, 'data');
    const main = join(scratch, 'dist/service/main.js');
    const results = [
      await measure(main, dataDir, 'fresh DATA_DIR', port),
      await measure(main, dataDir, 'restart', port),
    ];
    const pgUrl = await findPostgres();
    if (pgUrl) results.push(await measure(main, dataDir, 'on PostgreSQL (no PGlite)', port, pgUrl));
    const file = await writeBenchResults('idle-rss', {
      machine: { cpus: os.cpus().length, node: process.version },
      idle_ms: IDLE_MS,
      results,
    });
    return { file, results };
  });
}

export function printIdleRssTable(results: IdleRssResult[]): void {
  console.log('\nidle service memory (PGlite, RSS 3 s after /health answers)');
  console.log('start                     | RSS      | ready in');
  for (const r of results)
    console.log(`${r.start.padEnd(25)} | ${`${r.rss_mb} MB`.padEnd(8)} | ${r.ready_s} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runIdleRssBench()
    .then(({ file, results }) => {
      printIdleRssTable(results);
      console.log(`\nwritten to ${file}`);
    })
    .catch((err) => console.error(`bench could not run: ${(err as Error).message}`))
    .finally(() => process.exit(0));
}
