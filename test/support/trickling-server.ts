import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A receiver that never finishes answering, on a real socket: once a request's head has arrived it
 * writes `answer` one byte every `everyMs`, then a filler byte at the same pace, without end. The
 * slow-loris a team could register as its webhook, its Slack webhook, a prompt's page or (for an
 * operator) the LLM endpoint. It records when each connection opened and when the other side
 * closed it, so a test can tell whether, and when, the service gave up.
 */
export interface TricklingConnection {
  opened: number;
  closed: number | null;
  /** What the client sent (the request line, headers and body so far). */
  received: string;
}

export interface TricklingServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  connections: TricklingConnection[];
  close(): Promise<void>;
}

export async function startTricklingServer(
  opts: { answer?: string; everyMs?: number } = {},
): Promise<TricklingServer> {
  const answer = opts.answer ?? 'HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\n';
  const everyMs = opts.everyMs ?? 1_000;
  const connections: TricklingConnection[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const conn: TricklingConnection = { opened: Date.now(), closed: null, received: '' };
    connections.push(conn);
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (d) => {
      conn.received += d.toString('utf8');
      if (!timer && conn.received.includes('\r\n\r\n')) {
        timer = setInterval(() => {
          socket.write(sent < answer.length ? answer[sent]! : ' ');
          sent++;
        }, everyMs);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      conn.closed = Date.now();
      sockets.delete(socket);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections,
    close: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy();
        server.close(() => done());
      }),
  };
}
