import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A recorded answer of the network, loaded fresh (tests may cut parts out of it). */
export function fixture(name: string): any {
  return JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8'));
}

export interface FixtureAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  contentType?: string;
  /** The final URL after redirects, as fetch reports it. */
  finalUrl?: string;
}
export interface FixtureCall {
  url: URL;
  rawQuery: string;
  init: RequestInit;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A stand-in for the network at the fetch boundary: answers by API path (`identity/dash/profiles`,
 * or a RegExp), and records every call. The route table is the test's own; unknown paths are 404.
 */
export function fixtureNetwork(
  routes: Array<[string | RegExp, FixtureAnswer | ((call: FixtureCall) => FixtureAnswer)]>,
) {
  const calls: FixtureCall[] = [];
  const fetchImpl = (async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const raw = String(input);
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>),
    );
    const call: FixtureCall = {
      url,
      rawQuery: raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : '',
      init,
      headers,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const path = url.pathname.replace(/^\/voyager\/api\//, '');
    const route = routes.find(([m]) => (typeof m === 'string' ? m === path : m.test(path)));
    const answer = route
      ? typeof route[1] === 'function'
        ? route[1](call)
        : route[1]
      : { status: 404, json: { data: { status: 404 }, included: [] } };
    const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? '');
    const contentType =
      answer.contentType ?? (answer.json !== undefined ? 'application/json' : 'text/html');
    const response = new Response(body === '' ? null : body, {
      status: answer.status ?? 200,
      headers: body === '' ? {} : { 'content-type': contentType },
    });
    Object.defineProperty(response, 'url', { value: answer.finalUrl ?? raw });
    return response;
  }) as typeof fetch;
  return { fetchImpl, calls };
}

export const SIGNED_IN_COOKIES =
  'bcookie="v=2&abc"; JSESSIONID="ajax:4815162342"; lang=v=2&lang=en-us';
