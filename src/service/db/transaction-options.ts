/** How a transaction is opened (Database.transaction). */
export interface TransactionOptions {
  /** Only reads, all against one snapshot (REPEATABLE READ): two reads cannot disagree about a write committed between them. */
  readOnlySnapshot?: boolean;
  /**
   * Every statement of it runs on a plan made once (PostgreSQL's generic plan), as a statement
   * prepared outside a transaction does (QueryOptions.prepare): for a hot transaction of prepared
   * statements, whose plans do not depend on their values.
   */
  genericPlans?: boolean;
}

/** Makes the session's prepared statements keep one plan (db/database.ts, QueryOptions.prepare). */
export const GENERIC_PLANS = 'plan_cache_mode = force_generic_plan';

/**
 * The statements that open a transaction of these options, the same on PGlite and PostgreSQL: one
 * script, sent in one exchange (PGlite `exec`; pg's simple query protocol). A `SET LOCAL` ends with
 * the transaction, committed or not.
 */
export const beginStatement = (opts?: TransactionOptions): string =>
  (opts?.readOnlySnapshot ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN') +
  (opts?.genericPlans ? `; SET LOCAL ${GENERIC_PLANS}` : '');
