#!/usr/bin/env node
// The suite's workers, run again and again: `node scripts/vitest-soak.mjs [--runs 50] [--busy N]
// [files…]` runs vitest on the files (the service tests when none) that many times in a row, with
// the witness of its workers' deaths (scripts/worker-exit-witness.mjs), while N processes keep as
// many cores busy (none unless asked). One line per run; at the end, how many runs had a test
// worker die and how many a test fail, and what the witness said of each death. Exits 1 when a
// worker died.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vitestFailures, withoutColours, witnessLines } from './vitest-failures.mjs';

/** What V8 prints when it aborts a process: its fatal error, a failed check, an out-of-memory. */
const fatalLines = (printed) =>
  withoutColours(printed)
    .split('\n')
    .filter((l) => /Fatal|FATAL|Check failed|out of memory|OOM/.test(l))
    .slice(0, 20);

function options(argv) {
  const opts = { runs: 50, busy: 0, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--runs' || arg === '--busy') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${arg} takes a whole number`);
      opts[arg.slice(2)] = n;
    } else opts.files.push(arg);
  }
  if (opts.files.length === 0) opts.files.push('test/service');
  return opts;
}

/** The vitest run under way, ended with this script. */
let running = null;

/** One vitest run: its status, how long it took, and everything it printed. */
function vitestRun(files) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      'node',
      [
        '--import',
        './scripts/worker-exit-witness.mjs',
        'node_modules/vitest/vitest.mjs',
        'run',
        '--reporter=dot',
        ...files,
      ],
      // Its own process group: stopping the soak ends vitest's workers and what tests started too.
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    running = child;
    let printed = '';
    child.stdout.on('data', (d) => {
      printed += d;
    });
    child.stderr.on('data', (d) => {
      printed += d;
    });
    child.on('close', (code) => {
      running = null;
      resolve({ status: code ?? 1, seconds: (Date.now() - started) / 1000, printed });
    });
  });
}

/**
 * Processes that each keep a core busy until stopped: the load a shared CI machine carries. Each
 * also ends when this script is gone however it ended (its parent changes), never left spinning.
 */
const SPIN =
  'const parent = process.ppid; for (let i = 1; ; i++) { Math.sqrt(Math.random()); if (i % 1e7 === 0 && process.ppid !== parent) process.exit(); }';
function busyLoad(n) {
  return Array.from({ length: n }, () => spawn('node', ['-e', SPIN], { stdio: 'ignore' }));
}

let opts;
try {
  opts = options(process.argv.slice(2));
} catch (err) {
  console.error(err.message);
  process.exit(2);
}
const load = busyLoad(opts.busy);
const stopLoad = () => {
  for (const p of load) p.kill('SIGKILL');
};
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
])
  process.on(signal, () => {
    stopLoad();
    if (running?.pid) {
      try {
        process.kill(-running.pid, 'SIGKILL');
      } catch {
        // The group has already ended.
      }
    }
    process.exit(code);
  });

const deaths = [];
let failedRuns = 0;
for (let run = 1; run <= opts.runs; run++) {
  const r = await vitestRun(opts.files);
  const died = (r.printed.match(/Worker exited unexpectedly/g) ?? []).length;
  const failed = /^\s*Tests\s.*\bfailed\b/m.test(withoutColours(r.printed));
  if (failed) failedRuns++;
  const words = died
    ? `${died} worker(s) died`
    : failed
      ? 'a test failed'
      : r.status
        ? `status ${r.status}`
        : 'passed';
  console.log(`run ${run}/${opts.runs}: ${r.seconds.toFixed(0)} s, ${words}`);
  if (failed && !died) for (const line of vitestFailures(r.printed, 12)) console.log(`  ${line}`);
  if (died) {
    const said = witnessLines(r.printed);
    deaths.push({ run, said });
    for (const line of said) console.log(`  ${line}`);
    // V8 says why it aborts on the dying worker's stderr just before the trap: kept whole.
    const file = join(tmpdir(), `vitest-soak-run-${run}-${process.pid}.log`);
    writeFileSync(file, r.printed);
    for (const line of fatalLines(r.printed)) console.log(`  ${line}`);
    console.log(`  all it printed: ${file}`);
  }
}
stopLoad();
console.log(
  `\n${opts.runs} runs of ${opts.files.join(' ')} beside ${opts.busy} busy core(s): ${deaths.length} with a dead test worker, ${failedRuns} with a failed test.`,
);
process.exit(deaths.length ? 1 : 0);
