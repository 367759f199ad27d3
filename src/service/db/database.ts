import pg from 'pg';
import { openPglite } from './pglite-database.js';
import { beginStatement, type TransactionOptions } from './transaction-options.js';

/**
 * The one database interface the service uses: plain parameterised SQL over either the embedded
 * PGlite (default, data in DATA_DIR; db/pglite-database.ts) or a PostgreSQL server (DATABASE_URL).
 * Same SQL on both.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** Inside a transaction: also a whole script of several statements, as migrations are. */
export interface Transaction extends Queryable {
  /** Runs a multi-statement script as one query (PGlite `exec`; pg's simple query protocol). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * `readOnlySnapshot`: its statements only read, and all see one snapshot of the database (REPEATABLE
   * READ), so two reads cannot disagree about a write committed between them.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  /** LISTEN on a channel; returns the unlisten function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Whether notifications can arrive now, and a handler told when that changes. On PostgreSQL the
   * LISTEN connection can drop (a server restart); it is re-opened with backoff, and notifications
   * sent while it was down are lost, which is what the handler is for.
   */
  listening(): boolean;
  onListeningChange(handler: (up: boolean) => void): () => void;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** `postgres://…` for a server; otherwise a PGlite data directory, or `memory://` for tests. */
  url: string;
  /** Postgres only: a schema to create and use (tests get a fresh one per file). */
  schema?: string;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return /^postgres(ql)?:\/\//.test(opts.url) ? openPostgres(opts.url, opts.schema) : openPglite(opts.url);
}

/** Reconnect delays of the LISTEN connection: quick at first, then every few seconds. */
const RECONNECT_MS = [100, 250, 500, 1_000, 2_000, 5_000];

async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await admin.end();
  }
  const options = schema ? `-c search_path=${schema}` : undefined;
  // While the server is down a request fails within seconds (503 to the client) instead of waiting.
  const pool = new pg.Pool({ connectionString: url, options, max: 10, connectionTimeoutMillis: 5_000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const stateHandlers = new Set<(up: boolean) => void>();
  let listenClient: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let up = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const setUp = (value: boolean) => {
    if (up === value) return;
    up = value;
    for (const h of stateHandlers) h(value);
  };

  async function connectListen(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, options });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    await client.connect();
    client.on('notification', (msg) => {
      for (const h of listeners.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    for (const channel of listeners.keys()) await client.query(`LISTEN ${channel}`);
    listenClient = client;
    attempt = 0;
    setUp(true);
    return client;
  }

  function listenConnection(): Promise<pg.Client> {
    if (listenClient) return Promise.resolve(listenClient);
    connecting ??= connectListen().finally(() => (connecting = null));
    return connecting;
  }

  /** The LISTEN connection dropped: say so, and open it again with backoff until it is back. */
  function lost(client: pg.Client) {
    if (listenClient !== client) return;
    listenClient = null;
    client.end().catch(() => {});
    setUp(false);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!;
    retry = setTimeout(() => {
      retry = null;
      listenConnection().catch(() => scheduleReconnect());
    }, delay);
    retry.unref();
  }

  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params as unknown[])).rows as T[];
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>, opts?: TransactionOptions) {
      const client = await pool.connect();
      try {
        await client.query(beginStatement(opts));
        const result = await fn({
          query: async <R>(sql: string, params?: unknown[]) => (await client.query(sql, params as unknown[])).rows as R[],
          // Without parameters pg uses the simple query protocol, which runs several statements.
          exec: async (sql: string) => void (await client.query(sql)),
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async listen(channel, handler) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel ${channel}`);
      const client = await listenConnection();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`LISTEN ${channel}`);
      }
      set.add(handler);
      return async () => {
        set!.delete(handler);
      };
    },
    listening: () => up,
    onListeningChange(handler) {
      stateHandlers.add(handler);
      return () => stateHandlers.delete(handler);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = listenClient;
      listenClient = null;
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}
