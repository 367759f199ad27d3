import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether the request's `Authorization: Bearer …` is the operator's `METRICS_TOKEN`. Compared as
 * digests in constant time, so neither the token's length nor its content leaks by timing.
 */
export function isOperator(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization) return false;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m) return false;
  return timingSafeEqual(digest(m[1]!), digest(token));
}
