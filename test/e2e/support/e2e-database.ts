import { join } from 'node:path';
import { seedPgliteFolder } from '../../support/pglite-image.js';

/**
 * Where an e2e service keeps its data: PGlite in a folder of the test (survives a service restart),
 * or, when DATABASE_URL is set (CI's second run), a fresh schema on that PostgreSQL server.
 */
export async function e2eDatabase(
  dataDir: string,
): Promise<{ databaseUrl: string; databaseSchema?: string }> {
  const pg = process.env.DATABASE_URL;
  if (!pg) {
    // Migrated already, as the folder is after a first start (test/support/pglite-image.ts).
    await seedPgliteFolder(join(dataDir, 'pglite'));
    return { databaseUrl: join(dataDir, 'pglite') };
  }
  return {
    databaseUrl: pg,
    databaseSchema: `e2e_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`,
  };
}
