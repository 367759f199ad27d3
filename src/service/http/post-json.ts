import { boundedRequest } from './bounded-request.js';
import type { OutboundLimits } from './outbound-work.js';
import { webhookUrlProblem } from './webhook-url.js';

interface PostResult {
  status: number;
  body: string;
}

/**
 * POSTs JSON to a team-given webhook URL under the outbound guard and the outbound bound
 * (bounded-request.ts); resolves with the status and the start of the answer, rejects when the
 * URL is refused, the network fails, or the answer is not whole within the deadline and the cap.
 */
export async function postJson(
  url: string,
  payload: unknown,
  opts: {
    allowPrivate: boolean;
    limits: Partial<OutboundLimits>;
    /** Sent as is (a signature must sign these bytes). */
    body?: string;
    headers?: Record<string, string>;
  },
): Promise<PostResult> {
  const problem = webhookUrlProblem(url, opts.allowPrivate);
  if (problem) throw Object.assign(new Error(`Webhook URL ${problem}`), { permanent: true });
  const answer = await boundedRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: opts.body ?? JSON.stringify(payload),
    allowPrivate: opts.allowPrivate,
    deadlineMs: opts.limits.deadlineMs,
    signal: opts.limits.signal,
  });
  // Only the start of the answer is kept (for the error message).
  return { status: answer.status, body: answer.body.subarray(0, 2000).toString('utf8') };
}
