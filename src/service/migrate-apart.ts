import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { databaseUrlOf, embeddedFolderOf, openServiceDatabase } from './boot.js';
import type { Config } from './config.js';
import type { Logger } from './logger.js';

/** Set in the environment of the child process that only creates and migrates the database. */
export const MIGRATE_ONLY_ENV = 'NETWORK_AGENT_MIGRATE_ONLY';

/**
 * On a first start, the embedded database folder does not exist yet: a child process running this
 * same entry point creates and migrates it, then exits, and the service opens the folder as a
 * restart would. Creating a cluster and running every migration leaves memory behind in the
 * process that did it, even once its database thread has ended (bench/idle-rss.ts); in a child it
 * all goes when the child ends. A folder that exists is migrated in process (boot.ts).
 */
export async function createDatabaseApart(config: Config, log: Logger): Promise<void> {
  const folder = embeddedFolderOf(databaseUrlOf(config));
  if (!folder || existsSync(join(folder, 'PG_VERSION'))) return;
  const started = performance.now();
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!], {
      env: { ...process.env, [MIGRATE_ONLY_ENV]: '1' },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
  });
  if (code !== 0) throw new Error(`creating the database in ${folder} failed (exit code ${code})`);
  log.info('database_created_apart', { ms: Math.round(performance.now() - started) });
}

/** The child's whole work: the database created, migrated, closed, its folder released. */
export async function migrateOnly(config: Config, log: Logger): Promise<void> {
  const { db, folderLock } = await openServiceDatabase(databaseUrlOf(config), log, {
    holder: 'first start',
  });
  await db.close();
  await folderLock?.release();
}
