#!/usr/bin/env node
// Renders assets/icon.svg, the one source of the extension's mark, to the PNGs under public/icons/
// (WXT copies public/ into every build): the icon in 16, 32, 48 and 128 px, and the toolbar's state
// variants in 16 and 32 px (src/agent/badge.ts picks one per state). The PNGs are committed; run
// this again after changing the SVG: `npm run icons`.
//
// Debian's Chromium draws them (CHROME_PATH or /usr/bin/chromium, through the installed
// @playwright/test; no browser is downloaded), each at its own size, so small sizes are rasterised
// from the vectors rather than scaled down from a large bitmap.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = `${ROOT}public/icons/`;

/** Custom properties of the SVG per state; `active` is the SVG as drawn. Keep in step with badge.ts. */
const VARIANTS = {
  active: {},
  paused: { '--tile-top': '#f59e0b', '--tile-bottom': '#b45309' },
  alert: { '--tile-top': '#ef4444', '--tile-bottom': '#991b1b' },
  off: { '--tile-top': '#9ca3af', '--tile-bottom': '#4b5563' },
  unreachable: { '--tile-top': '#9ca3af', '--tile-bottom': '#4b5563', '--slash': 'inline' },
};
const ICON_SIZES = [16, 32, 48, 128];
const STATE_SIZES = [16, 32];

const svg = await readFile(`${ROOT}assets/icon.svg`, 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await mkdir(OUT, { recursive: true });
  const jobs = [
    ...ICON_SIZES.map((size) => ({ variant: 'active', size, file: `${size}.png` })),
    ...Object.keys(VARIANTS)
      .filter((v) => v !== 'active')
      .flatMap((variant) =>
        STATE_SIZES.map((size) => ({ variant, size, file: `${variant}-${size}.png` })),
      ),
  ];
  for (const { variant, size, file } of jobs) {
    // The viewport is the icon's size, so the SVG's own small-size media query applies as it
    // does when a browser draws the SVG as a 16 px favicon.
    const page = await browser.newPage({
      viewport: { width: size, height: size },
      deviceScaleFactor: 1,
    });
    const vars = Object.entries(VARIANTS[variant])
      .map(([k, v]) => `${k}: ${v};`)
      .join(' ');
    await page.setContent(
      `<!doctype html><html><head><style>html, body { margin: 0; background: transparent; } svg { display: block; width: ${size}px; height: ${size}px; ${vars} }</style></head><body>${svg}</body></html>`,
    );
    await writeFile(
      `${OUT}${file}`,
      await page.screenshot({
        omitBackground: true,
        clip: { x: 0, y: 0, width: size, height: size },
      }),
    );
    await page.close();
    console.log(`public/icons/${file}`);
  }
} finally {
  await browser.close();
}
