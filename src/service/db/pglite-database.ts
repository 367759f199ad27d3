import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { Database, QueryOptions, Transaction } from './database.js';
import { beginStatement, type TransactionOptions } from './transaction-options.js';

/**
 * The embedded database: PGlite, on a worker thread (db/pglite-worker.mjs). PGlite runs PostgreSQL
 * compiled to WebAssembly, synchronously: on the service's own thread, every statement would stop
 * every request, and an agent call's statements cost more than its HTTP handling. On a thread of
 * its own it works while the service parses and answers requests, as a PostgreSQL server does in
 * its own process.
 */
export async function openPglite(
  dataDir: string,
  opts: { lazyCompile?: boolean; image?: string } = {},
): Promise<Database> {
  // V8 13.6, Node 24's, can free a wasm-to-JS import wrapper twice: its wasm code GC frees a
  // wrapper on one thread while another thread, tiering the same wrapper up, takes a reference to
  // it; the process aborts ("Check failed: jit_page_->allocations_.erase(addr) == 1",
  // nodejs/node#64500; fixed in V8 by 9b8ca54d5a, which Node 24 lacks). Every database here runs
  // on a thread of its own, and a test process opens hundreds of them, so in a process that opens
  // one, dead wasm code is kept, never collected: at most the replaced code of the one module each
  // process shares (compiledPostgres). The setting is process-wide and read whenever code dies.
  setFlagsFromString('--no-wasm-code-gc');
  if (dataDir !== 'memory://') await createDataDir(dataDir);
  else if (opts.image && !existsSync(opts.image))
    throw new Error(`No PGlite image at ${opts.image}`);
  const lazyCompile = opts.lazyCompile ?? false;
  // lazyCompile: PostgreSQL's code compiled function by function as it first runs (pglite-worker.mjs).
  const settings: ThreadSettings = {
    dataDir: dataDir === 'memory://' ? null : dataDir,
    extraStartParams: PGLITE_SETTINGS,
    lazyCompile,
    image: dataDir === 'memory://' ? (opts.image ?? null) : null,
    wasmModule: lazyCompile ? null : await compiledPostgres(),
  };
  const reusable = dataDir === 'memory://' && !lazyCompile;
  const idle = reusable ? idleThread() : undefined;
  const link = idle
    ? new WorkerLink(idle, { reusable, opening: settings })
    : new WorkerLink(
        new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
          workerData: settings,
          resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
        }),
        { reusable },
      );
  try {
    await link.ready;
  } catch (err) {
    await link.discard();
    throw err;
  }
  return new PgliteOnThread(link);
}

/** What a thread opens its database with (pglite-worker.mjs `open`). */
interface ThreadSettings {
  dataDir: string | null;
  extraStartParams: string[];
  lazyCompile: boolean;
  image: string | null;
  wasmModule: WebAssembly.Module | null;
}

/**
 * Threads whose in-memory database was closed, kept to open the next one: a new thread parses and
 * warms PGlite's JavaScript again, about as much CPU as the opening itself (the tests open hundreds
 * of databases, one after another in each test process). Kept unreferenced, they never hold the
 * process open.
 */
const idleThreads: Worker[] = [];
const MAX_IDLE_THREADS = 2;

function idleThread(): Worker | undefined {
  for (let worker = idleThreads.pop(); worker; worker = idleThreads.pop()) {
    // A thread that ended while idle (threadId -1) cannot be used.
    if (worker.threadId !== -1) {
      worker.ref();
      return worker;
    }
  }
  return undefined;
}

/**
 * Its one session runs statements one at a time, so a claim need not rewrite its member's row for
 * claims running beside it (migration 033).
 */
const CLAIMS_ONE_AT_A_TIME = ['-c', 'network_agent.claims_one_at_a_time=on'];

