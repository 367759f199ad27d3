import { expect } from 'vitest';
import type { TestService } from './test-service.js';
import { startLocalHttpServer, type LocalHttpServer } from './local-http.js';
import { verifyWebhook } from './webhook-signature.js';

/**
 * A local receiver registered as the team's webhook for connection.accepted and message.received
 * (the relationship and sequence tests), and what it received, each checked as docs/webhooks.md
 * tells a receiver to.
 */
export interface RelationshipReceiver {
  receiver: LocalHttpServer;
  /** The deliveries so far: `ok` (the signature verifies) with the parsed body. */
  events(): { ok: boolean; type: string; data: any }[];
  close(): Promise<void>;
}

export async function relationshipReceiver(
  svc: TestService,
  adminHeaders: Record<string, string>,
): Promise<RelationshipReceiver> {
  const receiver = await startLocalHttpServer((_req, res) => res.writeHead(200).end('ok'));
  const hook = await svc.call('POST', '/api-webhooks', {
    headers: adminHeaders,
    body: { url: `${receiver.url}/hook`, events: ['connection.accepted', 'message.received'] },
  });
  expect(hook.status).toBe(201);
  const { secret } = (await hook.json()) as { secret: string };
  return {
    receiver,
    events: () =>
      receiver.requests.map((r) => ({ ok: verifyWebhook(r, secret), ...JSON.parse(r.body) })),
    close: () => receiver.close(),
  };
}

/** A public API call with the team's key, answered as status and parsed body. */
export function keyedApi(svc: TestService, keyHeaders: Record<string, string>) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await svc.call(method, path, { headers: keyHeaders, body });
    return { status: res.status, body: (await res.json()) as any };
  };
}
