import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { build } from 'esbuild';
import type { AppEnv } from '../context.js';

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
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  // The page holds the team key: no window opened from it (a post's link) keeps a handle on it.
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * The icons are images, never documents of ours: no script at all, and the SVG's own inline
 * <style> (its small-size variant) allowed, which the page's policy above would block when a
 * browser applies it to the SVG (it does when the icon is opened on its own).
 */
const IMAGE_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

interface Asset {
  body: string | Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
  headers: Record<string, string>;
}

function asset(body: string | Uint8Array<ArrayBuffer>, type: string, headers = SECURITY_HEADERS): Asset {
  return { body, type, headers, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
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
  return asset(type.startsWith('image/svg') ? bytes.toString('utf8') : new Uint8Array(bytes), type, IMAGE_HEADERS);
}

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

function send(c: Context<AppEnv>, a: Asset, cacheControl: string) {
  const headers = { ...a.headers, 'content-type': a.type, 'cache-control': cacheControl, etag: a.etag };
  if (c.req.header('if-none-match') === a.etag) return c.body(null, 304, headers);
  return c.body(a.body, 200, headers);
}

export const dashboardRoutes = new Hono<AppEnv>()
  // About 17 KB of script goes over the wire as about 6 KB: a phone on a slow link feels it.
  .use('/', compress())
  .use('/dashboard/assets/*', compress())
  .get('/', async (c) => {
    // Start the bundle now: the browser asks for it a few milliseconds after reading the page.
    void load('app.js', bundleClient).catch(() => {});
    const page = await load('index.html', () => readAsset('index.html', 'text/html; charset=utf-8'));
    return send(c, page, 'no-cache');
  })
  .get('/dashboard/assets/:file', async (c) => {
    const loader = ASSET_LOADERS[c.req.param('file')];
    if (!loader) return c.json({ error: 'Not found' }, 404);
    // no-cache + ETag: the browser revalidates (304, no body) and never runs a stale bundle.
    return send(c, await load(c.req.param('file'), loader), 'no-cache');
  });
