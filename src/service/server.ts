import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.js';
import type { ServiceContext } from './context.js';
import { createApp } from './app.js';
import { startBackgroundJobs } from './jobs.js';

/** How long in-flight requests get to finish at shutdown before their connections are closed anyway. */
const SHUTDOWN_GRACE_MS = 1_500;
/**
 * Connections the kernel may hold for the service to accept (capped by `net.core.somaxconn`):
 * thousands of agents reconnect at once after a restart, and with Node's default of 511 the ones
 * beyond it are reset and must try again.
 */
const LISTEN_BACKLOG = 8_192;

export interface RunningService {
  url: string;
  server: ServerType;
  /**
   * Stops taking connections, ends waiting claims and outbound requests, lets in-flight requests
   * finish, stops jobs.
   */
  close(): Promise<void>;
}

/** Listens on HOST:PORT; HTTPS when TLS_CERT_FILE and TLS_KEY_FILE are set. */
export async function startServer(ctx: ServiceContext, config: Config): Promise<RunningService> {
  const app = createApp(ctx);
  const tls = config.TLS_CERT_FILE && config.TLS_KEY_FILE;
  const server = createAdaptorServer({
    fetch: app.fetch,
    ...(tls
      ? {
          createServer: createHttpsServer,
          serverOptions: {
            cert: readFileSync(config.TLS_CERT_FILE!),
            key: readFileSync(config.TLS_KEY_FILE!),
          },
        }
      : {}),
  });
  await new Promise<void>((resolve) =>
    server.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG }, resolve),
  );
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `${tls ? 'https' : 'http'}://${host}:${address.port}`;
  const jobs = startBackgroundJobs(ctx);
  return {
    url,
    server,
    async close() {
      // Waiting long-poll claims answer 204 now instead of holding shutdown for up to 25 s.
      ctx.signals.stopWaiting();
      // Outbound requests in flight (a receiver answering one byte at a time) end now, each
      // delivery recording that it is to be retried; then the jobs that started them can stop.
      await Promise.all([ctx.outbound.stop(), jobs.stop()]);
      await new Promise<void>((done) => {
        const s = server as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
        // Keep-alive sockets go idle as their last answers (the ended claims among them) are sent;
        // close them as they do, so close() resolves in milliseconds rather than at a client's whim.
        const sweep = setInterval(() => s.closeIdleConnections?.(), 20);
        const force = setTimeout(() => s.closeAllConnections?.(), SHUTDOWN_GRACE_MS);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(force);
          done();
        });
        s.closeIdleConnections?.();
      });
    },
  };
}
