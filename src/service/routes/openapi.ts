import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { buildOpenApiDocument } from '../openapi/document.js';

const require = createRequire(import.meta.url);
// Served from the installed package: the reference works on machines without internet.
const SWAGGER_DIR = join(require.resolve('swagger-ui-dist/package.json'), '..');
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

let cachedDocument: ReturnType<typeof buildOpenApiDocument> | null = null;

export const openApiRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => {
    cachedDocument ??= buildOpenApiDocument(c.var.ctx.config.PUBLIC_URL);
    return c.json(cachedDocument);
  })
  .get('/docs', (c) =>
    c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Network Agent API reference</title><link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="reference"></div><script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script></body></html>`),
  )
  .get('/docs/assets/init.js', (c) =>
    c.body("window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true });", 200, {
      'content-type': 'text/javascript; charset=utf-8',
    }),
  )
  .get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    const type = SWAGGER_FILES[file];
    if (!type) return c.json({ error: 'Not found' }, 404);
    return c.body(await readFile(join(SWAGGER_DIR, file)), 200, {
      'content-type': type,
      'cache-control': 'public, max-age=86400',
    });
  });
