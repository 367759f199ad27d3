import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * The service as a real process (`npm run service` from the sources, through tsx), configured by
 * environment: what a test needs when the process itself is under test (start-up, exit codes, that
 * it stays up). DATABASE_URL is not inherited unless `env` gives it.
 */
const TSX = join(process.cwd(), 'node_modules/.bin/tsx');

export interface ServiceRun {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output: () => string;
  /** The exit code once it exits (null when killed by a signal). */
  exited: Promise<number | null>;
}

export interface StartedService extends ServiceRun {
  url: string;
}

export function runService(env: Record<string, string>): ServiceRun {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(TSX, ['src/service/main.ts'], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Runs the service on a free port and resolves once it prints the URL it listens on. */
export async function startServiceProcess(
  env: Record<string, string>,
  startWithinMs = 60_000,
): Promise<StartedService> {
  const run = runService({ PORT: '0', ...env });
  const deadline = Date.now() + startWithinMs;
  while (Date.now() < deadline) {
    const url = /Service listening on (\S+)/.exec(run.output())?.[1];
    if (url) return { ...run, url };
    if (run.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  run.child.kill('SIGKILL');
  throw new Error(`service did not start:\n${run.output()}`);
}
