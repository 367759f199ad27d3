import http from 'node:http';
import https from 'node:https';
import { Parser } from 'htmlparser2';
import { assertHostAllowed, guardedLookup } from '../http/outbound-guard.js';

/** What a prompt's URL contributes: the page's own description of itself. */
export interface PageMetadata {
  url: string;
  title?: string;
  description?: string;
  siteName?: string;
}

export interface FetchOptions {
  /** Tests reach a local server; production reaches public addresses only. */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Bytes read at most; the head of any page is well inside it. */
  maxBytes?: number;
  maxRedirects?: number;
}

const DEFAULTS = { timeoutMs: 5_000, maxBytes: 512 * 1024, maxRedirects: 3 };
const MAX_FIELD = 500;

/** http(s) URLs in a prompt (at most `max`), trailing punctuation left out. */
export function urlsInPrompt(prompt: string, max = 3): string[] {
  const found = prompt.match(/\bhttps?:\/\/[^\s<>"'`]+/gi) ?? [];
  const urls = found.map((u) => u.replace(/[),.;:!?\]}]+$/, '')).filter((u) => URL.canParse(u));
  return [...new Set(urls)].slice(0, max);
}

/**
 * GETs one page and reads its metadata (title, description, Open Graph). Any failure (blocked
 * address, timeout, too large, not HTML, HTTP error) answers null: a prompt's URL only enriches it.
 */
export async function fetchPageMetadata(
  url: string,
  opts: FetchOptions,
): Promise<PageMetadata | null> {
  const o = { ...DEFAULTS, ...opts };
  const signal = AbortSignal.timeout(o.timeoutMs);
  let current = url;
  try {
    for (let hop = 0; hop <= o.maxRedirects; hop++) {
      const answer = await getOnce(current, o, signal);
      if ('redirect' in answer) {
        current = new URL(answer.redirect, current).toString();
        continue;
      }
      return parseMetadata(current, answer.html);
    }
    return null;
  } catch {
    return null;
  }
}

function getOnce(
  url: string,
  o: Required<FetchOptions>,
  signal: AbortSignal,
): Promise<{ redirect: string } | { html: string }> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.reject(new Error('not http(s)'));
  assertHostAllowed(target.hostname, o.allowPrivate);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      target,
      {
        signal,
        lookup: guardedLookup(o.allowPrivate) as never,
        headers: {
          accept: 'text/html,application/xhtml+xml',
          'user-agent': 'network-agent-metadata/1.0',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ redirect: res.headers.location });
        }
        const type = String(res.headers['content-type'] ?? '');
        if (status !== 200 || !/text\/html|application\/xhtml\+xml/i.test(type)) {
          res.resume();
          return reject(new Error(`status ${status} ${type}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => resolve({ html: Buffer.concat(chunks).toString('utf8') });
        res.on('data', (chunk: Buffer) => {
          // Past the cap the page is cut, not refused: its head is what matters.
          const room = o.maxBytes - size;
          chunks.push(room < chunk.length ? chunk.subarray(0, room) : chunk);
          size += Math.min(room, chunk.length);
          if (size >= o.maxBytes) {
            res.destroy();
            finish();
          }
        });
        res.on('end', finish);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

export function parseMetadata(url: string, html: string): PageMetadata | null {
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
