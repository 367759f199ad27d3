import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { undocumented } from '../http/describe.js';
import { openApiDocument } from '../http/openapi-document.js';

const require = createRequire(import.meta.url);
// Served from the installed package: the reference works on machines without internet.
const SWAGGER_DIR = join(require.resolve('swagger-ui-dist/package.json'), '..');
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/**
 * What the reference page may load: its own scripts only (the start-up script is a file, never
 * inline), its stylesheet plus the inline styles Swagger UI sets, its own and `data:` images (the
 * stylesheet's icons), requests to this service (the document, "Try it out"); never framed.
 */
function docsPolicy(publicUrl: string | undefined): string {
  const api = publicUrl ? ` ${new URL(publicUrl).origin}` : '';
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${api}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The API reference: `/openapi.json` (gathered from the routes of `app`, http/openapi-document.ts)
 * and `/docs`, the same interactive. `servers` names the service's public address: PUBLIC_URL, else
 * `/` (relative to wherever the document was read). The Host header never names it: it is the
 * client's to write, and a cache in front would serve its value to everyone.
 */
export function openApiRoutes(app: Hono<AppEnv>) {
  return new Hono<AppEnv>()
    .get('/openapi.json', undocumented(), async (c) => {
      const server = c.var.ctx.config.PUBLIC_URL?.replace(/\/+$/, '') || '/';
      return c.json(await openApiDocument(app, server));
    })
    .get('/docs', undocumented(), (c) => {
      c.header('Content-Security-Policy', docsPolicy(c.var.ctx.config.PUBLIC_URL));
      c.header('X-Frame-Options', 'DENY');
      c.header('X-Content-Type-Options', 'nosniff');
      return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Network Agent API reference</title><link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="reference"></div><script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script></body></html>`);
    })
    .get('/docs/assets/init.js', undocumented(), (c) =>
      c.body(
        "window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true });",
        200,
        {
          'content-type': 'text/javascript; charset=utf-8',
        },
      ),
    )
    .get('/docs/assets/:file', undocumented(), async (c) => {
      const file = c.req.param('file');
      const type = SWAGGER_FILES[file];
      if (!type) return c.json({ error: 'Not found' }, 404);
      return c.body(await readFile(join(SWAGGER_DIR, file)), 200, {
        'content-type': type,
        'cache-control': 'public, max-age=86400',
      });
    });
}
