// Store screenshots, 1280 × 800, into docs/store/ (`npm run store-screenshots`; docs/store.md):
//
//   1-popup.png           the popup, signing in and at work, on a canvas with what the extension does
//   2-dashboard.png       the team dashboard at 1280 × 800, with collected posts and an active member
//   3-toolbar-states.png  the toolbar icon and badge of every state
//
// Real parts only: the built extension in Debian's Chromium against the real service and the fake
// network (the e2e harness, test/e2e/support/harness.ts), the dashboard served by that service,
// the icons of public/icons/ and the looks of src/agent/badge-look.ts. So as not to disturb a test
// run going on meanwhile, it builds its own copy of the extension (.output/store/chrome-mv3) for a
// service port of its own (STORE_SERVICE_PORT, 18797).
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, expect, type Page } from '@playwright/test';
import { build } from 'wxt';
import { badgeFor, ICON_PATHS, type Badge, type BadgeInput } from '../src/agent/badge-look.js';

const PORT = process.env.STORE_SERVICE_PORT ?? '18797';
const SERVICE_URL = `http://127.0.0.1:${PORT}`;
// Read by wxt.config.ts and by the e2e harness when they load (below).
process.env.WXT_DEFAULT_SERVICE_URL = SERVICE_URL;
process.env.E2E_SERVICE_PORT = PORT;
process.env.E2E_EXTENSION_DIR = fileURLToPath(
  new URL('../.output/store/chrome-mv3/', import.meta.url),
);
const { schedulerTick } = await import('../src/service/scheduler/index.js');
const { CHROME_PATH } = await import('../test/e2e/support/e2e-env.js');
const { mailedCode, publicApi, signInThroughPopup, startAgentWorld } = await import(
  '../test/e2e/support/harness.js'
);

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = `${ROOT}docs/store/`;
const WIDTH = 1280;
const HEIGHT = 800;
const EMAIL = 'grace@example.com';

const dataUrl = async (file: string, type = 'image/png') =>
  `data:${type};base64,${(await readFile(file)).toString('base64')}`;
const pngUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The popup drawn at twice its size, so that it stays sharp on the canvas. */
async function popupShot(popup: Page): Promise<Buffer> {
  const cdp = await popup.context().newCDPSession(popup);
  const height = await popup.evaluate(() =>
    Math.ceil(document.body.getBoundingClientRect().height),
  );
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width: 360,
    height,
    deviceScaleFactor: 2,
    mobile: false,
  });
  try {
    return await popup.screenshot({ clip: { x: 0, y: 0, width: 360, height } });
  } finally {
    await cdp.send('Emulation.clearDeviceMetricsOverride');
    await cdp.detach();
  }
}

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";

