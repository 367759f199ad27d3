import { openDatabase } from '../../src/service/db/open-database.js';
import type { Database } from '../../src/service/db/database.js';

/** A schema name of its own for one test's database on DATABASE_URL's PostgreSQL. */
export const scratchSchemaName = () => `t_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;

/**
 * `run` on a database of its own, not migrated (a test that migrates step by step): a fresh schema
 * on DATABASE_URL's PostgreSQL, dropped afterwards, or PGlite in memory; closed either way.
 */
export async function withScratchDatabase<T>(run: (db: Database) => Promise<T>): Promise<T> {
  const pgUrl = process.env.DATABASE_URL;
  const schema = pgUrl ? scratchSchemaName() : undefined;
  const db = await openDatabase({ url: pgUrl ?? 'memory://', schema });
  try {
    return await run(db);
  } finally {
    if (schema) await db.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
    await db.close();
  }
}
