import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { closeServiceContext, createServiceContext } from '../../../src/service/boot.js';
import { loadConfig } from '../../../src/service/config.js';
import { migrate } from '../../../src/service/db/migrate.js';
import { openDatabase } from '../../../src/service/db/open-database.js';
import type { Logger } from '../../../src/service/logger.js';

// Either database: this is the embedded database's folder, whatever DATABASE_URL says.

test('a folder an older release left is migrated in process, then opened again on a fresh thread', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'na-upgrade-'));
  try {
    const older = await openDatabase({ url: join(dataDir, 'pglite') });
    await migrate(older, { through: '048_scheduler_side_by_side.sql' });
    await older.close();

    const events: [string, Record<string, unknown> | undefined][] = [];
    const log: Logger = {
      info: (event, fields) => events.push([event, fields]),
      warn: (event, fields) => events.push([event, fields]),
      error: (event, fields) => events.push([event, fields]),
    };
    const config = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'ab'.repeat(32) });
    const ctx = await createServiceContext(config, { lazyCompile: true, log });
    try {
      expect(events).toContainEqual(['database_reopened_after_migrating', { migrations: 1 }]);
      const [row] = await ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM watchlist_schedule',
      );
      expect(row!.n).toBe(0);
    } finally {
      await closeServiceContext(ctx);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}, 120_000);
