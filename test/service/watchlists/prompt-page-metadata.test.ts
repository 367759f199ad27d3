import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startLocalHttpServer, type LocalHttpServer } from '../../support/local-http.js';
import {
  fetchPageMetadata,
  parseMetadata,
  urlsInPrompt,
} from '../../../src/service/watchlists/page-metadata.js';
import {
  BlockedAddressError,
  guardedLookup,
  isPublicAddress,
} from '../../../src/service/http/outbound-guard.js';

// Either database: a page fetched from a local server, no database.

/** The page-metadata fetch of prompt mode: what it reads, and what it refuses to reach. */

const HEAD = `<html><head><title>Plain &amp; Simple</title><meta name="description" content="  A   page\n description "></head>`;

let server: LocalHttpServer;
const hang: (() => void)[] = [];

beforeAll(async () => {
  server = await startLocalHttpServer(async (req, res) => {
    const path = req.url;
    if (path === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`${HEAD}<body>hello</body></html>`);
    }
    if (path === '/og') {
      res.writeHead(200, { 'content-type': 'application/xhtml+xml' });
      return res.end(
        '<html><head><title>fallback</title><meta property="og:title" content="OG Title"><meta property="og:description" content="OG description"><meta property="og:site_name" content="Site"></head></html>',
      );
    }
    if (path === '/r1') {
      res.writeHead(302, { location: '/r2' });
      return res.end();
    }
    if (path === '/r2') {
      res.writeHead(301, { location: `${server.url}/page` });
      return res.end();
    }
    if (path === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return res.end();
    }
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write(HEAD);
      // 4 MiB after the head: the reader stops at its cap instead of taking it all.
      for (let i = 0; i < 64; i++) res.write('x'.repeat(64 * 1024));
      return res.end();
    }
    if (path === '/late-head') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(
        `<html><head>${'<!-- padding -->'.repeat(100)}<title>Too late</title></head></html>`,
      );
    }
    if (path === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"title":"no"}');
    }
    if (path === '/missing') {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end(HEAD);
    }
    if (path === '/hang') {
      await new Promise<void>((r) => hang.push(r));
      return res.end();
    }
    res.writeHead(500);
    res.end();
  });
});
afterAll(async () => {
  for (const h of hang) h();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const open = { allowPrivate: true };

describe('fetchPageMetadata', () => {
  test('reads title and description (entities decoded, whitespace folded)', async () => {
    expect(await fetchPageMetadata(`${server.url}/page`, open)).toEqual({
      url: `${server.url}/page`,
      title: 'Plain & Simple',
      description: 'A page description',
      siteName: undefined,
    });
  });

  test('Open Graph wins over title and description', async () => {
    expect(await fetchPageMetadata(`${server.url}/og`, open)).toEqual({
      url: `${server.url}/og`,
      title: 'OG Title',
      description: 'OG description',
      siteName: 'Site',
    });
  });

  test('follows a few redirects, not a loop', async () => {
    expect((await fetchPageMetadata(`${server.url}/r1`, open))?.title).toBe('Plain & Simple');
    expect(await fetchPageMetadata(`${server.url}/loop`, open)).toBeNull();
    expect(server.requests.filter((r) => r.url === '/loop')).toHaveLength(4); // first try + 3 redirects
  });

  test('reads at most maxBytes: a huge page still gives its head; a head past the cap gives nothing', async () => {
    expect(
      (await fetchPageMetadata(`${server.url}/huge`, { ...open, maxBytes: 64 * 1024 }))?.title,
    ).toBe('Plain & Simple');
    expect(
      await fetchPageMetadata(`${server.url}/late-head`, { ...open, maxBytes: 200 }),
    ).toBeNull();
    expect((await fetchPageMetadata(`${server.url}/late-head`, open))?.title).toBe('Too late');
  });

  test('gives up after the timeout', async () => {
    const started = Date.now();
    expect(await fetchPageMetadata(`${server.url}/hang`, { ...open, timeoutMs: 300 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  test('non-HTML, error statuses and other schemes give nothing', async () => {
    expect(await fetchPageMetadata(`${server.url}/json`, open)).toBeNull();
    expect(await fetchPageMetadata(`${server.url}/missing`, open)).toBeNull();
    expect(await fetchPageMetadata('file:///etc/passwd', open)).toBeNull();
    expect(await fetchPageMetadata('ftp://127.0.0.1/x', open)).toBeNull();
  });

  test('with private addresses refused (the default): loopback by address or by name is never contacted', async () => {
    const port = new URL(server.url).port;
    for (const url of [
      `${server.url}/page`,
      `http://localhost:${port}/page`,
      `http://[::1]:${port}/page`,
      `http://0.0.0.0:${port}/page`,
    ]) {
      expect(await fetchPageMetadata(url, { allowPrivate: false })).toBeNull();
    }
    expect(server.requests).toEqual([]);
  });

  test('the lookup guard refuses a name that resolves to a non-public address', async () => {
    const lookup = guardedLookup(false);
    const err = await new Promise<Error | null>((done) =>
      lookup('localhost', { all: true }, (e) => done(e)),
    );
    expect(err).toBeInstanceOf(BlockedAddressError);
    const allowed = await new Promise<unknown>((done) =>
      guardedLookup(true)('localhost', { all: true }, (e, addresses) => done(e ?? addresses)),
    );
    expect(Array.isArray(allowed)).toBe(true);
  });
});

describe('isPublicAddress', () => {
  test.each([
    ['127.0.0.1', false],
    ['10.0.0.8', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['not an ip', false],
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
  ])('%s -> %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('urlsInPrompt and parseMetadata', () => {
  test('URLs of a prompt: trailing punctuation dropped, duplicates folded, at most 3', () => {
    expect(
      urlsInPrompt(
        'See https://a.example/x. And (https://b.example/y), https://a.example/x; http://c.example http://d.example javascript:alert(1)',
      ),
    ).toEqual(['https://a.example/x', 'https://b.example/y', 'http://c.example']);
    expect(urlsInPrompt('no links here')).toEqual([]);
  });

  test('a page with no metadata gives null', async () => {
    expect(await parseMetadata('https://x.example', '<html><body>hi</body></html>')).toBeNull();
  });
});
