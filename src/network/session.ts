import type { NetworkCallName } from '../contract/network-map.js';
import { errorFromAnswer, NetworkError } from './errors.js';

/**
 * The tab's session with the network: the csrf token, the headers the web app sends, and one fetch
 * that calls `/voyager/api/` with the page's cookies. Inside the extension it runs in the signed-in
 * tab (same origin, `credentials: 'include'`); in tests the cookie source and fetch are injected.
 */

const NETWORK_ORIGIN = 'https://www.linkedin.com';
const API_PREFIX = '/voyager/api/';
/** Where server-driven screens' actions live (`pagination`, `server-request`). */
const SDUI_PREFIX = '/flagship-web/rsc-action/actions/';

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
 * header must say `ajax:123` (the most common bug of every client, docs/network-internal-api.md).
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

/**
 * The web app's own client version, which moves with every deploy: a constant no real client sends
 * would be a fingerprint. The page states it in a meta tag; without a page we use a recent one.
 */
const RECENT_CLIENT_VERSION = '1.13.45173';
function pageClientVersion(): string {
  return (
    pageStatedClientVersion((globalThis as { document?: PageDocument }).document) ??
    RECENT_CLIENT_VERSION
  );
}

interface PageDocument {
  querySelector(s: string): { getAttribute(a: string): string | null } | null;
  documentElement?: { getAttribute(a: string): string | null };
}

/** The client version the page states (a meta tag), or null. */
function pageStatedClientVersion(doc: PageDocument | undefined): string | null {
  const meta = doc?.querySelector('meta[name="clientVersion"]')?.getAttribute('content');
  if (meta && /^\d+\.\d+\.\d+$/.test(meta)) return meta;
  const instance = doc?.querySelector('meta[name="applicationInstance"]')?.getAttribute('content');
  return (instance ? /"version"\s*:\s*"(\d+\.\d+\.\d+)"/.exec(instance)?.[1] : undefined) ?? null;
}

/** `x-li-track`: the web app's client version and this browser's time zone and display. */
function trackHeader(version: string): string {
  const screen = (globalThis as { screen?: { width: number; height: number } }).screen;
  return JSON.stringify({
    clientVersion: version,
    mpVersion: version,
    osName: 'web',
    timezoneOffset: -new Date().getTimezoneOffset() / 60,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    deviceFormFactor: 'DESKTOP',
    mpName: 'voyager-web',
    displayDensity: (globalThis as { devicePixelRatio?: number }).devicePixelRatio ?? 1,
    displayWidth: screen?.width ?? 1920,
    displayHeight: screen?.height ?? 1080,
  });
}

/** The headers the web app itself sends with every API call. */
export function networkHeaders(
  csrfToken: string,
  accept: 'normalized' | 'json',
): Record<string, string> {
  const version = pageClientVersion();
  return {
    'csrf-token': csrfToken,
    'x-restli-protocol-version': '2.0.0',
    'x-li-lang': 'en_US',
    accept:
      accept === 'normalized' ? 'application/vnd.linkedin.normalized+json+2.1' : 'application/json',
    'x-li-track': trackHeader(version),
    'x-li-page-instance': `urn:li:page:d_flagship3_feed;${randomBase64(16)}`,
  };
}

/**
 * The headers of a server-driven action: the csrf token always, and the page's own `x-li-*` values
 * where the tab can read them (its client version, its page key, its language), never a constant
 * of ours: a value no real client sends is a fingerprint (docs/network-internal-api.md, "Server-driven
 * screens"). The answer is a component stream.
 */
function sduiHeaders(csrfToken: string): Record<string, string> {
  const headers: Record<string, string> = { 'csrf-token': csrfToken };
  const doc = (globalThis as { document?: PageDocument }).document;
  const version = pageStatedClientVersion(doc);
  if (version) headers['x-li-track'] = trackHeader(version);
  const pageKey = doc?.querySelector('meta[name="pageKey"]')?.getAttribute('content');
  if (pageKey && /^[a-z0-9_]+$/i.test(pageKey))
    headers['x-li-page-instance'] = `urn:li:page:${pageKey};${randomBase64(16)}`;
  const lang = doc?.documentElement?.getAttribute('lang');
  if (lang && /^[a-z]{2}[-_][A-Za-z]{2}$/.test(lang)) headers['x-li-lang'] = lang.replace('-', '_');
  return headers;
}

