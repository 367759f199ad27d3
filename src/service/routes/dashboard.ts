import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { secureHeaders } from 'hono/secure-headers';
import { createMiddleware } from 'hono/factory';
import { build } from 'esbuild';
import type { AppEnv } from '../context.js';
import { undocumented } from '../http/describe.js';

/**
 * The team dashboard (issue 4): `/` answers the page, `/dashboard/assets/*` its script, style and
 * icon.
 * Nothing else is routed here, so no API path can be shadowed.
 *
 * The client is TypeScript under src/service/dashboard/client/. It is bundled by esbuild in memory
 * the first time the page or the script is asked for (about 50 ms), and the result is kept for the
 * life of the process. Why not a build step: `npm start` and the tests then need nothing beyond
 * the sources, and a stale bundle can never be served next to newer sources.
 */

const DASHBOARD_DIR = fileURLToPath(new URL('../dashboard/', import.meta.url));
/** The extension's mark (assets/icon.svg) and its rendered PNGs (public/icons/): the favicon. */
const REPO_DIR = fileURLToPath(new URL('../../../', import.meta.url));

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
  contentSecurityPolicy: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], frameAncestors: ["'none'"] },
  referrerPolicy: 'no-referrer',
});

interface Asset {
  body: string | Uint8Array<ArrayBuffer>;
  type: string;
}

function asset(body: string | Uint8Array<ArrayBuffer>, type: string): Asset {
  return { body, type };
}

async function bundleClient(): Promise<Asset> {
  const result = await build({
    entryPoints: [`${DASHBOARD_DIR}client/main.ts`],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return asset(result.outputFiles[0]!.text, 'text/javascript; charset=utf-8');
}

async function readAsset(name: string, type: string): Promise<Asset> {
  return asset(await readFile(`${DASHBOARD_DIR}${name}`, 'utf8'), type);
}

async function readIcon(path: string, type: string): Promise<Asset> {
  const bytes = await readFile(`${REPO_DIR}${path}`);
  return asset(type.startsWith('image/svg') ? bytes.toString('utf8') : new Uint8Array(bytes), type);
}

const ICONS = new Set(['icon.svg', 'icon-32.png']);
const ASSET_LOADERS: Record<string, () => Promise<Asset>> = {
  'app.js': bundleClient,
  'app.css': () => readAsset('dashboard.css', 'text/css; charset=utf-8'),
  // The same mark as the extension's toolbar icon and popup; the PNG for browsers without SVG icons.
  'icon.svg': () => readIcon('assets/icon.svg', 'image/svg+xml'),
  'icon-32.png': () => readIcon('public/icons/32.png', 'image/png'),
};

// One promise per asset: concurrent first requests share one build. A failed build is forgotten so
// the next request tries again (and the failure reaches the log through the app's error handler).
const cache = new Map<string, Promise<Asset>>();
function load(name: string, loader: () => Promise<Asset>): Promise<Asset> {
  let pending = cache.get(name);
  if (!pending) {
    pending = loader();
    pending.catch(() => cache.delete(name));
    cache.set(name, pending);
  }
  return pending;
}

/** no-cache + ETag (hono/etag, over the uncompressed body): the browser revalidates (304, no body) and never runs a stale bundle. */
function send(c: Context<AppEnv>, a: Asset) {
  return c.body(a.body, 200, { 'content-type': a.type, 'cache-control': 'no-cache' });
}

const assetHeaders = createMiddleware<AppEnv>((c, next) => (ICONS.has(c.req.param('file') ?? '') ? imageHeaders : pageHeaders)(c, next));

export const dashboardRoutes = new Hono<AppEnv>()
  // Security headers outermost (a 304 carries them too), then compression, then the ETag of the
  // uncompressed body. About 17 KB of script goes over the wire as about 6 KB: a phone on a slow
  // link feels it.
  .use('/', pageHeaders, compress(), etag())
  .use('/dashboard/assets/:file', assetHeaders, compress(), etag())
  .get('/', undocumented(), async (c) => {
    // Start the bundle now: the browser asks for it a few milliseconds after reading the page.
    void load('app.js', bundleClient).catch(() => {});
    return send(c, await load('index.html', () => readAsset('index.html', 'text/html; charset=utf-8')));
  })
  .get('/dashboard/assets/:file', undocumented(), async (c) => {
    const loader = ASSET_LOADERS[c.req.param('file')];
    if (!loader) return c.json({ error: 'Not found' }, 404);
    return send(c, await load(c.req.param('file'), loader));
  });
