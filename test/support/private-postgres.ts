import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL server of its own for one test, in a temporary folder on a free port, so a test can
 * stop and start it (a database restart under a running service) without touching the server the
 * other tests share. Uses the server binaries of Debian's `postgresql` package (npm test installs
 * it, or says how); as root it runs them as the `postgres` user, since the server refuses root.
 */
export interface PrivatePostgres {
  url: string;
  /**
   * Stops the server: `fast` (the default) ends every session with 57P01 "terminating connection
   * due to administrator command" and shuts down cleanly; `immediate` kills the server processes
   * outright (recovery at the next start), as a crash would.
   */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const version = existsSync(base)
    ? readdirSync(base).sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  const dir = process.env.PG_BIN ?? (version ? join(base, version, 'bin') : '');
  if (!dir || !existsSync(join(dir, 'pg_ctl'))) {
    throw new Error(
      'The PostgreSQL server binaries are needed (pg_ctl, initdb): apt-get install -y postgresql, or set PG_BIN',
    );
  }
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = await mkdtemp(join(tmpdir(), 'na-pg-'));
  const root = process.getuid?.() === 0;
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, uid, Number(gid.trim()));
  }
  const as = (cmd: string, args: string[]) =>
    root
      ? run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args])
      : run(join(bin, cmd), args);
  const port = await freePort();
  const data = join(dir, 'data');
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () =>
    as('pg_ctl', [
      '-D',
      data,
      '-o',
      options,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      'start',
    ]).then(() => undefined);
  const stop = (mode: 'fast' | 'immediate' = 'fast') =>
    as('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']).then(() => undefined);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async close() {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
