import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { assertHostAllowed, guardedLookup } from './outbound-guard.js';

/**
 * The one bound on every request the service sends out (team webhooks, Slack webhooks, prompt-mode
 * page fetches, the LLM endpoint): a total deadline from the connect to the answer's last byte, and
 * a cap on the answer's size. A receiver that answers one byte every few seconds, or without end,
 * costs one socket for at most the deadline and the cap in memory; the service's shutdown aborts
 * whatever is still in flight (the `signal`).
 */

/** The deadline when the caller gives none (OUTBOUND_TIMEOUT_S sets the service's). */
export const OUTBOUND_DEADLINE_MS = 10_000;
/** The largest answer read. */
const OUTBOUND_MAX_BYTES = 1024 * 1024;

type OutboundFailure = 'timeout' | 'too_large' | 'stopped' | 'closed';

/** Why a bounded request ended without a whole answer; `message` says it in words. */
export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

interface BoundedRequestOptions {
  method: 'GET' | 'POST';
  headers?: Record<string, string | number>;
  body?: string;
  /** Loopback and private networks may be reached (tests, the operator's own LLM endpoint). */
  allowPrivate: boolean;
  /** Connect to last byte. Default OUTBOUND_DEADLINE_MS. */
  deadlineMs?: number;
  /** Default and at most OUTBOUND_MAX_BYTES. */
  maxBytes?: number;
  /** `fail` (default): a longer answer is an error. `cut`: its first maxBytes are the answer. */
  overflow?: 'fail' | 'cut';
  /** Whether the body of this answer is wanted at all; when not, it is never read. */
  wantBody?: (status: number, headers: IncomingHttpHeaders) => boolean;
  /** Aborts the request (the service stopping). */
  signal?: AbortSignal;
}

interface BoundedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The answer was not read to its end: cut at maxBytes (overflow `cut`), or not wanted. */
  cut: boolean;
}

const mib = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(2)} MiB` : `${bytes} bytes`;
const seconds = (ms: number) => `${+(ms / 1000).toFixed(1)} s`;

/** Sends one request under the bound; resolves with the whole (or cut) answer, rejects otherwise. */
export function boundedRequest(
  url: string | URL,
  opts: BoundedRequestOptions,
): Promise<BoundedAnswer> {
  const deadlineMs = opts.deadlineMs ?? OUTBOUND_DEADLINE_MS;
  const maxBytes = Math.min(opts.maxBytes ?? OUTBOUND_MAX_BYTES, OUTBOUND_MAX_BYTES);
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new Error(`${target.protocol} is not http(s)`);
    assertHostAllowed(target.hostname, opts.allowPrivate);
  } catch (err) {
    return Promise.reject(err);
  }
  if (opts.signal?.aborted)
    return Promise.reject(new OutboundError('stopped', 'the service is stopping'));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string | number> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-length'] = Buffer.byteLength(opts.body);

  return new Promise((resolve, reject) => {
    let response: IncomingMessage | undefined;
    let settled = false;
    const end = (err: Error | null, answer?: BoundedAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      // Whatever is left of the answer is not read: the socket goes with it.
      if (err || answer?.cut || !response?.complete) {
        response?.destroy();
        req.destroy();
      }
      if (err) reject(err);
      else resolve(answer!);
    };
    const onAbort = () => end(new OutboundError('stopped', 'the service is stopping'));
    const timer = setTimeout(
      () => end(new OutboundError('timeout', `no complete answer within ${seconds(deadlineMs)}`)),
      deadlineMs,
    );
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    const req = send(
      target,
      { method: opts.method, headers, lookup: guardedLookup(opts.allowPrivate) as never },
      (res) => {
        response = res;
        const status = res.statusCode ?? 0;
        const answer = (body: Buffer, cut: boolean): BoundedAnswer => ({
          status,
          headers: res.headers,
          body,
          cut,
        });
        if (opts.wantBody && !opts.wantBody(status, res.headers))
          return end(null, answer(Buffer.alloc(0), true));
        const tooLarge = () =>
          new OutboundError('too_large', `answer larger than ${mib(maxBytes)}`);
        const declared = Number(res.headers['content-length']);
        if (opts.overflow !== 'cut' && Number.isFinite(declared) && declared > maxBytes)
          return end(tooLarge());
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size + chunk.length <= maxBytes) {
            chunks.push(chunk);
            size += chunk.length;
            return;
          }
          if (opts.overflow !== 'cut') return end(tooLarge());
          chunks.push(chunk.subarray(0, maxBytes - size));
          end(null, answer(Buffer.concat(chunks), true));
        });
        res.on('end', () => end(null, answer(Buffer.concat(chunks), false)));
        res.on('error', (err) => end(err));
        res.on('close', () => {
          if (!res.complete)
            end(new OutboundError('closed', 'the connection closed before the answer ended'));
        });
      },
    );
    req.on('error', (err) => end(err));
    req.end(opts.body);
  });
}
