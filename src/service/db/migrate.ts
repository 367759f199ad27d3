import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies the numbered SQL files in migrations/ that have not run yet (in name order: `027_` before
 * `027b_`), all in one transaction.
 * An advisory lock keeps two instances starting at once from migrating twice. `through` stops after
 * the named file (tests of a migration's backfill write rows into the schema before it).
 */
export async function migrate(db: Database, opts: { through?: string } = {}): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((f) => /^\d{3}[a-z]?_.+\.sql$/.test(f))
    .sort()
    .filter((f) => opts.through === undefined || f <= opts.through);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7262001)');
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(MIGRATIONS_DIR + file, 'utf8');
      // Each file runs whole, as one script (dollar-quoted function bodies and all), as graphile-worker does.
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}
