import { ConfigError, loadConfig } from './config.js';
import { closeServiceContext, createServiceContext } from './boot.js';
import { createLogger } from './logger.js';
import { createDatabaseApart, MIGRATE_ONLY_ENV, migrateOnly } from './migrate-apart.js';
import { startServer } from './server.js';

/** A stop asked by SIGTERM or SIGINT ends the process within this, whatever it waits for. */
const STOP_WITHIN_MS = 8_000;

/** `npm run service`: configuration from the environment, then serve until SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const log = createLogger();
  if (process.env[MIGRATE_ONLY_ENV]) {
    await migrateOnly(config, log);
    process.exit(0);
  }
  await createDatabaseApart(config, log);
  // A service runs for long: its embedded database compiles only the code it runs (db/pglite-worker.mjs).
  const ctx = await createServiceContext(config, { lazyCompile: true, log });
  const running = await startServer(ctx, config);
  // The operator CLI finds the running service through the embedded database's lock.
  await ctx.folderLock?.announce(running.url);
  console.log(`Service listening on ${running.url} (database: ${ctx.db.kind})`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests, then exiting`);
    // Shutdown takes a second or two; whatever holds it up past this, the process still ends.
    setTimeout(() => {
      console.error(`${signal}: not stopped within ${STOP_WITHIN_MS / 1000} s, exiting anyway`);
      process.exit(1);
    }, STOP_WITHIN_MS).unref();
    await running.close();
    await closeServiceContext(ctx);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(`Start-up failed: ${(err as Error).message}`);
  }
  process.exit(1);
});