/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory, which only
 * grows. 16 MB holds the pages a request reads (a page of posts is a few index pages and its rows;
 * totals come from counters); the operating system caches the files beneath, and an idle service
 * stays much smaller than with the default or any larger setting (bench/idle-rss.ts,
 * docs/benchmarks.md).
 * PostgreSQL servers keep their own configuration.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', ...CLAIMS_ONE_AT_A_TIME];

/**
 * The thread's JavaScript is a thin relay of statements and rows; V8's default young generation
 * (up to 3 × 16 MB, kept once grown) is memory the idle service keeps for nothing. 4 MB holds the
 * rows of a page many times over (bench/idle-rss.ts).
 */
const THREAD_YOUNG_GENERATION_MB = 4;

const run = promisify(execFile);

let compiled: Promise<WebAssembly.Module> | undefined;
/**
 * PostgreSQL's WebAssembly compiled once per process, for every database opened eagerly (the
 * tests open hundreds, each on a thread of its own). A compiled module handed to a thread shares
 * its machine code: compiling it again in each thread cost about a second of CPU per database. A
 * service opens one database, lazily compiled in its thread (pglite-worker.mjs), and never this.
 */
function compiledPostgres(): Promise<WebAssembly.Module> {
  compiled ??= readFile(
    fileURLToPath(import.meta.resolve('@electric-sql/pglite/pglite.wasm')),
  ).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

/**
 * A new data directory is created (initdb) in a short-lived child process. Creating it grows
 * PGlite's WebAssembly memory to about three times what serving needs, and that memory is never
 * given back: in process, a fresh DATA_DIR would keep an idle service at the size of its first
 * start for its whole life. Opened afterwards, the directory costs what a restart costs.
 */
async function createDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); const db = await PGlite.create(process.argv[1]); await db.close();`;
  await run(process.execPath, ['--input-type=module', '-e', script, dataDir]);
}

type Operation =
  | { op: 'query' | 'prepared'; sql: string; params?: unknown[] }
  | { op: 'exec'; sql: string }
  | { op: 'listen'; channel: string }
  | { op: 'close' }
  | { op: 'open'; settings: ThreadSettings }
  | { op: 'dump' };

/** The thread's end of the messages: operations out, answers and notifications back. */
class WorkerLink {
  readonly ready: Promise<void>;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private failure: Error | null = null;

  private readonly reusable: boolean;
  private readonly onMessage: (m: ThreadMessage) => void;
  private readonly onError: (err: Error) => void;
  private readonly onExit: (code: number) => void;

  /**
   * `opening`: a kept thread whose last database was closed, asked to open this one; otherwise a
   * new thread, which opens its workerData's. `reusable`: kept for the next database once closed.
   */
  constructor(
    private readonly worker: Worker,
    opts: { reusable: boolean; opening?: ThreadSettings },
  ) {
    this.reusable = opts.reusable;
    let started!: () => void;
    let down!: (err: Error) => void;
    const threadReady = new Promise<void>((resolve, reject) => {
      started = resolve;
      down = reject;
    });
    this.onMessage = (m) => {
      if (m.ready) return started();
      if (m.channel !== undefined) {
        for (const h of this.handlers.get(m.channel) ?? []) h(m.payload ?? '');
        return;
      }
      const waiting = this.pending.get(m.id!);
      if (!waiting) return;
      this.pending.delete(m.id!);
      if (m.error) waiting.reject(Object.assign(new Error(m.error.message), m.error.fields));
      else waiting.resolve(m.result);
    };
    // The thread died (PGlite aborted): every waiting and later call fails, and says why.
    this.onError = (err) => {
      this.failure ??= new Error(`The embedded database stopped: ${err.message}`);
      for (const w of this.pending.values()) w.reject(this.failure);
      this.pending.clear();
      down(this.failure);
    };
    this.onExit = (code) => this.onError(new Error(`its thread exited with code ${code}`));
    worker.on('message', this.onMessage);
    worker.on('error', this.onError);
    worker.on('exit', this.onExit);
    // A kept thread says nothing when it is up: it already is.
    threadReady.catch(() => {});
    this.ready = opts.opening
      ? this.send<void>({ op: 'open', settings: opts.opening })
      : threadReady;
  }

  /** Posts at once (so calls reach the database in the order they are made); resolves with the answer. */
  send<T>(operation: Operation): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, ...operation });
    });
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => void> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.send({ op: 'listen', channel });
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  async close(): Promise<void> {
    const closed = this.failure
      ? false
      : await this.send({ op: 'close' }).then(
          () => true,
          () => false,
        );
    this.failure ??= new Error('The embedded database is closed');
    if (this.reusable && closed && idleThreads.length < MAX_IDLE_THREADS) {
      this.worker.off('message', this.onMessage);
      this.worker.off('error', this.onError);
      this.worker.off('exit', this.onExit);
      this.worker.unref();
      idleThreads.push(this.worker);
      return;
    }
    await this.worker.terminate();
  }

  /** Ends the thread, whatever its database's state (one that failed to open is never kept). */
  async discard(): Promise<void> {
    this.failure ??= new Error('The embedded database is closed');
    await this.worker.terminate();
  }
}

/** What the thread posts: its start, an operation's answer, or a notification. */
interface ThreadMessage {
  ready?: true;
  id?: number;
  result?: unknown;
  error?: { message: string; fields: object };
  channel?: string;
  payload?: string;
}

/**
 * The Database interface over the link. A transaction has the connection to itself: statements
 * made outside it meanwhile wait until it ends, as they do in PGlite, instead of running inside it.
 */
class PgliteOnThread implements Database {
  readonly kind = 'pglite' as const;
  /** Resolves when the transaction running now ends; null when none runs. */
  private transactionEnd: Promise<void> | null = null;

  constructor(private readonly link: WorkerLink) {}

  async query<T>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<T[]> {
    while (this.transactionEnd) await this.transactionEnd;
    return this.link.send<T[]>({ op: opts?.prepare ? 'prepared' : 'query', sql, params });
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>, opts?: TransactionOptions): Promise<T> {
    while (this.transactionEnd) await this.transactionEnd;
    let end!: () => void;
    this.transactionEnd = new Promise((resolve) => (end = resolve));
    const send = <R>(operation: Operation) => this.link.send<R>(operation);
    try {
      // Statements without parameters or rows go by the simple protocol: one exchange with
      // PostgreSQL's code instead of query()'s five (parse, describe, bind, execute, sync).
      await send({ op: 'exec', sql: beginStatement(opts) });
      const result = await fn({
        query: <R>(sql: string, params?: unknown[], qo?: QueryOptions) =>
          send<R[]>({ op: qo?.prepare ? 'prepared' : 'query', sql, params }),
        exec: (sql: string) => send<void>({ op: 'exec', sql }),
      });
      await send({ op: 'exec', sql: 'COMMIT' });
      return result;
    } catch (err) {
      await send({ op: 'exec', sql: 'ROLLBACK' }).catch(() => {});
      throw err;
    } finally {
      this.transactionEnd = null;
      end();
    }
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const unlisten = await this.link.listen(channel, handler);
    return async () => unlisten();
  }

  // In process: nothing to lose.
  listening = () => true;
  onListeningChange = () => () => {};

  close(): Promise<void> {
    return this.link.close();
  }

  /** The whole data directory as an uncompressed tar, for `openPglite`'s `image`. */
  dumpDataDir(): Promise<Uint8Array> {
    return this.link.send<Uint8Array>({ op: 'dump' });
  }
}

/** The data directory of an embedded database as a tar (`openPglite`'s `image`). */
export function dumpPglite(db: Database): Promise<Uint8Array> {
  if (!(db instanceof PgliteOnThread)) throw new Error('Only an embedded database has an image');
  return db.dumpDataDir();
}
