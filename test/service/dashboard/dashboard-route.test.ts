import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

test('GET / answers the dashboard page with the security headers', async () => {
  const res = await svc.call('GET', '/');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const html = await res.text();
  expect(html).toContain('<script src="/dashboard/assets/app.js" defer></script>');
  expect(html).toContain('<link rel="stylesheet" href="/dashboard/assets/app.css">');
  // The CSP allows no inline script or style, so the page must carry none.
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/<style|\sstyle=/);
});

test('the client bundle is served as JavaScript, built from the TypeScript sources', async () => {
  const res = await svc.call('GET', '/dashboard/assets/app.js');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const js = await res.text();
  // Calls the endpoints of the panels; carries no TypeScript and no zod (types only cross over).
  for (const path of [
    '/network-agent/auth-verify-otp',
    '/api-team',
    '/api-team-members',
    '/api-posts',
    '/api-tasks',
    '/api-keyword-watchlist',
    '/api-inbox',
    '/api-invitations',
    '/network-agent/withdraw-connection-request',
  ]) {
    expect(js).toContain(path);
  }
  expect(js).not.toMatch(/\bimport\s+type\b|\binterface\s+\w+\s*\{/);
  expect(js).not.toContain('ZodError');
  // The first load's budget: panels that need a library of their own (the charts) load it later.
  expect(js.length).toBeLessThan(126_000);
  // Session secrets live in sessionStorage only.
  expect(js).toContain('sessionStorage');
  expect(js).not.toContain('localStorage');
  // The one markup string is lit-html's own (src/ui/html.ts): each template's static strings
  // become its <template> element; values are set as text. No dashboard source writes markup.
  expect(js.match(/innerHTML|outerHTML|insertAdjacentHTML/g)).toEqual(['innerHTML']);
  expect(js).toMatch(
    /static createElement\((\w+),\w+\)\{let (\w+)=\w+\.createElement\("template"\);return \2\.innerHTML=\1,\2\}/,
  );
  for (const dir of ['../../../src/dashboard/', '../../../src/ui/']) {
    for (const file of readdirSync(new URL(dir, import.meta.url))) {
      expect(readFileSync(new URL(dir + file, import.meta.url), 'utf8'), file).not.toMatch(
        /innerHTML|outerHTML|insertAdjacentHTML/,
      );
    }
  }

  const gz = await svc.call('GET', '/dashboard/assets/app.js', {
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(gz.headers.get('content-encoding')).toBe('gzip');
  const packed = Buffer.from(await gz.arrayBuffer());
  expect(packed.length).toBeLessThan(js.length / 2);
  // What the first view of the dashboard waits for, as it is sent.
  expect(packed.length).toBeLessThan(47_000);
  expect(gunzipSync(packed).toString('utf8')).toBe(js);
});

test('the stylesheet is served as CSS, and an unchanged asset revalidates with 304', async () => {
  const res = await svc.call('GET', '/dashboard/assets/app.css');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
  const etag = res.headers.get('etag');
  expect(etag).toBeTruthy();
  expect(await res.text()).toContain('.panel');
  const again = await svc.call('GET', '/dashboard/assets/app.css', {
    headers: { 'if-none-match': etag! },
  });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
});

test('an unknown asset answers 404 in the error shape, and nothing outside the asset folder is served', async () => {
  for (const path of [
    '/dashboard/assets/nope.js',
    '/dashboard/assets/main.ts',
    '/dashboard/assets/..%2Fdashboard.css',
    '/dashboard/assets/index.html',
  ]) {
    const res = await svc.call('GET', path);
    expect(res.status, path).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  }
  // Only `/` is the page: other paths keep their own answers.
  expect((await svc.call('GET', '/health')).status).toBe(200);
  expect((await svc.call('GET', '/dashboard')).status).toBe(404);
});

test("the favicon is the extension's mark: the SVG source and its 32 px PNG, allowed by the page's CSP", async () => {
  const page = await svc.call('GET', '/');
  const html = await page.text();
  expect(html).toContain(
    '<link rel="icon" href="/dashboard/assets/icon.svg" type="image/svg+xml">',
  );
  expect(html).toContain(
    '<link rel="icon" href="/dashboard/assets/icon-32.png" type="image/png" sizes="32x32">',
  );
  // Same origin: the page's img-src 'self' covers the icons.
  expect(page.headers.get('content-security-policy')).toContain("img-src 'self'");

  const svg = await svc.call('GET', '/dashboard/assets/icon.svg');
  expect(svg.status).toBe(200);
  expect(svg.headers.get('content-type')).toBe('image/svg+xml');
  expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
  // An image of ours: no script may run in it, its own inline style may apply.
  const csp = svg.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('script-src');
  const body = await svg.text();
  expect(body).toBe(readFileSync(new URL('../../../assets/icon.svg', import.meta.url), 'utf8'));
  expect(body).not.toMatch(/<script|\bon\w+=/i);

  const png = await svc.call('GET', '/dashboard/assets/icon-32.png');
  expect(png.status).toBe(200);
  expect(png.headers.get('content-type')).toBe('image/png');
  const bytes = Buffer.from(await png.arrayBuffer());
  expect(bytes.equals(readFileSync(new URL('../../../public/icons/32.png', import.meta.url)))).toBe(
    true,
  );
  const etag = png.headers.get('etag');
  expect(
    (
      await svc.call('GET', '/dashboard/assets/icon-32.png', {
        headers: { 'if-none-match': etag! },
      })
    ).status,
  ).toBe(304);
});
