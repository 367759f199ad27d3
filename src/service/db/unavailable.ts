/**
 * Whether an error means "the database cannot be reached right now" (a restart, a failover, a
 * dropped connection) rather than a bug: the client is told 503 with Retry-After, not 500.
 * PostgreSQL SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown,
 * cannot connect now), the socket errors node-postgres passes through, and PGlite's thread gone
 * (db/pglite-database.ts).
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down|in recovery mode)|Cannot use a pool after calling end|The embedded database (stopped|is closed)/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (SOCKET_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))
  )
    return true;
  return MESSAGES.test(err.message);
}

/** Seconds a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;
