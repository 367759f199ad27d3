import pg from 'pg';
import type { Database, Transaction } from './database.js';
import { beginStatement, type TransactionOptions } from './transaction-options.js';

/** Reconnect delays of the LISTEN connection: quick at first, then every few seconds. */
const RECONNECT_MS = [100, 250, 500, 1_000, 2_000, 5_000];

/** A PostgreSQL server: a pool for queries and transactions, one connection for LISTEN. */
export async function openPostgres(url: string, schema?: string): Promise<Database> {
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
