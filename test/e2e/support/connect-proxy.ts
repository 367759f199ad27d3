import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * Firefox has no host-resolver switch like Chromium's `--host-resolver-rules`: its HTTPS goes
 * through this local CONNECT proxy instead (preferences in firefox.ts), which opens a tunnel to the
 * fake network's port for `www.linkedin.com:443` and refuses every other host, so the browser
 * reaches nothing but the fake network over HTTPS. Plain HTTP (the service on 127.0.0.1) does not
 * come here.
 */
export interface ConnectProxy {
  port: number;
  /** Every `host:port` asked for, in order, the refused ones too. */
  asked: string[];
  close(): Promise<void>;
}

export async function startConnectProxy(
  fakePort: number,
  host = 'www.linkedin.com:443',
): Promise<ConnectProxy> {
  const asked: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => res.writeHead(405).end('CONNECT only\n'));
  server.on('connect', (req, client: Socket) => {
    const target = req.url ?? '';
    asked.push(target);
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (target !== host) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(fakePort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    asked,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
