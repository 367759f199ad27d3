import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import puppeteer from 'puppeteer-core';
import { E2E_SERVICE_URL, FIREFOX_PATH } from './support/e2e-env.js';
import {
  holdRelationshipSync,
  openSection,
  serviceCall as call,
  type DashboardSection,
  type E2eService,
} from './support/harness.js';
import { startDashboardWorld, type DashboardWorld } from './support/dashboard-world.js';
import { overflowingElements } from './support/page-overflow.js';

/**
 * The dashboard as an app of a few sections (src/dashboard/sections.ts), in Debian's Chromium
 * against the real service: it opens on Today, which lists first what needs a person (a write
 * waiting for approval, a member's extension in trouble, an unread reply) with a link to where it
 * is done; each section is reached by the navigation, with the mouse or the keyboard, and by its
 * own address, which a reload keeps; the live stream keeps hidden sections current; axe-core finds
 * nothing serious in any section; Firefox ESR shows them alike. Screenshots of
 * every section at 1280 and 375 px go to test/e2e/artifacts/.
 */

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const EMAIL = 'ada@example.com';
const SELF = 'urn:li:fsd_profile:ACoAAAda';
const SECTIONS: { name: DashboardSection; panels: string[] }[] = [
  { name: 'today', panels: ['today', 'tasks'] },
  { name: 'watchlists', panels: ['posts', 'watchlists'] },
  { name: 'outreach', panels: ['inbox', 'connection-requests', 'sequences', 'do-not-contact'] },
  { name: 'team', panels: ['members'] },
  { name: 'charts', panels: ['charts'] },
  { name: 'settings', panels: ['api-key', 'scoped-keys', 'webhooks'] },
];

let world: DashboardWorld;
let service: E2eService;
let page: Page;
let pageErrors: string[];
let agent: Record<string, string>;

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

test.beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  world = await startDashboardWorld('dashboard-sections');
  ({ service, page, errors: pageErrors } = world);
});

test.afterAll(async () => world?.stop());

/** A heartbeat of Ada's extension, signed in to the network or not. */
function heartbeat(signedIn: boolean) {
  return call('POST', '/agent/heartbeat', agent, {
    extension_version: '1.4.2',
    browser: 'chrome 156',
    network: signedIn
      ? { signed_in: true, member_urn: SELF, public_identifier: 'ada-lovelace' }
      : { signed_in: false },
    paused: false,
  });
}

/**
 * What axe-core finds serious or critical on the page as it is on screen (hidden sections are not
 * looked at), each as its rule, what it says and where: [] when nothing is. In axe's one-call mode
 * (`setLegacyMode`): the dashboard has no frames, which the default mode exists for, and that mode
 * opens a blank page to finish each run in, which cost more than the run itself.
 */
async function seriousViolations(): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.help}): ${n.target.join(' ')}`));
}

/** Only `name`'s section is on screen, its link is the current one, and the address names it. */
async function expectSection(name: DashboardSection) {
  await expect(page.locator(`[data-section="${name}"]`)).toBeVisible();
  await expect(page.locator('[data-section]:visible')).toHaveCount(1);
  await expect(page.locator('nav#sections a[aria-current="page"]')).toHaveAttribute(
    'href',
    `#/${name}`,
  );
  // The plain `/` is Today too.
  expect(new URL(page.url()).hash).toMatch(
    new RegExp(`^#/${name}(/|$)${name === 'today' ? '|^$' : ''}`),
  );
}

