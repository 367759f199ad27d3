import { expect, test, type Page } from '@playwright/test';
import { openSection } from './support/harness.js';
import { startDashboardWorld, type DashboardWorld } from './support/dashboard-world.js';
import { E2E_SERVICE_URL } from './support/e2e-env.js';

/**
 * The dashboard's do-not-contact list in Debian's Chromium against the real service: what an
 * upload or a paste refused stays on the page, row by row, after the list reloads; a wrong
 * sign-in code is said in plain words.
 */

const EMAIL = 'dora@example.com';

let world: DashboardWorld;
let page: Page;
let pageErrors: string[];

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test.beforeAll(async () => {
  world = await startDashboardWorld('dnc');
  ({ page, errors: pageErrors } = world);
});

test.afterAll(async () => world?.stop());

test('a wrong code is said in words; an upload with broken rows names every one, and the list reloading keeps them', async () => {
  await page.goto(E2E_SERVICE_URL);
  const signIn = page.locator('#sign-in');
  await signIn.getByLabel('E-mail').fill(EMAIL);
  const sent = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await world.mailedCode(EMAIL, sent - 1000);
  const wrong = code === '000000' ? '111111' : '000000';
  await signIn.getByLabel('Code').fill(wrong);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const verifyStatus = page.locator('#verify-code-form .status');
  await expect(verifyStatus).toContainText('That code is wrong or has expired');
  await expect(verifyStatus).not.toContainText('OTP');
  await signIn.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#app')).toBeVisible();

  await openSection(page, 'outreach');
  const dnc = page.locator('#do-not-contact');
  const result = page.locator('#dnc-result');
  await dnc.locator('#dnc-file').setInputFiles({
    name: 'blocked.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'value,kind,reason',
        'https://www.linkedin.com/in/ada-lovelace,person,asked us',
        '"https://www.linkedin.com/in/broken,person,a quote never closed',
        'https://www.linkedin.com/company/acme,company,',
        ',person,no value',
        'https://www.linkedin.com/in/grace-hopper,robot,',
      ].join('\n'),
    ),
  });
  await expect(result).toContainText('Added 2 entries. 3 rows were not added:');
  await expect(result.locator('li')).toHaveText([
    /^Line 3: /,
    'Line 5: empty value',
    'Line 6: kind must be person or company, not "robot"',
  ]);
  // The upload loads the list again; what it refused is still there once the list shows.
  await expect(page.locator('#dnc-list li')).toHaveCount(2);
  await expect(result.locator('li')).toHaveCount(3);

  await dnc.getByLabel(/^Profiles/).fill('https://www.linkedin.com/in/ada-lovelace\nalan-turing');
  await dnc.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.locator('#dnc-list li')).toHaveCount(3);
  await expect(result).toContainText('Added 1 entry. 1 row was not added:');
  await expect(result.locator('li')).toHaveCount(1);
  await expect(result.locator('li')).toContainText('ada-lovelace');
  await page.locator('#do-not-contact').screenshot({
    path: new URL('./artifacts/do-not-contact-refused-rows.png', import.meta.url).pathname,
  });

  // A search loads the list again, and it too leaves what the paste refused in place.
  const search = dnc.getByLabel('Search');
  await search.fill('alan');
  await expect(page.locator('#dnc-list li')).toHaveCount(1);
  await expect(result.locator('li')).toContainText('ada-lovelace');
  await search.fill('nobody-by-this-name');
  await expect(page.locator('#dnc-list li.empty')).toHaveText(
    'No entry matches “nobody-by-this-name”. Clear the search to see the whole list.',
  );
  await search.fill('');
  await expect(page.locator('#dnc-list li')).toHaveCount(3);

  // Removing one says so, and the reload that follows keeps it said.
  await page
    .locator('#dnc-list li', { hasText: 'alan-turing' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.locator('#dnc-list li')).toHaveCount(2);
  await expect(result).toHaveText(/^Removed \S*alan-turing\S*\.$/);
  expect(pageErrors).toEqual([]);
});
