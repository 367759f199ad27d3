import type { Database } from './database.js';
import { openPglite } from './pglite-database.js';
import { countingStatements } from './statement-count.js';

interface OpenOptions {
  /** `postgres://…` for a server; otherwise a PGlite data directory, or `memory://` for tests. */
  url: string;
  /** Postgres only: a schema to create and use (tests get a fresh one per file). */
  schema?: string;
  /**
   * PGlite only: compile PostgreSQL's code as it first runs, to the optimised code only: about
   * much less memory for a long-running service (docs/benchmarks.md), slower to open (db/pglite-worker.mjs).
   */
  lazyCompile?: boolean;
  /** PGlite in memory only: start from this saved data directory (`dumpPglite`), not an empty one. */
  pgliteImage?: string;
}

/**
 * The database a URL names: a PostgreSQL server, or PGlite in a directory (or in memory). The
 * PostgreSQL client is loaded only for a server: a service on PGlite never needs it.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return countingStatements(
    /^postgres(ql)?:\/\//.test(opts.url)
      ? await (await import('./postgres-database.js')).openPostgres(opts.url, opts.schema)
      : await openPglite(opts.url, { lazyCompile: opts.lazyCompile, image: opts.pgliteImage }),
  );
}
