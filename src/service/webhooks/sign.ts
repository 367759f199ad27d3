import { createHmac } from 'node:crypto';

/**
 * `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>`.
 * The timestamp is signed with the body, so a receiver that refuses old timestamps (five minutes,
 * docs/webhooks.md) cannot be fed a replayed delivery.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
