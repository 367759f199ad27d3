import { Agent, fetch as undiciFetch } from 'undici';
import type { FakeNetwork } from '../../fake-network/server.js';
import type { NetworkClientOptions } from '../../../src/network/session.js';

/**
 * Client options that reach the fake network from Node over real HTTPS: trust its self-signed
 * certificate, and send the cookie jar a signed-in browser would hold as a Cookie header.
 */
export function fakeNetworkClient(
  fake: FakeNetwork,
  cookies = () => fake.cookieHeader,
): NetworkClientOptions & { close: () => Promise<void> } {
  const dispatcher = new Agent({ connect: { ca: fake.cert } });
  const fetchImpl = ((url: string, init: RequestInit) =>
    undiciFetch(url, { ...(init as object), dispatcher } as never)) as unknown as typeof fetch;
  return {
    fetchImpl,
    cookies,
    sendCookieHeader: true,
    origin: fake.url,
    close: () => dispatcher.close(),
  };
}
