/** How a transaction is opened (Database.transaction). */
export interface TransactionOptions {
  /** Only reads, all against one snapshot (REPEATABLE READ): two reads cannot disagree about a write committed between them. */
  readOnlySnapshot?: boolean;
}

/** The statement that opens a transaction of these options, the same on PGlite and PostgreSQL. */
export const beginStatement = (opts?: TransactionOptions): string =>
  opts?.readOnlySnapshot ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN';
