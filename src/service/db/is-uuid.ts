const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a client-given id can be compared with a `uuid` column. PostgreSQL refuses a malformed
 * uuid with an error, so an id that is not one is answered as "not found" before it reaches SQL.
 */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
