import { readFile } from 'node:fs/promises';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { secureHeaders } from 'hono/secure-headers';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.js';
import { undocumented } from '../http/describe.js';

/**
 * The team dashboard: `/` answers the page, `/dashboard/assets/*` its script, style and
 * icon.
 * Nothing else is routed here, so no API path can be shadowed.
 *
 * The files are built with the service (`npm run build`, scripts/build-service.ts): the client's
 * TypeScript under src/dashboard/ bundled into app.js, beside the page, the style
 * and the icons, all in dist/service/dashboard/, next to this module once compiled. Each is read
 * once and kept for the life of the process.
 *
 * Run from the TypeScript sources (tsx, vitest, Playwright, bench) there is no build: the same
 * files are made in memory from the sources (dashboard/build.ts, esbuild), so a test never sees a
 * bundle older than the sources. That module is imported only then, so the compiled service never
 * loads esbuild.
 */

const FROM_SOURCES = import.meta.url.endsWith('.ts');
const BUILT_DIR = new URL('../dashboard/', import.meta.url);

/**
 * Only our own script and style; data goes to our own origin; the page may not be framed
 * (clickjacking on the Reveal/Copy key buttons). No inline script or style is ever needed.
 */
const pageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'"],
    connectSrc: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  // The page holds the team key: no window opened from it (a post's link) keeps a handle on it.
  crossOriginOpenerPolicy: 'same-origin',
});

/**
 * The icons are images, never documents of ours: no script at all, and the SVG's own inline
 * <style> (its small-size variant) allowed, which the page's policy above would block when a
 * browser applies it to the SVG (it does when the icon is opened on its own).
 */
const imageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    styleSrc: ["'unsafe-inline'"],
    frameAncestors: ["'none'"],
  },
  referrerPolicy: 'no-referrer',
});

interface Asset {
  body: Uint8Array<ArrayBuffer>;
  type: string;
}

/** The served files (dashboard/build.ts makes each) and their types; a Map, so no `constructor` or `toString` is one. */
const TYPES = new Map([
  ['index.html', 'text/html; charset=utf-8'],
  ['app.js', 'text/javascript; charset=utf-8'],
  ['app.css', 'text/css; charset=utf-8'],
  ['charts.js', 'text/javascript; charset=utf-8'],
  ['charts.css', 'text/css; charset=utf-8'],
  ['icon.svg', 'image/svg+xml'],
  ['icon-32.png', 'image/png'],
]);
const ICONS = new Set(['icon.svg', 'icon-32.png']);

async function read(name: string): Promise<Asset> {
  const bytes = FROM_SOURCES
    ? await (await import('../dashboard/build.js')).dashboardFile(name)
    : await readFile(new URL(name, BUILT_DIR));
  return { body: new Uint8Array(bytes), type: TYPES.get(name)! };
}

// One promise per asset: concurrent first requests share one build. A failed build is forgotten so
// the next request tries again (and the failure reaches the log through the app's error handler).
const cache = new Map<string, Promise<Asset>>();
function load(name: string): Promise<Asset> {
  let pending = cache.get(name);
  if (!pending) {
    pending = read(name);
    pending.catch(() => cache.delete(name));
    cache.set(name, pending);
  }
  return pending;
}

/** no-cache + ETag (hono/etag, over the uncompressed body): the browser revalidates (304, no body) and never runs a stale bundle. */
function send(c: Context<AppEnv>, a: Asset) {
  return c.body(a.body, 200, { 'content-type': a.type, 'cache-control': 'no-cache' });
}

const assetHeaders = createMiddleware<AppEnv>((c, next) =>
  (ICONS.has(c.req.param('file') ?? '') ? imageHeaders : pageHeaders)(c, next),
);

export const dashboardRoutes = new Hono<AppEnv>()
  // Security headers outermost (a 304 carries them too), then compression, then the ETag of the
  // uncompressed body. The script compresses to about a third of its size: a phone on a slow link
  // feels it.
  .use('/', pageHeaders, compress(), etag())
  .use('/dashboard/assets/:file', assetHeaders, compress(), etag())
  .get('/', undocumented(), async (c) => {
    // Load the script now: the browser asks for it a few milliseconds after reading the page.
    void load('app.js').catch(() => {});
    return send(c, await load('index.html'));
  })
  .get('/dashboard/assets/:file', undocumented(), async (c) => {
    const file = c.req.param('file');
    // The page is served at `/` only.
    if (!TYPES.has(file) || file === 'index.html') return c.json({ error: 'Not found' }, 404);
    return send(c, await load(file));
  });
