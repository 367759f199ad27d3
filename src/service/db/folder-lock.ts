import { readFileSync, unlinkSync } from 'node:fs';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';

/**
 * Two processes on one PGlite folder can damage it, and PGlite itself does not stop the second.
 * So whoever opens an embedded database folder (the service, an operator command) first writes
 * `<folder>.lock` (next to the folder, in DATA_DIR by default) with its pid; whoever finds that file
 * held by a living process refuses to open the folder and names the holder. A lock whose process
 * is gone (a crash, a kill -9) is taken over.
 */
interface FolderLockHolder {
  pid: number;
  host: string;
  /** `service` or `ops <command>`. */
  holder: string;
  since: string;
  /** Where the service listens, once it does: the operator CLI goes through it. */
  url?: string;
}

export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly held: FolderLockHolder,
  ) {
    super(
      `The embedded database in ${folder} is in use by ${describeHolder(held)}: ` +
        'only one process may open it at a time',
    );
  }
}

export function describeHolder(h: FolderLockHolder): string {
  const who = h.holder === 'service' ? 'the running service' : `\`${h.holder}\``;
  const where = h.url ? `, listening on ${h.url}` : '';
  return `${who} (pid ${h.pid}${where}, since ${h.since})`;
}

export interface FolderLock {
  file: string;
  /** Records where the service listens, for the operator CLI. */
  announce(url: string): Promise<void>;
  release(): Promise<void>;
}

function lockFileOf(folder: string): string {
  return `${folder.replace(/[/\\]+$/, '')}.lock`;
}

/** The living holder of a folder's lock, or null when nobody (or a dead process) holds it. */
export async function folderLockHolder(folder: string): Promise<FolderLockHolder | null> {
  const held = await readHolder(lockFileOf(folder));
  return held && isAlive(held) ? held : null;
}

/** Takes the folder's lock, or throws FolderLockedError naming the process that holds it. */
export async function lockFolder(folder: string, holder: string): Promise<FolderLock> {
  const file = lockFileOf(folder);
  let me: FolderLockHolder = {
    pid: process.pid,
    host: hostname(),
    holder,
    since: new Date().toISOString(),
  };
  for (let tries = 0; ; tries++) {
    try {
      await writeFile(file, JSON.stringify(me) + '\n', { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = await readHolder(file);
    if (held && isAlive(held)) throw new FolderLockedError(folder, held);
    // Unreadable (a holder still writing it) twice, or its process is gone: take it over.
    if (held === null && tries === 0) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    if (tries > 3) throw new Error(`Cannot take the lock ${file}`);
    await unlink(file).catch(() => {});
  }
  // A process that exits without closing (an uncaught error, process.exit) lets go of it too.
  const onExit = () => removeIfMine(file);
  process.on('exit', onExit);
  return {
    file,
    async announce(url) {
      me = { ...me, url };
      await writeFile(file, JSON.stringify(me) + '\n', { mode: 0o600 });
    },
    async release() {
      process.off('exit', onExit);
      removeIfMine(file);
    },
  };
}

function removeIfMine(file: string): void {
  try {
    const held = JSON.parse(readFileSync(file, 'utf8')) as FolderLockHolder;
    if (held.pid === process.pid && held.host === hostname()) unlinkSync(file);
  } catch {
    // Gone already, or not ours to remove.
  }
}

async function readHolder(file: string): Promise<FolderLockHolder | null> {
  try {
    const held = JSON.parse(await readFile(file, 'utf8')) as FolderLockHolder;
    return typeof held.pid === 'number' ? held : null;
  } catch {
    return null;
  }
}

/** Whether the holder still runs. On another host we cannot tell: it is taken to run. */
function isAlive(h: FolderLockHolder): boolean {
  if (h.host !== hostname()) return true;
  if (h.pid === process.pid) return true;
  try {
    process.kill(h.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
