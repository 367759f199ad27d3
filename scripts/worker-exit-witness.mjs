// Loaded into vitest's own process (`node --import`), never into its test workers: vitest 4 says
// only "Worker exited unexpectedly" when a test worker process dies, and drops the exit code and
// signal that Node hands its listener. This wraps `child_process.fork`, which vitest's forks pool
// starts its workers with, and writes each worker's end that is not a clean one (code 0, or the
// SIGTERM vitest stops its workers with) to stderr: its code and signal, how long it ran, and its
// memory when last looked at (Linux's /proc, every 2 s), so a crash (SIGSEGV, SIGABRT), a kill
// (SIGKILL, as the out-of-memory killer sends) and an exit from code are told apart.
import childProcess from 'node:child_process';
import { readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const LOOK_EVERY_MS = 2000;

/** The process's resident and peak resident memory, as /proc says them; empty where it cannot. */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return `resident ${Math.round(kb('VmRSS') / 1024)} MB, peak ${Math.round(kb('VmHWM') / 1024)} MB`;
  } catch {
    return '';
  }
}

const fork = childProcess.fork;
childProcess.fork = function witnessedFork(...args) {
  const child = fork.apply(this, args);
  const started = Date.now();
  let memory = '';
  const look = setInterval(() => {
    memory = memoryOf(child.pid) || memory;
  }, LOOK_EVERY_MS);
  look.unref();
  child.on('exit', (code, signal) => {
    clearInterval(look);
    if (code === 0 || signal === 'SIGTERM') return;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const last = memory ? `; memory when last looked at: ${memory}` : '';
    process.stderr.write(
      `\nworker-exit-witness: test worker ${child.pid} ended with code ${code} and signal ${signal} after ${seconds} s${last}\n`,
    );
  });
  return child;
};
syncBuiltinESMExports();
