import { join } from 'node:path';

/**
 * Where an e2e service keeps its data: PGlite in a folder of the test (survives a service restart),
 * or, when DATABASE_URL is set (CI's second run), a fresh schema on that PostgreSQL server.
 */
export function e2eDatabase(dataDir: string): { databaseUrl: string; databaseSchema?: string } {
  const pg = process.env.DATABASE_URL;
  if (!pg) return { databaseUrl: join(dataDir, 'pglite') };
  return {
    databaseUrl: pg,
    databaseSchema: `e2e_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`,
  };
}
