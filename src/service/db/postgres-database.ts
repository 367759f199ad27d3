import pg from 'pg';
import { createHash } from 'node:crypto';
import type { Database, QueryOptions, Transaction } from './database.js';
import { beginStatement, GENERIC_PLANS, type TransactionOptions } from './transaction-options.js';

/**
 * A PostgreSQL server (DATABASE_URL): a pool for statements and transactions, and one connection of
 * its own for LISTEN.
 *
 * A connection the server ends (a restart: 57P01 "terminating connection due to administrator
 * command", a crash, the socket closing) emits 'error' on its pg Client, and an 'error' event no one
 * listens to ends the Node process. So every client here is listened to for its whole life: the pool
 * does it for idle clients, `transaction` for the client it holds, the LISTEN connection for itself.
 * The request that was using the connection fails (a 503, db/unavailable.ts); nothing else does.
 */

/** Reconnect delays of the LISTEN connection: quick at first, then every few seconds. */
const RECONNECT_MS = [100, 250, 500, 1_000, 2_000, 5_000];

export async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`invalid schema name ${schema}`);
  if (schema) await createSchema(url, schema);
  // No JIT: the service's statements are short, and JIT compiling one whose estimated cost passes
  // jit_above_cost took 0.1-1.5 s where running it took 6 ms (a stats aggregate's generic plan,
  // its series estimated at a thousand buckets; bench/posts-page.ts).
  const options = `${schema ? `-c search_path=${schema} ` : ''}-c jit=off`;
  // While the server is down a request fails within seconds (503 to the client) instead of waiting.
  const newPool = (opts: string | undefined) => {
    const p = new pg.Pool({
      connectionString: url,
      options: opts,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client whose connection dropped: the pool has already removed it.
    p.on('error', () => {});
    return p;
  };
  const pool = newPool(options);
  // Prepared statements (QueryOptions.prepare) run on connections of their own, whose session keeps
  // each one's generic plan: a setting per connection, which the other statements must not get.
  const preparedPool = newPool(`${options} -c ${GENERIC_PLANS.replace(/ /g, '')}`);
  const listen = new ListenConnection(url, options);

  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[], opts?: QueryOptions) {
      return (await (opts?.prepare ? preparedPool : pool).query(statement(sql, params, opts)))
        .rows as T[];
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>, opts?: TransactionOptions) {
      const client = await pool.connect();
      // Checked out, the client is not watched by the pool: the server ending its connection now
      // (while a statement runs, or between two) must fail this transaction, not the process.
      let broken: Error | undefined;
      const onError = (err: Error) => {
        broken ??= err;
      };
      client.on('error', onError);
      let rolledBack = true;
      try {
        await client.query(beginStatement(opts));
        const result = await fn({
          query: async <R>(sql: string, params?: unknown[], qo?: QueryOptions) =>
            (await client.query(statement(sql, params, qo))).rows as R[],
          // Without parameters pg uses the simple query protocol, which runs several statements.
          exec: async (sql: string) => void (await client.query(sql)),
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        rolledBack =
          !broken &&
          (await client.query('ROLLBACK').then(
            () => true,
            () => false,
          ));
        throw err;
      } finally {
        client.removeListener('error', onError);
        // Back into the pool only in a known state; a broken connection, or one whose transaction
        // could not be rolled back, is closed (the pool opens a new one when needed).
        client.release(broken ?? !rolledBack);
      }
    },
    listen: (channel, handler) => listen.add(channel, handler),
    listening: () => listen.up,
    onListeningChange: (handler) => listen.onChange(handler),
    async close() {
      await listen.close();
      await Promise.all([pool.end(), preparedPool.end()]);
    },
  };
}

/** Names of prepared statements by their text: pg keeps one prepared statement per name on each connection. */
const statementNames = new Map<string, string>();

function statement(
  text: string,
  values: unknown[] | undefined,
  opts: QueryOptions | undefined,
): pg.QueryConfig {
  if (!opts?.prepare) return { text, values };
  let name = statementNames.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}

async function createSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await admin.end().catch(() => {});
  }
}

/**
 * The connection that LISTENs. When it drops (a server restart) it is opened again with backoff
 * until it is back, LISTENing on every channel again; `onChange` handlers hear both, since
 * notifications sent meanwhile are lost.
 */
class ListenConnection {
  up = false;
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private attempt = 0;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly stateHandlers = new Set<(up: boolean) => void>();
  private listening: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly options: string | undefined,
  ) {}

  async add(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel ${channel}`);
    const client = await this.connection();
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.listen(client, channel);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
    };
  }

  /**
   * One LISTEN at a time on the client: channels added at once would overlap their queries, which
   * pg queues today but deprecates.
   */
  private listen(client: pg.Client, channel: string): Promise<unknown> {
    const next = this.listening.then(() => client.query(`LISTEN ${channel}`));
    this.listening = next.catch(() => {});
    return next;
  }

  onChange(handler: (up: boolean) => void): () => void {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, options: this.options });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (msg) => {
      for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    this.client = client;
    this.attempt = 0;
    this.setUp(true);
    return client;
  }

  /** The connection dropped: say so, and open it again with backoff until it is back. */
  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    this.setUp(false);
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closed || this.retry) return;
    const delay = RECONNECT_MS[Math.min(this.attempt++, RECONNECT_MS.length - 1)]!;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connection().catch(() => this.scheduleReconnect());
    }, delay);
    this.retry.unref();
  }

  private setUp(value: boolean) {
    if (this.up === value) return;
    this.up = value;
    for (const h of this.stateHandlers) h(value);
  }
}
