import { Agent, request } from 'undici';
import type { FakeNetwork } from './server.js';

/** Raw HTTPS requests to the fake network as the web app sends them (the self-checks' client). */

export const NORMALISED = 'application/vnd.linkedin.normalized+json+2.1';
export type Json = Record<string, any>;

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: Json;
}

export function client(fake: FakeNetwork) {
  const dispatcher = new Agent({ connect: { ca: fake.cert } });
  const headers = (accept: string) => ({
    cookie: fake.cookieHeader,
    'csrf-token': fake.csrfToken,
    'x-restli-protocol-version': '2.0.0',
    'x-li-lang': 'en_US',
    'x-li-track': JSON.stringify({
      clientVersion: '1.13.45173',
      mpVersion: '1.13.45173',
      osName: 'web',
      timezoneOffset: 0,
      deviceFormFactor: 'DESKTOP',
      mpName: 'voyager-web',
    }),
    accept,
  });
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    accept = NORMALISED,
    extra: Record<string, string> = {},
  ): Promise<RawReply> {
    const res = await request(
      `${fake.url}${path.startsWith('/') ? path : `/voyager/api/${path}`}`,
      {
        dispatcher,
        method,
        headers: {
          ...headers(accept),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...extra,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    );
    const text = await res.body.text();
    let json: Json = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      /* html */
    }
    return { status: res.statusCode, headers: res.headers, text, json };
  }
  return {
    get: (path: string, accept?: string) => call('GET', path, undefined, accept),
    post: (path: string, body: unknown, accept?: string) => call('POST', path, body, accept),
    call,
    close: () => dispatcher.close(),
  };
}
