import { z } from './zod.js';

/** PostgreSQL's `int` (int4), the type of the service's integer columns: the range it holds. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/**
 * A whole number an `int` column can hold: the schema of every integer a request or an agent's
 * result carries, so none reaches the database out of range (a 400 naming the field, not the
 * database's 500). `min` and `max` narrow it; `error` is the field's own message for every failure.
 * test/service/http/integers-in-range.test.ts walks every request and result schema and holds each
 * integer to this range.
 */
export function int32(bounds: { min?: number; max?: number } = {}, error?: string) {
  const e = error === undefined ? undefined : { error };
  return z
    .number(e)
    .check(
      z.int(e),
      z.gte(Math.max(bounds.min ?? INT32_MIN, INT32_MIN), e),
      z.lte(Math.min(bounds.max ?? INT32_MAX, INT32_MAX), e),
    );
}

/**
 * A count the network reports that is stored capped, not refused: past `cap` (within an `int`
 * column) it is read as `cap`, so one absurd number (a glitch, a hostile answer) never loses the
 * rest of a result. test/service/http/integers-in-range.test.ts checks that such a field, sent 2^31,
 * is taken and stored within the column's range.
 */
export function cappedCount(cap: number) {
  return z.pipe(
    z.number().check(z.int(), z.gte(0)),
    z.transform((n: number) => Math.min(n, cap, INT32_MAX)),
  );
}
