import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { loadConfig } from '../src/service/config.js';
import type { closeServiceContext, createServiceContext } from '../src/service/boot.js';
import type { createLogger } from '../src/service/logger.js';
import type { startServer } from '../src/service/server.js';
import type { ServiceContext } from '../src/service/context.js';
import type { statementsRun } from '../src/service/db/statement-count.js';
import { benchServiceBuild } from './service-build.js';

/** What an instance runs of the service. */
interface ServiceModules {
  loadConfig: typeof loadConfig;
  createServiceContext: typeof createServiceContext;
  closeServiceContext: typeof closeServiceContext;
  createLogger: typeof createLogger;
  startServer: typeof startServer;
  statementsRun: typeof statementsRun;
}

/**
 * The service's modules, loaded only from where the instance runs them: its build
 * (service-build.ts), the JavaScript `npm run service` runs; or, with BENCH_SOURCES=1, the sources.
 */
async function serviceModules(): Promise<ServiceModules> {
  const build = await benchServiceBuild();
  const load = (path: string) =>
    build
      ? import(pathToFileURL(join(build, 'service', `${path}.js`)).href)
      : import(`../src/service/${path}.js`);
  const [config, boot, logger, server, count] = await Promise.all([
    load('config'),
    load('boot'),
    load('logger'),
    load('server'),
    load('db/statement-count'),
  ]);
  return {
    loadConfig: config.loadConfig,
    createServiceContext: boot.createServiceContext,
    closeServiceContext: boot.closeServiceContext,
    createLogger: logger.createLogger,
    startServer: server.startServer,
    statementsRun: count.statementsRun,
  };
}

/**
 * A service instance of the API latency bench (bench/api-latency.ts): in the bench's own process,
 * or, for the second and later instances of a multi-instance run, in a process of its own as a
 * deployment runs them (`npx tsx bench/service-instance.ts` with BENCH_INSTANCE set, told what to
 * do over IPC). Both kinds answer the same figures, so the bench sums them over instances.
 */

/** What an instance says of itself at a point of the run. */
export interface InstanceFigures {
  waiting: number;
  statements: number;
  looksSkipped: number;
  rechecks: number;
  /** Resident memory and JavaScript heap in use, after a full collection (`--expose-gc`). */
  rssMb?: number;
  heapMb?: number;
  /** The longest the instance's event loop was held since the last reading (after its collection). */
  lagMaxMs: number;
}

export interface BenchInstance {
  url: string;
  /** `memory`: after a full collection, which takes a while beside many waiting claims. */
  figures(memory?: boolean): Promise<InstanceFigures>;
  close(): Promise<void>;
}

/** An instance in this process: its context too, for the bench to write its agents with. */
interface LocalInstance extends BenchInstance {
  ctx: ServiceContext;
}

function memoryNow() {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rssMb: rss / 2 ** 20, heapMb: heapUsed / 2 ** 20 };
}

/** A fresh schema of its own for a bench run on PostgreSQL; none on PGlite, a database per run. */
export function benchSchema(databaseUrl: string): string | undefined {
  return databaseUrl.startsWith('postgres')
    ? `bench_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`
    : undefined;
}

/**
 * `dropsSchema`: the instance that made the run's schema drops it as it closes; `env`: more of the
 * service's settings, as an operator sets them.
 */
export async function startInstance(
  databaseUrl: string,
  schema: string | undefined,
  { dropsSchema = false, env = {} as Record<string, string> } = {},
): Promise<LocalInstance> {
  const service = await serviceModules();
  const dataDir = await mkdtemp(join(tmpdir(), 'na-bench-'));
  const config = service.loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: 'cd'.repeat(32),
    PORT: '0',
    HOST: '127.0.0.1',
    MAX_WAITING_CLAIMS: '100000',
    ...env,
  });
  const ctx = await service.createServiceContext(config, {
    log: service.createLogger({ silent: true }),
    databaseUrl,
    databaseSchema: schema,
  });
  const server = await service.startServer(ctx, config);
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  return {
    ctx,
    url: server.url,
    async figures(memory = false) {
      const read = {
        waiting: ctx.metrics.waitingClaims.count,
        statements: service.statementsRun(ctx.db),
        looksSkipped: ctx.signals.looksSkipped,
        rechecks: ctx.signals.rechecks,
        ...(memory ? memoryNow() : {}),
        lagMaxMs: loopDelay.max / 1e6,
      };
      loopDelay.reset();
      return read;
    },
    async close() {
      loopDelay.disable();
      if (schema && dropsSchema)
        await ctx.db.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
      await server.close();
      await service.closeServiceContext(ctx);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type Request = { id: number; ask: 'figures' | 'memory' | 'close' };
type Answer = { id: number; figures?: InstanceFigures; error?: string };

/**
 * An instance in a child process of its own, run with `nodeFlags` (the service's, package.json)
 * besides this process's loader; resolves once it listens.
 */
export function startInstanceProcess(
  databaseUrl: string,
  schema: string | undefined,
  nodeFlags: string[],
): Promise<BenchInstance> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...nodeFlags, fileURLToPath(import.meta.url)],
    {
      env: { ...process.env, BENCH_INSTANCE: JSON.stringify({ databaseUrl, schema }) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  let next = 0;
  const pending = new Map<number, (a: Answer) => void>();
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`a service instance exited with ${code}`))),
  );
  exited.catch(() => {});
  const ask = (what: Request['ask']) =>
    Promise.race([
      new Promise<Answer>((resolve) => {
        const id = ++next;
        pending.set(id, resolve);
        child.send({ id, ask: what } satisfies Request);
      }),
      exited,
    ]);
  return Promise.race([
    new Promise<BenchInstance>((resolve) => {
      child.on('message', (m: Answer | { url: string }) => {
        if ('url' in m) {
          resolve({
            url: m.url,
            async figures(memory = false) {
              const a = await ask(memory ? 'memory' : 'figures');
              if (!a.figures) throw new Error(a.error ?? 'no figures');
              return a.figures;
            },
            async close() {
              await ask('close').catch(() => {});
              child.kill();
            },
          });
          return;
        }
        pending.get(m.id)?.(m);
        pending.delete(m.id);
      });
    }),
    exited,
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.env.BENCH_INSTANCE) {
  const { databaseUrl, schema } = JSON.parse(process.env.BENCH_INSTANCE) as {
    databaseUrl: string;
    schema?: string;
  };
  const instance = await startInstance(databaseUrl, schema);
  process.on('message', async ({ id, ask }: Request) => {
    try {
      if (ask !== 'close')
        process.send?.({ id, figures: await instance.figures(ask === 'memory') });
      else {
        await instance.close();
        process.send?.({ id }, () => process.exit(0));
      }
    } catch (err) {
      process.send?.({ id, error: (err as Error).message });
    }
  });
  process.send?.({ url: instance.url });
}
