import { boundedRequest, OUTBOUND_DEADLINE_MS } from '../http/bounded-request.js';

/** What a prompt's URL contributes: the page's own description of itself. */
export interface PageMetadata {
  url: string;
  title?: string;
  description?: string;
  siteName?: string;
}

interface FetchOptions {
  /** Tests reach a local server; production reaches public addresses only. */
  allowPrivate: boolean;
  /** The whole fetch, redirects included, connect to last byte. Default OUTBOUND_DEADLINE_MS. */
  timeoutMs?: number;
  /** Bytes read at most; the head of any page is well inside it. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Aborts the fetch (the service stopping). */
  signal?: AbortSignal;
  /** Told why a page gave nothing (the caller logs it; the URL is the team's, so it is not). */
  onError?: (message: string) => void;
}

const DEFAULTS = { timeoutMs: OUTBOUND_DEADLINE_MS, maxBytes: 512 * 1024, maxRedirects: 3 };
const MAX_FIELD = 500;

/** http(s) URLs in a prompt (at most `max`), trailing punctuation left out. */
export function urlsInPrompt(prompt: string, max = 3): string[] {
  const found = prompt.match(/\bhttps?:\/\/[^\s<>"'`]+/gi) ?? [];
  const urls = found.map((u) => u.replace(/[),.;:!?\]}]+$/, '')).filter((u) => URL.canParse(u));
  return [...new Set(urls)].slice(0, max);
}

const isHtml = (type: unknown) => /text\/html|application\/xhtml\+xml/i.test(String(type ?? ''));

/**
 * GETs one page under the outbound guard and bound (http/bounded-request.ts) and reads its metadata
 * (title, description, Open Graph). Past maxBytes the page is cut, not refused: its head is what
 * matters. Any failure (blocked address, past the deadline, not HTML, HTTP error) answers null
 * and is told to onError: a prompt's URL only enriches it.
 */
export async function fetchPageMetadata(
  url: string,
  opts: FetchOptions,
): Promise<PageMetadata | null> {
  const o = { ...DEFAULTS, ...opts };
  const until = Date.now() + o.timeoutMs;
  let current = url;
  try {
    for (let hop = 0; hop <= o.maxRedirects; hop++) {
      const answer = await boundedRequest(current, {
        method: 'GET',
        headers: {
          accept: 'text/html,application/xhtml+xml',
          'user-agent': 'network-agent-metadata/1.0',
        },
        allowPrivate: o.allowPrivate,
        deadlineMs: Math.max(1, until - Date.now()),
        maxBytes: o.maxBytes,
        overflow: 'cut',
        signal: o.signal,
        wantBody: (status, headers) => status === 200 && isHtml(headers['content-type']),
      });
      const location = answer.headers.location;
      if (answer.status >= 300 && answer.status < 400 && location) {
        current = new URL(location, current).toString();
        continue;
      }
      if (answer.status !== 200 || !isHtml(answer.headers['content-type']))
        throw new Error(`answered ${answer.status} ${answer.headers['content-type'] ?? ''}`.trim());
      return await parseMetadata(current, answer.body.toString('utf8'));
    }
    throw new Error(`more than ${o.maxRedirects} redirects`);
  } catch (err) {
    o.onError?.((err as Error).message);
    return null;
  }
}

/** The parser is loaded on a prompt's first URL: a service that never reads one never holds it. */
export async function parseMetadata(url: string, html: string): Promise<PageMetadata | null> {
  const { Parser } = await import('htmlparser2');
  const meta: Record<string, string> = {};
  let title = '';
  let inTitle = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') inTitle = true;
        if (name === 'meta') {
          const key = (attrs.property ?? attrs.name ?? '').toLowerCase();
          if (key && attrs.content && !(key in meta)) meta[key] = attrs.content;
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const clean = (v: string | undefined) => {
    const t = v?.replace(/\s+/g, ' ').trim();
    return t ? t.slice(0, MAX_FIELD) : undefined;
  };
  const result: PageMetadata = {
    url,
    title: clean(meta['og:title'] ?? meta['twitter:title'] ?? title),
    description: clean(meta['og:description'] ?? meta.description ?? meta['twitter:description']),
    siteName: clean(meta['og:site_name']),
  };
  return result.title || result.description || result.siteName ? result : null;
}
