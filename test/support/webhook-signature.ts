import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RecordedRequest } from './local-http.js';

/** What docs/webhooks.md tells a receiver to do: recompute the HMAC over "<t>.<raw body>", compare in constant time. */
export function verifyWebhook(req: RecordedRequest, secret: string): boolean {
  const header = String(req.headers['x-signature'] ?? '');
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(header)?.[1];
  if (!t || !v1) return false;
  if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${req.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
