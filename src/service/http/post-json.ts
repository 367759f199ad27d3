import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup } from './outbound-guard.js';
import { webhookUrlProblem } from './webhook-url.js';

export interface PostResult {
  status: number;
  body: string;
}

/** POSTs JSON to a team-given URL under the outbound guard; resolves with the status, rejects on network errors. */
export function postJson(
  url: string,
  payload: unknown,
  opts: {
    allowPrivate: boolean;
    timeoutMs?: number /** Sent as is (a signature must sign these bytes). */;
    body?: string;
    headers?: Record<string, string>;
  },
): Promise<PostResult> {
  const problem = webhookUrlProblem(url, opts.allowPrivate);
  if (problem)
    return Promise.reject(Object.assign(new Error(`Webhook URL ${problem}`), { permanent: true }));
  const target = new URL(url);
  const body = opts.body ?? JSON.stringify(payload);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...opts.headers,
        },
        lookup: guardedLookup(opts.allowPrivate) as never,
        timeout: opts.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          // Only the start of the answer is kept (for the error message); the rest is drained.
          if (size < 2000) chunks.push(c);
          size += c.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 2000),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}