/** One request, already built from an alternative of the network map (call.ts). */
export interface NetworkRequest {
  call: NetworkCallName;
  method: 'GET' | 'POST';
  /**
   * `api` (default): JSON under `/voyager/api/`; `sdui`: a server-driven action, answering a component
   * stream; `page`: a page of the web app (`/messaging/`), read as text as a browser loads it.
   */
  kind?: 'api' | 'sdui' | 'page';
  /** Relative to `/voyager/api/` (`sdui`: to `/flagship-web/rsc-action/actions/`; `page`: to the origin), query string included. */
  path: string;
  body?: unknown;
  /** normalised JSON (`{data, included}`) or plain JSON (network-internal-api, "Details that trip parsers"). */
  accept: 'normalized' | 'json';
}

interface NetworkAnswer {
  status: number;
  json: unknown;
  /** A server-driven action's answer: the component stream as text. */
  text?: string;
  /** Response headers, lower-case names (a like answers its reaction id in `x-restli-id`). */
  headers: Record<string, string>;
}

export type NetworkFetch = (
  request: NetworkRequest,
  signal?: AbortSignal,
) => Promise<NetworkAnswer>;

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

export const documentCookies = () =>
  (globalThis as { document?: { cookie: string } }).document?.cookie ?? '';

export function createNetworkFetch(options: NetworkClientOptions = {}): NetworkFetch {
  const cookies = options.cookies ?? documentCookies;
  const origin = options.origin ?? NETWORK_ORIGIN;
  return async (request, signal) => {
    const doFetch = options.fetchImpl ?? globalThis.fetch;
    const cookieString = cookies();
    const csrf = csrfTokenFromCookies(cookieString);
    if (!csrf)
      throw new NetworkError(
        'network_signed_out',
        'Signed out: no JSESSIONID cookie in the network tab',
      );

    const sdui = request.kind === 'sdui';
    const page = request.kind === 'page';
    const url = `${origin}${sdui ? SDUI_PREFIX : page ? '' : API_PREFIX}${request.path}`;
    const headers = sdui
      ? sduiHeaders(csrf)
      : page
        ? { accept: 'text/html' }
        : networkHeaders(csrf, request.accept);
    if (request.body !== undefined) headers['content-type'] = 'application/json; charset=UTF-8';
    if (options.sendCookieHeader) headers.cookie = cookieString;
    const signals = [signal, options.signal].filter((s): s is AbortSignal => !!s);

    let response: Response;
    try {
      response = await doFetch(url, {
        method: request.method,
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
        throw new NetworkError(
          'timeout',
          `${request.call}: request aborted (${reason instanceof Error ? reason.message : String(reason ?? 'aborted')})`,
        );
      }
      throw new NetworkError(
        'network_error',
        `${request.call}: request failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }

    const contentType = response.headers.get('content-type') ?? '';
    const text = await response.text();
    // A page is only searched for what it names: one that did not load names nothing.
    if (page)
      return { status: response.status, json: null, text: response.ok ? text : '', headers: {} };
    let body: unknown = text;
    if (/json/i.test(contentType) && text && !sdui) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new NetworkError('network_changed', `${request.call}: answer is not valid JSON`, {
          status: response.status,
        });
      }
    }
    const error = errorFromAnswer({
      call: request.call,
      status: response.status,
      url: response.url || url,
      contentType,
      body,
      stream: sdui,
    });
    if (error) throw error;
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      answerHeaders[name.toLowerCase()] = value;
    });
    if (sdui) return { status: response.status, json: null, text, headers: answerHeaders };
    return { status: response.status, json: body === '' ? null : body, headers: answerHeaders };
  };
}
