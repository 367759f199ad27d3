import { errorFromAnswer, NetworkError } from './errors.js';
import type { MapEntryRef } from './network-map.js';
import { buildQuery, type Query } from './query.js';

/**
 * The tab's session with the network: the csrf token, the headers the web app sends, and one fetch
 * that calls `/voyager/api/` with the page's cookies. Inside the extension it runs in the signed-in
 * tab (same origin, `credentials: 'include'`); in tests the cookie source and fetch are injected.
 */

export const NETWORK_ORIGIN = 'https://www.linkedin.com';
export const API_PREFIX = '/voyager/api/';

/** One cookie's value from a `document.cookie`-style string, or null. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The csrf token is the JSESSIONID value without its quotes: the cookie reads `"ajax:123"` and the
 * header must say `ajax:123` (the most common bug of every client, network-facts).
 */
export function csrfTokenFromCookies(cookieString: string): string | null {
  const raw = readCookie(cookieString, 'JSESSIONID');
  if (!raw) return null;
  const token = raw.replace(/^"+|"+$/g, '');
  return token || null;
}

function randomBase64(bytes: number): string {
  const b = new Uint8Array(bytes);
  crypto.getRandomValues(b);
  return btoa(String.fromCharCode(...b));
}

/** The headers the web app itself sends with every API call. */
export function networkHeaders(csrfToken: string, accept: 'normalized' | 'json'): Record<string, string> {
  const screen = (globalThis as { screen?: { width: number; height: number } }).screen;
  return {
    'csrf-token': csrfToken,
    'x-restli-protocol-version': '2.0.0',
    'x-li-lang': 'en_US',
    accept: accept === 'normalized' ? 'application/vnd.linkedin.normalized+json+2.1' : 'application/json',
    'x-li-track': JSON.stringify({
      clientVersion: '1.13.0',
      mpVersion: '1.13.0',
      osName: 'web',
      timezoneOffset: -new Date().getTimezoneOffset() / 60,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      deviceFormFactor: 'DESKTOP',
      mpName: 'voyager-web',
      displayDensity: (globalThis as { devicePixelRatio?: number }).devicePixelRatio ?? 1,
      displayWidth: screen?.width ?? 1920,
      displayHeight: screen?.height ?? 1080,
    }),
    'x-li-page-instance': `urn:li:page:d_flagship3_feed;${randomBase64(16)}`,
  };
}

export interface NetworkRequest {
  query?: Query;
  /** Appended to the entry's path, e.g. `/ada-lovelace/networkinfo`; the caller encodes it. */
  pathSuffix?: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  /** normalised JSON for REST calls, plain JSON for GraphQL (see network-facts, "Details that trip parsers"). */
  accept?: 'normalized' | 'json';
  signal?: AbortSignal;
}

export interface NetworkResponse {
  status: number;
  json: unknown;
}

export type NetworkFetch = (entry: MapEntryRef, request?: NetworkRequest) => Promise<NetworkResponse>;

export interface NetworkClientOptions {
  /** Defaults to the global fetch (the page's, in the content script). */
  fetchImpl?: typeof fetch;
  /** Where cookies come from: `document.cookie` in the tab; a test's cookie jar elsewhere. */
  cookies?: () => string;
  /**
   * Tests outside a browser have no cookie jar: send the cookies as a header. In the tab this stays
   * false and the browser attaches the cookies itself (`credentials: 'include'`).
   */
  sendCookieHeader?: boolean;
  origin?: string;
  signal?: AbortSignal;
}

const documentCookies = () => (globalThis as { document?: { cookie: string } }).document?.cookie ?? '';

export function createNetworkFetch(options: NetworkClientOptions = {}): NetworkFetch {
  const cookies = options.cookies ?? documentCookies;
  const origin = options.origin ?? NETWORK_ORIGIN;
  return async (entry, request = {}) => {
    const doFetch = options.fetchImpl ?? globalThis.fetch;
    const cookieString = cookies();
    const csrf = csrfTokenFromCookies(cookieString);
    if (!csrf) throw new NetworkError('network_signed_out', 'Signed out: no JSESSIONID cookie in the network tab');

    const qs = buildQuery(request.query);
    const url = `${origin}${API_PREFIX}${entry.path}${request.pathSuffix ?? ''}${qs ? `?${qs}` : ''}`;
    const headers = networkHeaders(csrf, request.accept ?? 'normalized');
    if (request.body !== undefined) headers['content-type'] = 'application/json; charset=UTF-8';
    if (options.sendCookieHeader) headers.cookie = cookieString;
    const signals = [request.signal, options.signal].filter((s): s is AbortSignal => !!s);

    let response: Response;
    try {
      response = await doFetch(url, {
        method: request.method ?? 'GET',
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        credentials: 'include',
        // Followed on purpose: with 'manual' the browser gives an opaque redirect without its
        // Location, and we could not tell a login redirect from a checkpoint. Following it, the final
        // `response.url` tells (errors.ts).
        redirect: 'follow',
        signal: signals.length ? AbortSignal.any(signals) : undefined,
      });
    } catch (err) {
      const reason = signals.find((s) => s.aborted)?.reason;
      if (reason instanceof NetworkError) throw reason;
      if (reason !== undefined || (err instanceof Error && err.name === 'AbortError')) {
        throw new NetworkError('timeout', `${entry.name}: request aborted (${reason instanceof Error ? reason.message : String(reason ?? 'aborted')})`);
      }
      throw new NetworkError('network_error', `${entry.name}: request failed: ${err instanceof Error ? err.message : String(err)}`);
    }

    const contentType = response.headers.get('content-type') ?? '';
    const text = await response.text();
    let body: unknown = text;
    if (/json/i.test(contentType) && text) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new NetworkError('network_changed', `${entry.name}: answer is not valid JSON`);
      }
    }
    const error = errorFromAnswer({ entry: entry.name, status: response.status, url: response.url || url, contentType, body });
    if (error) throw error;
    return { status: response.status, json: body === '' ? null : body };
  };
}
