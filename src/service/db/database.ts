import type { TransactionOptions } from './transaction-options.js';

/**
 * The one database interface the service uses: plain parameterised SQL over either the embedded
 * PGlite (default, data in DATA_DIR; db/pglite-database.ts) or a PostgreSQL server (DATABASE_URL;
 * db/postgres-database.ts). Same SQL on both. Types only: both implementations import them, and
 * db/open-database.ts picks one (and PREPARED, the one option a hot statement passes).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    opts?: QueryOptions,
  ): Promise<T[]>;
}

export interface QueryOptions {
  /**
   * Keep the statement prepared on the connection and run it by name from then on, on one plan
   * made for any values (PostgreSQL's generic plan): parsed and planned once, not at every call.
   * For the hot statements whose plan does not depend on the values (the claim path, whose budget
   * check costs more to plan than to run). Left to itself, PostgreSQL re-plans a prepared
   * statement for each call once its statistics change (custom plans, which on a team's data cost
   * a claim more planning than running: bench/queue.ts). Not for a statement whose best plan
   * depends on its parameters (a filter that matches a few rows or most of a table).
   */
  prepare?: boolean;
}

export const PREPARED: QueryOptions = { prepare: true };

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
