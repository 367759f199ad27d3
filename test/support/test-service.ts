import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/service/config.js';
import { closeServiceContext, createServiceContext } from '../../src/service/boot.js';
import { createApp } from '../../src/service/app.js';
import { createLogger, type Logger } from '../../src/service/logger.js';
import type { ServiceContext } from '../../src/service/context.js';
import { migratedPgliteImage } from './pglite-image.js';
import { scratchSchemaName } from './scratch-database.js';

/**
 * A real service on a fresh database for one test file: PGlite in memory by default, or a fresh
 * schema on the PostgreSQL server named by DATABASE_URL (CI runs the suite both ways).
 * Mail goes to a temporary outbox folder as .eml files, which `latestCode` reads like a person would.
 */
export interface TestService {
  ctx: ServiceContext;
  /** PostgreSQL: the schema this service's data lives in. */
  schema: string | undefined;
  app: ReturnType<typeof createApp>;
  config: Config;
  outboxDir: string;
  /** app.request with JSON body and headers filled in. */
  call(
    method: string,
    path: string,
    opts?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  latestCode(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestService(
  env: Record<string, string> = {},
  opts: {
    databaseUrl?: string /** Another instance's schema: a second service on the same data. */;
    sharedSchema?: string;
    /** Where the service's log lines go (a test reading them); silent by default. */
    log?: Logger;
  } = {},
): Promise<TestService> {
  const dataDir = await mkdtemp(join(tmpdir(), 'na-test-'));
  const outboxDir = join(dataDir, 'outbox');
  const config = loadConfig({
    DATA_DIR: dataDir,
    MAIL_OUTBOX_DIR: outboxDir,
    SECRET_KEY: 'ab'.repeat(32),
    ...env,
  });
  const pgUrl = opts.databaseUrl ?? process.env.DATABASE_URL;
  const schema = opts.sharedSchema ?? (pgUrl ? scratchSchemaName() : undefined);
  const ctx = await createServiceContext(config, {
    log: opts.log ?? createLogger({ silent: !process.env.TEST_LOG }),
    databaseUrl: pgUrl ?? 'memory://',
    databaseSchema: schema,
    pgliteImage: pgUrl ? undefined : await migratedPgliteImage(),
  });
  const app = createApp(ctx);
  return {
    ctx,
    schema,
    app,
    config,
    outboxDir,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      let body: string | undefined;
      if (opts.body !== undefined) {
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      return app.request(path, { method, headers, body });
    },
    async latestCode(email) {
      const files = (await readdir(outboxDir).catch(() => [])).sort().reverse();
      for (const f of files) {
        const eml = await readFile(join(outboxDir, f), 'utf8');
        if (new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(eml)) {
          const code = /\b(\d{6})\b/.exec(
            eml
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n'),
          )?.[1];
          if (code) return code;
        }
      }
      throw new Error(`no code mailed to ${email}`);
    },
    async close() {
      if (schema && !opts.sharedSchema)
        await ctx.db.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
      await closeServiceContext(ctx);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
