import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface LocalHttpServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A local HTTP server for tests of outbound fetches (page metadata, an OpenAI-compatible endpoint):
 * a fake network, never a mock of our own code. It records every request it receives.
 */
export async function startLocalHttpServer(
  handle: (req: RecordedRequest, res: ServerResponse) => unknown,
): Promise<LocalHttpServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      Promise.resolve(handle(recorded, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Polls `read` until `done` holds (background work in the service), failing after `timeoutMs`. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until)
      throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
