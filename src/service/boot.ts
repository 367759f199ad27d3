import { join, resolve } from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Config } from './config.js';
import type { ServiceContext } from './context.js';
import { openDatabase } from './db/open-database.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { createMailer } from './mail/mailer.js';
import { createTaskSignals } from './tasks/task-signals.js';
import { createLogger, type Logger } from './logger.js';
import { loadSecretKey } from './security/secret-key.js';
import {
  CREDENTIALS_CHANNEL,
  createCredentialCache,
  forgetEverywhere,
  parseCredentialChange,
} from './auth/credential-cache.js';
import { ActivityMarks } from './auth/activity-marks.js';
import { createTeamChanges } from './live/team-changes.js';
import { OutboundWork } from './http/outbound-work.js';
import { createServiceMetrics } from './metrics/service-metrics.js';
import { lockFolder, type FolderLock } from './db/folder-lock.js';
import { loadOperatorCredential } from './auth/operator-credential.js';

/** The database the configuration names: DATABASE_URL, or PGlite in DATA_DIR's `pglite` folder. */
export function databaseUrlOf(config: Config): string {
  return config.DATABASE_URL ?? join(resolve(config.DATA_DIR), 'pglite');
}

/** The folder of an embedded database a URL names; null for a server or memory. */
export function embeddedFolderOf(url: string): string | null {
  return /^postgres/.test(url) || url === 'memory://' ? null : resolve(url);
}

interface DatabaseOptions {
  databaseSchema?: string;
  lazyCompile?: boolean;
  /** `memory://` only: a saved data directory to start from (db/open-database.ts). */
  pgliteImage?: string;
  /** Who opens an embedded database folder, written in its lock: `service` unless told. */
  holder?: string;
}

/**
 * The database `url` names, migrated; an embedded folder is created if need be and locked for
 * the caller, who releases the lock after closing the database.
 */
export async function openServiceDatabase(
  url: string,
  log: Logger,
  opts: DatabaseOptions = {},
): Promise<{ db: Database; folderLock?: FolderLock }> {
  const folder = embeddedFolderOf(url);
  let folderLock: FolderLock | undefined;
  if (folder) {
    await mkdir(folder, { recursive: true });
    folderLock = await lockFolder(folder, opts.holder ?? 'service');
  }
  let db: Database | undefined;
  try {
    const open = () =>
      openDatabase({
        url,
        schema: opts.databaseSchema,
        lazyCompile: opts.lazyCompile,
        pgliteImage: opts.pgliteImage,
      });
    db = await open();
    const applied = await migrate(db);
    // PGlite's WebAssembly memory only grows, and migrating grows it (and compiles code) beyond
    // what serving needs: a long-lived service opens its database again on a fresh thread, as a
    // restart would, so it keeps what a restart keeps (bench/idle-rss.ts).
    if (applied.length > 0 && opts.lazyCompile && db.kind === 'pglite') {
      await db.close();
      db = undefined;
      db = await open();
      log.info('database_reopened_after_migrating', { migrations: applied.length });
    }
    return folderLock ? { db, folderLock } : { db };
  } catch (err) {
    await db?.close().catch(() => {});
    await folderLock?.release();
    throw err;
  }
}

/** Opens the database (migrated), mailer and signals named by the configuration. */
export async function createServiceContext(
  config: Config,
  opts: DatabaseOptions & { log?: Logger; databaseUrl?: string } = {},
): Promise<ServiceContext> {
  const log = opts.log ?? createLogger();
  const dataDir = resolve(config.DATA_DIR);
  const { db, folderLock } = await openServiceDatabase(
    opts.databaseUrl ?? databaseUrlOf(config),
    log,
    opts,
  );
  const secretKey = await loadSecretKey(config.SECRET_KEY, dataDir);
  const operator = await loadOperatorCredential(config.OPERATOR_TOKEN, dataDir);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: config.MAIL_OUTBOX_DIR ?? join(dataDir, 'outbox'),
    log,
  });
  const signals = await createTaskSignals(db);
  // On PGlite every change is made in this process; on PostgreSQL, changes made elsewhere arrive
  // while the LISTEN connection is up.
  const credentials = createCredentialCache(() => db.kind !== 'postgres' || db.listening());
  // Another instance (or the operator's CLI) withdrew a credential: forget it here too. A change
  // of this instance is forgotten again when its transaction commits: a look-up made while the
  // transaction ran read the rows as they were before it.
  await db.listen(CREDENTIALS_CHANNEL, (payload) => {
    const change = parseCredentialChange(payload);
    if (change) forgetEverywhere(change);
  });
  if (db.kind === 'postgres') {
    // Dropped, changes may go unheard; back, some may have been: forget every credential.
    const unwatch = db.onListeningChange(() => credentials.clear());
    const close = credentials.close;
    credentials.close = () => {
      unwatch();
      close();
    };
  }
  const changes = await createTeamChanges(db);
  const activity = new ActivityMarks();
  activity.start(db);
  return {
    db,
    config,
    secretKey,
    mailer,
    signals,
    log,
    credentials,
    activity,
    changes,
    outbound: new OutboundWork(config.OUTBOUND_TIMEOUT_S * 1000),
    metrics: createServiceMetrics(db, signals, log, {
      max: config.MAX_WAITING_CLAIMS,
      perTeam: config.MAX_WAITING_CLAIMS_PER_TEAM,
      perMember: config.MAX_WAITING_CLAIMS_PER_MEMBER,
    }),
    operator,
    ...(folderLock ? { folderLock } : {}),
  };
}

export async function closeServiceContext(ctx: ServiceContext): Promise<void> {
  // Deliveries in flight end at once and record why before the database goes.
  await ctx.outbound.stop();
  (ctx.credentials as { close?: () => void }).close?.();
  await ctx.activity.stop(ctx.db);
  await ctx.signals.close();
  await ctx.changes.close();
  await ctx.db.close();
  await ctx.folderLock?.release();
}
