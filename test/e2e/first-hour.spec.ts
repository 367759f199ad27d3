import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { seedPgliteFolder } from '../support/pglite-image.js';
import { startServiceProcess, type StartedService } from '../support/service-process.js';
import { CHROME_PATH, E2E_SERVICE_PORT } from './support/e2e-env.js';
import { extensionCredentials, mailedCode, serviceWorker } from './support/harness.js';

/**
 * A newcomer's first hour: the service started on another PORT than 8787, and the extension built
 * with that same environment (no WXT_DEFAULT_SERVICE_URL), as `npm start` does, points at it and
 * signs in to it. On the way: the popup says what it waits for while the browser asks for another
 * service's permission, and the consent screen's two choices stay in sight in a 600 px popup
 * (screenshots in test/e2e/artifacts/).
 */

const PORT = E2E_SERVICE_PORT + 10;
const SERVICE_URL = `http://127.0.0.1:${PORT}`;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = join(ROOT, '.output/first-hour');
const EXTENSION = join(OUT, 'chrome-mv3');
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const EMAIL = 'newcomer@example.com';

let dataDir: string;
let service: StartedService;
let context: BrowserContext;
let popup: Page;

test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = await mkdtemp(join(tmpdir(), 'na-e2e-first-hour-'));
  await mkdir(ARTIFACTS, { recursive: true });
  const env: Record<string, string> = { PORT: String(PORT), HOST: '127.0.0.1' };
  // The build as `npm run build` makes it, from the service's own settings and nothing else.
  const { WXT_DEFAULT_SERVICE_URL: _set, PUBLIC_URL: _public, ...inherited } = process.env;
  // A script file beside the build (in .output/, ignored by git), so that it finds wxt the way
  // `npm run build` does; Vite's minifier worker cannot start from `node -e`.
  const script = join(OUT, 'build.mjs');
  await mkdir(OUT, { recursive: true });
  await writeFile(
    script,
    `import { build } from 'wxt';\nawait build({ browser: 'chrome', outDir: ${JSON.stringify(OUT)} });\n`,
  );
  execFileSync('node', [script], { cwd: ROOT, env: { ...inherited, ...env }, stdio: 'inherit' });
  // Migrated already, as a data folder is after its first start (test/support/pglite-image.ts).
  await seedPgliteFolder(join(dataDir, 'pglite'));
  service = await startServiceProcess(
    { ...env, DATA_DIR: dataDir, SECRET_KEY: 'ab'.repeat(32) },
    120_000,
  );
  context = await chromium.launchPersistentContext(join(dataDir, 'chrome'), {
    headless: true,
    executablePath: CHROME_PATH,
    args: [
      `--disable-extensions-except=${EXTENSION}`,
      `--load-extension=${EXTENSION}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const extensionId = new URL((await serviceWorker(context)).url()).host;
  popup = await context.newPage();
  // The toolbar popup's size: Chrome shows at most 600 px of it.
  await popup.setViewportSize({ width: 360, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
});

test.afterAll(async () => {
  await context?.close();
  service?.child.kill('SIGTERM');
  await service?.exited;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await rm(OUT, { recursive: true, force: true });
});

test('the extension built beside a service on another PORT signs in to it; the consent choices stay in sight', async () => {
  expect(service.url).toBe(SERVICE_URL);
  const manifest = JSON.parse(await readFile(join(EXTENSION, 'manifest.json'), 'utf8')) as {
    host_permissions: string[];
  };
  expect(manifest.host_permissions).toContain(`${SERVICE_URL}/*`);
  await expect(popup.locator('#service-url')).toHaveValue(SERVICE_URL);

  // Another service is asked for when the member names it: the popup says it waits for the
  // browser's prompt, and what became of it.
  const other = `http://127.0.0.1:${PORT + 1}`;
  await popup.locator('#service-url').fill(other);
  await popup.locator('#email').fill(EMAIL);
  await popup.getByRole('button', { name: 'Send code' }).click();
  const message = popup.getByTestId('message');
  await expect(message).toHaveText(
    `Waiting for you to allow access to ${other} in the browser's prompt…`,
  );
  await popup.screenshot({ path: join(ARTIFACTS, 'first-hour-permission-wait.png') });
  // The prompt stays open in a headless browser: a popup opened again starts afresh.
  await popup.reload();
  await expect(popup.locator('#service-url')).toHaveValue(SERVICE_URL);

  await popup.locator('#email').fill(EMAIL);
  await popup.locator('#full-name').fill('Nora Newcomer');
  await popup.getByRole('button', { name: 'Send code' }).click();
  await popup.locator('#otp').fill(await mailedCode(join(dataDir, 'outbox'), EMAIL));
  await popup.getByRole('button', { name: 'Sign in' }).click();
  const consent = popup.getByTestId('consent');
  await expect(consent).toBeVisible();

  // The text is longer than the popup; both choices are on screen at its top, in its middle and
  // at its end, and nothing is hidden under them at the end.
  const height = await popup.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeGreaterThan(600);
  const inSight = async () => {
    for (const id of ['consent-agree', 'consent-not-now']) {
      const box = (await popup.getByTestId(id).boundingBox())!;
      expect(box.y, `${id} below the popup's top`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${id} above the popup's bottom`).toBeLessThanOrEqual(600);
    }
  };
  await popup.evaluate(() => window.scrollTo(0, 0));
  await inSight();
  await popup.screenshot({ path: join(ARTIFACTS, 'first-hour-consent-top.png') });
  await popup.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await inSight();
  await popup.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await inSight();
  await popup.screenshot({ path: join(ARTIFACTS, 'first-hour-consent-end.png') });
  const choices = (await popup.getByTestId('consent-choices').boundingBox())!;
  const version = (await popup.locator('[data-testid="consent"] > p.muted.small').boundingBox())!;
  expect(version.y).toBeGreaterThanOrEqual(choices.y + choices.height);

  await popup.getByTestId('consent-agree').click();
  await expect(consent).toBeHidden();
  const creds = (await extensionCredentials(context)) as { service_url: string };
  expect(creds.service_url).toBe(SERVICE_URL);
});