test('it opens on Today: what needs a person first, each with a link to where it is done', async () => {
  await test.step('sign in: the page lands on Today, at its address', async () => {
    await page.goto(E2E_SERVICE_URL);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await seriousViolations(), 'accessibility of the sign-in').toEqual([]);
    const sentAfter = Date.now();
    await page.locator('#sign-in').getByLabel('E-mail').fill(EMAIL);
    await page
      .locator('#sign-in')
      .getByLabel(/Full name/)
      .fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code').fill(await world.mailedCode(EMAIL, sentAfter - 1000));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#live-state')).toHaveText('Live');
    await expectSection('today');
    await expect(page).toHaveTitle('Today · Network Agent · Team dashboard');
    const needs = page.locator('#today ul.needs');
    // A new team: no extension yet, so nothing on the network can run.
    await expect(needs).toContainText('No member’s extension has been active in the last 48 hours');
    await expect(needs).toContainText('Ada Lovelace: extension not installed');
    await expect(page.locator('#today .ran')).toHaveText(
      'Last 24 hours: nothing finished. Now: nothing queued.',
    );
    await expect(page.locator('#today-count')).toBeVisible();
  });

  await test.step('the extension checks in: nothing needs anyone; an invitation is not a member yet', async () => {
    const raw = await page.evaluate(
      () => Object.values({ ...sessionStorage }).find((v) => v.includes('agent_token'))!,
    );
    const s = JSON.parse(raw) as { team: { api_key: string }; agent_token: string };
    agent = { 'x-api-key': s.team.api_key, authorization: `Bearer ${s.agent_token}` };
    await holdRelationshipSync(service.ctx);
    expect((await heartbeat(true)).status).toBe(200);
    const asked = await call('GET', '/agent/consent', agent);
    expect(
      (await call('POST', '/agent/consent', agent, { version: asked.body.version })).status,
    ).toBe(200);
    expect(
      (
        await call('POST', '/api-team-members', agent, {
          email: 'grace@example.com',
          role: 'member',
        })
      ).status,
    ).toBe(201);
    await expect(page.locator('#member-list li[data-email="grace@example.com"]')).toHaveCount(1);
    await expect(page.locator('#today')).toContainText('Nothing needs you now.');
    await expect(page.locator('#today-count')).toBeHidden();
  });

  await test.step('a write queued by an AI waits for approval: Today counts it and links to it', async () => {
    const made = await call('POST', '/api-keys', agent, { name: 'Assistant', scope: 'ai' });
    expect(made.status).toBe(201);
    const queued = await call(
      'POST',
      '/network-agent/like-post',
      { 'x-api-key': made.body.api_key },
      { social_urn: 'urn:li:activity:7250000000000000777' },
    );
    expect(queued.body.message).toContain('awaiting approval');
    const link = page.getByRole('link', {
      name: '1 write queued by an AI waits for your approval',
    });
    await expect(link).toBeVisible();
    await expect(page.locator('#today ul.needs > li').first()).toContainText('approval');
    await link.click();
    await expectSection('outreach');
    expect(new URL(page.url()).hash).toBe('#/outreach/approvals');
    await expect(page.locator('#approvals')).toBeInViewport();
    await expect(page.locator('#approvals li.approval')).toContainText('Like');
    await page.goBack();
    await expectSection('today');
  });

  await test.step('an unread reply: Today names who wrote', async () => {
    const asked = await call('POST', '/network-agent/fetch-conversations', agent, {
      member_email: EMAIL,
      count: 20,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const claimed = await call('POST', '/agent/tasks/claim', agent, { wait_s: 20 });
    expect(claimed.body?.task?.type).toBe('agent_conversations_fetch');
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const done = await call('POST', `/agent/tasks/${claimed.body.task.id}/complete`, agent, {
      attempt: claimed.body.task.attempt,
      output: {
        conversations: [
          {
            conversation_urn: `urn:li:msg_conversation:(${SELF},2-alan)`,
            unread: true,
            last_activity_at: at,
            participants: [
              {
                profile_urn: 'urn:li:fsd_profile:ACoAAAlan',
                name: 'Alan Turing',
                profile_url: 'https://www.linkedin.com/in/alan-turing/',
              },
            ],
            last_message: {
              text: 'Thursday works for me.',
              sender_urn: 'urn:li:fsd_profile:ACoAAAlan',
              from_me: false,
              delivered_at: at,
            },
          },
        ],
      },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await expect(
      page.getByRole('link', { name: '1 unread conversation with Alan Turing' }),
    ).toHaveAttribute('href', '#/outreach/inbox');
    // What ran: the inbox read, in the last 24 hours.
    await expect(page.locator('#today .ran')).toContainText('Last 24 hours: 1 done, 0 failed.');
  });

  await test.step('the member is signed out of the network: Today names them and why', async () => {
    expect((await heartbeat(false)).status).toBe(200);
    await expect(page.locator('#today ul.needs')).toContainText(
      'Ada Lovelace: signed out of the network',
    );
    await expect(page.locator('#today ul.needs')).not.toContainText('grace@example.com');
    // Approvals, the member, the reply: the count beside Today in the navigation.
    await expect(page.locator('#today-count')).toHaveText(': 3 to see to');
  });

  await test.step('a watchlist made elsewhere: Coming up says when it collects', async () => {
    const made = await call(
      'POST',
      '/api-keyword-watchlist',
      { 'x-api-key': agent['x-api-key']! },
      { keywords: ['ai agents'], name: 'AI agents' },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await expect(page.locator('#today ul.due')).toContainText('“AI agents” collects new posts');
  });
});

test('every section by the navigation, at 1280 and 375 px; the keyboard reaches and opens them', async () => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    for (const { name, panels } of SECTIONS) {
      await test.step(`${name} at ${width} px`, async () => {
        await openSection(page, name);
        await expectSection(name);
        for (const panel of panels) await expect(page.locator(`#${panel}`)).toBeVisible();
        // The link moved the keyboard's focus to the section, so a screen reader says where it is.
        await expect(page.locator(`[data-section="${name}"]`)).toBeFocused();
        await page.screenshot({
          path: join(ARTIFACTS, `sections-${name}-${width}.png`),
          fullPage: true,
        });
        expect(await overflowingElements(page), `overflow on ${name} at ${width} px`).toEqual([]);
        expect
          .soft(await seriousViolations(), `accessibility of ${name} at ${width} px`)
          .toEqual([]);
      });
    }
  }

  await test.step('the keyboard: Tab moves along the links, Enter opens one', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.locator('nav#sections a[href="#/today"]').focus();
    await page.keyboard.press('Enter');
    await expectSection('today');
    await page.locator('nav#sections a[href="#/today"]').focus();
    await page.keyboard.press('Tab');
    await expect(page.locator('nav#sections a[href="#/watchlists"]')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('nav#sections a[href="#/outreach"]')).toBeFocused();
    await page.keyboard.press('Enter');
    await expectSection('outreach');
    await expect(page.locator('[data-section="outreach"]')).toBeFocused();
    // At a phone's width the navigation stays in sight while the section scrolls under it.
    await page.mouse.wheel(0, 1500);
    await expect(page.locator('nav#sections')).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

test('each section has its own address: a deep link opens it, a reload keeps it, an unknown one is Today', async () => {
  for (const { name } of SECTIONS) {
    await test.step(name, async () => {
      await page.goto(`${E2E_SERVICE_URL}/#/${name}`);
      await expectSection(name);
      await page.reload();
      await expectSection(name);
    });
  }
  await test.step('at a phone’s width the current link is scrolled into sight in the navigation', async () => {
    const settings = page.locator('nav#sections a[href="#/settings"]');
    await page.goto(`${E2E_SERVICE_URL}/#/settings`);
    await expectSection('settings');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(settings).toBeInViewport({ ratio: 1 });
    await page.reload();
    await expectSection('settings');
    await expect(settings).toBeInViewport({ ratio: 1 });
    await page.setViewportSize({ width: 1280, height: 900 });
  });
  await test.step('a panel’s address opens its section and brings the panel into view', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${E2E_SERVICE_URL}/#/outreach/do-not-contact`);
    await expectSection('outreach');
    const panel = page.locator('#do-not-contact');
    await expect(panel).toBeInViewport();
    // A panel above it growing as its list arrives leaves it in view...
    const growAbove = (px: number) =>
      page.locator('#sequences').evaluate((above, h) => {
        above.style.minHeight = `${h}px`;
      }, px);
    await growAbove(3000);
    await expect(panel).toBeInViewport();
    // ...until the person scrolls on their own: then it is no longer brought back to the top, and
    // the growth above pushes it below the screen.
    const top = () => panel.evaluate((p) => p.getBoundingClientRect().top);
    await page.mouse.wheel(0, -100);
    await expect.poll(top).toBeGreaterThan(50);
    await growAbove(6000);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    expect(await top()).toBeGreaterThan(800);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
  await test.step('an unknown address opens Today and says so in the address bar', async () => {
    await page.goto(`${E2E_SERVICE_URL}/#/nowhere`);
    await expectSection('today');
    expect(new URL(page.url()).hash).toBe('#/today');
  });
});

test('the live stream keeps a hidden section current', async () => {
  await openSection(page, 'settings');
  const made = await call(
    'POST',
    '/api-people-watchlist',
    { 'x-api-key': agent['x-api-key']! },
    { profiles: ['https://www.linkedin.com/in/grace-hopper/'], name: 'Founders' },
  );
  expect(made.status).toBe(201);
  await expect(page.locator(`#watchlist-list li[data-watchlist-id="${made.body.id}"]`)).toHaveCount(
    1,
  );
  await openSection(page, 'watchlists');
  await expect(
    page.locator(`#watchlist-list li[data-watchlist-id="${made.body.id}"]`),
  ).toBeVisible();
  expect(pageErrors, 'errors in the page').toEqual([]);
});

test('in Firefox too: the navigation and each address open their section, at 1280 and 375 px', async () => {
  const grace = 'grace@example.com';
  const firefox = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: join(world.dataDir, 'firefox'),
  });
  try {
    const ff = await firefox.newPage();
    await ff.setViewport({ width: 1280, height: 900 });
    await ff.goto(E2E_SERVICE_URL);
    const sentAfter = Date.now() - 1_000;
    await ff.locator('#send-code-form input[name="email"]').fill(grace);
    await ff.locator('#send-code-form button[type="submit"]').click();
    const code = await world.mailedCode(grace, sentAfter);
    await ff.locator('#verify-code-form input[name="otp"]').fill(code);
    await ff.locator('#verify-code-form button[type="submit"]').click();
    await ff.waitForFunction(() =>
      document.getElementById('whoami-text')?.textContent?.includes('grace@'),
    );
    /** The sections on screen, the current link and the address. */
    const where = () =>
      ff.evaluate(() => ({
        shown: [...document.querySelectorAll<HTMLElement>('[data-section]')]
          .filter((view) => !view.hidden)
          .map((view) => view.dataset.section),
        current: document
          .querySelector('nav#sections a[aria-current="page"]')
          ?.getAttribute('href'),
        hash: location.hash,
      }));
    const onScreen = (name: string) =>
      ff.waitForFunction(
        (n: string) =>
          document.querySelector(`nav#sections a[href="#/${n}"]`)?.getAttribute('aria-current') ===
          'page',
        {},
        name,
      );
    for (const width of [1280, 375]) {
      await ff.setViewport({ width, height: width === 375 ? 800 : 900 });
      for (const { name } of SECTIONS) {
        await ff.locator(`nav#sections a[href="#/${name}"]`).click();
        await onScreen(name);
        expect(await where()).toEqual({ shown: [name], current: `#/${name}`, hash: `#/${name}` });
        await ff.screenshot({
          path: join(ARTIFACTS, `sections-firefox-${name}-${width}.png`),
          fullPage: true,
        });
        expect(await overflowingElements(ff), `overflow on ${name} at ${width} px`).toEqual([]);
      }
    }
    await ff.goto(`${E2E_SERVICE_URL}/#/team`);
    await ff.reload();
    await onScreen('team');
    expect(await where()).toEqual({ shown: ['team'], current: '#/team', hash: '#/team' });
  } finally {
    await firefox.close();
  }
});