function canvasPage(body: string, style: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    * { box-sizing: border-box; }
    html, body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; }
    body { font: 16px/1.45 ${FONT}; color: #0f172a; background: linear-gradient(160deg, #f0fdfa 0%, #ffffff 55%, #ecfeff 100%); }
    ${style}
  </style></head><body>${body}</body></html>`;
}

/** The popup at work and signing in, beside a few words on what it does. */
async function composePopup(page: Page, signIn: Buffer, working: Buffer, icon128: string) {
  const html = canvasPage(
    `<main>
       <section class="text">
         <img class="logo" src="${icon128}" alt="">
         <h1>Your team's network tasks, run in your own signed-in tab</h1>
         <ul>
           <li>Sign in with your work e-mail and a mailed code: the extension then works for your team's own service.</li>
           <li>The popup shows what runs now, what ran today and whether the network and the service answer.</li>
           <li>Pause at any time. When the network says slow down, the agent stops by itself for hours.</li>
         </ul>
       </section>
       <figure><img src="${pngUrl(signIn)}" alt=""><figcaption>Signing in</figcaption></figure>
       <figure><img src="${pngUrl(working)}" alt=""><figcaption>At work</figcaption></figure>
     </main>`,
    `main { height: 100%; display: flex; align-items: center; justify-content: center; gap: 36px; }
     .text { width: 340px; flex: none; }
     .logo { width: 80px; height: 80px; display: block; margin-bottom: 24px; }
     h1 { font-size: 29px; line-height: 1.2; margin: 0 0 22px; letter-spacing: -.01em; }
     ul { margin: 0; padding: 0 0 0 20px; color: #334155; font-size: 16.5px; }
     li { margin: 0 0 12px; }
     /* The popups a little larger than life (drawn at 2x, so still sharp). */
     figure { margin: 0; width: 372px; flex: none; }
     figure img { display: block; width: 372px; border-radius: 12px; background: #fff;
       box-shadow: 0 1px 2px rgba(15,23,42,.08), 0 12px 32px rgba(15,23,42,.16); border: 1px solid #e2e8f0; }
     figcaption { font-size: 14px; color: #64748b; margin-top: 12px; text-align: center; }`,
  );
  await page.setContent(html);
  await page.waitForFunction(() =>
    [...document.images].every((i) => i.complete && i.naturalWidth > 0),
  );
  // The working popup must fit the canvas: it is at most 8 recent lines long.
  const box = await page.evaluate(() => {
    const r = [...document.querySelectorAll('figure, .text')].map((f) => f.getBoundingClientRect());
    return {
      top: Math.min(...r.map((b) => b.top)),
      bottom: Math.max(...r.map((b) => b.bottom)),
      right: Math.max(...r.map((b) => b.right)),
    };
  });
  if (box.top < 0 || box.bottom > HEIGHT || box.right > WIDTH)
    throw new Error(`the popup canvas overflows: ${JSON.stringify(box)}`);
  await page.screenshot({ path: `${OUT}1-popup.png` });
}

/** Every state's toolbar button at 200 %, as on a HiDPI screen: the 32 px icon and the badge over it. */
async function composeToolbarStates(page: Page) {
  const ok: BadgeInput = {
    signed_in_service: true,
    service_reachable: true,
    service_error: null,
    network_signed_in: true,
    paused_by_user: false,
    safety_stopped: false,
    working: false,
  };
  const states: [string, Badge][] = [
    ['Ready: signed in, waiting for tasks', badgeFor(ok)],
    ['Working on a task', badgeFor({ ...ok, working: true })],
    ['Paused by you', badgeFor({ ...ok, paused_by_user: true })],
    [
      'Paused by a safety stop: the network asked to slow down',
      badgeFor({ ...ok, safety_stopped: true, safety_stop_code: 'network_rate_limited' }),
    ],
    [
      'Signed out of the network: sign in again in a tab',
      badgeFor({ ...ok, network_signed_in: false }),
    ],
    ['The service cannot be reached: tasks wait', badgeFor({ ...ok, service_reachable: false })],
    ['Not signed in to the extension', badgeFor({ ...ok, signed_in_service: false })],
  ];
  const rows: string[] = [];
  for (const [words, b] of states) {
    const icon = await dataUrl(`${ROOT}public${ICON_PATHS[b.icon][32]}`);
    rows.push(`<li>
      <span class="button"><img src="${icon}" alt="">${b.text ? `<span class="badge" style="background:${b.color}">${esc(b.text)}</span>` : ''}</span>
      <span class="what"><strong>${esc(words)}</strong><span class="title">${esc(b.title)}</span></span>
    </li>`);
  }
  const html = canvasPage(
    `<h1>The toolbar shows the agent's state at a glance</h1>
     <p class="sub">Colour: teal works, amber is paused, red needs you, grey is off. The badge and the tooltip say which.</p>
     <ul>${rows.join('')}</ul>`,
    `h1 { font-size: 30px; margin: 40px 0 6px 72px; letter-spacing: -.01em; }
     .sub { margin: 0 0 24px 72px; color: #475569; font-size: 17px; }
     ul { list-style: none; margin: 0 72px; padding: 0; display: grid; gap: 12px; }
     li { display: flex; align-items: center; gap: 28px; background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 8px 20px; height: 76px; }
     /* A toolbar button at 200 %: 16 px icon = 32 device pixels, badge text about 9 px = 18. */
     .button { position: relative; flex: none; width: 64px; height: 56px; border-radius: 10px; background: #f1f5f9; }
     .button img { position: absolute; left: 16px; top: 12px; width: 32px; height: 32px; }
     .badge { position: absolute; left: 30px; top: 30px; min-width: 24px; height: 20px; padding: 0 4px; border-radius: 5px;
       color: #fff; font: 700 15px/20px ${FONT}; text-align: center; box-shadow: 0 0 0 2px #f1f5f9; letter-spacing: -.02em; }
     .what { display: flex; flex-direction: column; }
     .what strong { font-size: 19px; }
     .title { color: #64748b; font-size: 15px; font-family: ui-monospace, 'DejaVu Sans Mono', monospace; }`,
  );
  await page.setContent(html);
  await page.waitForFunction(() =>
    [...document.images].every((i) => i.complete && i.naturalWidth > 0),
  );
  const bottom = await page.evaluate(
    () => document.querySelector('ul')!.getBoundingClientRect().bottom,
  );
  if (bottom > HEIGHT - 24)
    throw new Error(`the states are ${Math.round(bottom)} px tall, more than ${HEIGHT}`);
  await page.screenshot({ path: `${OUT}3-toolbar-states.png` });
}

async function main() {
  await mkdir(OUT, { recursive: true });
  await build({ browser: 'chrome', outDir: '.output/store' });
  const world = await startAgentWorld('store', 'today');
  const canvas = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const { popup, service, fake } = world;
    const { context } = world.browser;

    // 1. The sign-in form as a member fills it in (the service's URL as a team would have it).
    await popup.locator('#service-url').fill('https://agent.example.com');
    await popup.locator('#email').fill(EMAIL);
    await popup.locator('#full-name').fill('Grace Hopper');
    await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const signInShot = await popupShot(popup);
    await popup.locator('#service-url').fill(SERVICE_URL);

    // 2. Signed in, with a day's work: watchlists collected, a few single tasks.
    const { api_key } = await signInThroughPopup(
      popup,
      context,
      service.outboxDir,
      EMAIL,
      'Grace Hopper',
      { pace: 'default' },
    );
    const call = async (path: string, body: unknown) => {
      const res = await fetch(`${SERVICE_URL}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': api_key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string };
    };
    await call('/api-keyword-watchlist', {
      name: 'DuckDB in production',
      keywords: [{ keyword: 'duckdb', excluded_keywords: ['crypto'] }],
      fetchFreqInHours: 6,
    });
    await call('/api-company-watchlist', {
      name: 'Acme Robotics',
      companies: ['https://www.linkedin.com/company/acme-robotics/'],
    });
    await schedulerTick(service.ctx);
    const api = publicApi(SERVICE_URL, api_key);
    for (const [op, body] of [
      ['fetch-profile', { profile_slug: 'ada-lovelace' }],
      ['fetch-company', { company: 'globex' }],
      ['fetch-profile', { profile_slug: 'alan-turing' }],
    ] as const) {
      await api.finished(await api.create(op, body));
    }
    await expect
      .poll(
        async () =>
          (
            (await (
              await fetch(`${SERVICE_URL}/api-posts?range_from=0&range_to=0`, {
                headers: { 'x-api-key': api_key },
              })
            ).json()) as { count: number }
          ).count,
        { timeout: 120_000 },
      )
      .toBeGreaterThan(2);

    // 3. At work: a slow answer keeps a task running while the popup is drawn.
    fake.setMode('slow', { delayMs: 20_000 });
    const running = await api.create('fetch-profile', { profile_slug: 'margaret-hamilton' });
    await expect(popup.getByTestId('current-task')).toContainText('Fetch profile', {
      timeout: 30_000,
    });
    await expect(popup.locator('#badge')).toHaveText('working on a task');
    await popup.waitForTimeout(2_500);
    const workingShot = await popupShot(popup);
    fake.setMode('normal');

    const page = await canvas.newPage({
      viewport: { width: WIDTH, height: HEIGHT },
      deviceScaleFactor: 1,
    });
    await composePopup(page, signInShot, workingShot, await dataUrl(`${ROOT}public/icons/128.png`));

    // 4. The dashboard, signed in as the same member, once the running task is done.
    await api.finished(running, 60_000);
    const dash = await canvas.newPage({
      viewport: { width: WIDTH, height: HEIGHT },
      deviceScaleFactor: 1,
      colorScheme: 'light',
    });
    await dash.goto(SERVICE_URL);
    await dash.locator('#sign-in').getByLabel('E-mail').fill(EMAIL);
    // The popup's code was asked for moments ago: the service sends one per address every 30 s.
    let sentAt = 0;
    for (let tries = 0; !(await dash.locator('#verify-code-form').isVisible()); tries++) {
      if (tries > 12)
        throw new Error(
          `no code for the dashboard: ${await dash.locator('#send-code-form .status').textContent()}`,
        );
      if (tries) await dash.waitForTimeout(5_000);
      sentAt = Date.now();
      await dash.getByRole('button', { name: 'Send code' }).click();
      await dash.waitForTimeout(500);
    }
    await dash.getByLabel('Code').fill(await mailedCode(service.outboxDir, EMAIL, sentAt - 1_000));
    await dash.getByRole('button', { name: 'Sign in' }).click();
    await expect(dash.locator(`#member-list li[data-email="${EMAIL}"]`)).toContainText('active');
    await dash
      .locator('li[data-watchlist-id]', { hasText: 'DuckDB' })
      .locator('button.pick')
      .click();
    await expect(dash.locator('#posts-filter')).toBeVisible();
    await dash.waitForTimeout(1_000);
    // Choosing a watchlist scrolls to its posts; the store image starts at the page's top bar.
    await dash.evaluate(() => window.scrollTo(0, 0));
    await dash.screenshot({ path: `${OUT}2-dashboard.png` });

    await composeToolbarStates(page);
    for (const f of ['1-popup.png', '2-dashboard.png', '3-toolbar-states.png'])
      console.log(`docs/store/${f}`);
  } finally {
    await canvas.close();
    await world.stop();
  }
}

await main();
