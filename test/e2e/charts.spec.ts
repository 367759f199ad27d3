import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { openSection } from './support/harness.js';
import type { ServiceContext } from '../../src/service/context.js';
import { startDashboardWorld, type DashboardWorld } from './support/dashboard-world.js';
import { overflowingElements } from './support/page-overflow.js';
import {
  insertEnrollments,
  insertMemberTasks,
  insertSentInvitations,
  insertSequence,
  insertWatchlistPosts,
} from '../support/stats-fixtures.js';
import type { MemberStats, SequenceStats, WatchlistStats } from '../../src/contract/stats.js';

/**
 * The charts panel in Chromium against a real service: each chart draws the service's figures
 * (pixels on its canvas), its table holds the API's numbers, the range switch changes it, and a
 * post filed meanwhile moves the watchlist's chart through the live stream. The member's
 * invitations chart shows its acceptance rate and pending invitations on their own titled axes,
 * and a sentence instead of an empty chart when there is nothing to show. Screenshots at 1280
 * and 375 px go to test/e2e/artifacts/.
 */

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const EMAIL = 'ada@charts.test';

let world: DashboardWorld;
let ctx: ServiceContext;
let page: Page;
let pageErrors: string[];

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

test.beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  world = await startDashboardWorld('charts');
  ({ page, errors: pageErrors } = world);
  ctx = world.service.ctx;
  await page.emulateMedia({ colorScheme: 'light' });
});

test.afterAll(async () => world?.stop());

async function apiGet<T>(apiKey: string, path: string): Promise<T> {
  const res = await fetch(`${world.url}${path}`, { headers: { 'x-api-key': apiKey } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const isoDay = (daysAgo: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - daysAgo);
  return d.toISOString().slice(0, 10);
};
const at = (daysAgo: number, hour = 12) =>
  `${isoDay(daysAgo)}T${String(hour).padStart(2, '0')}:00:00Z`;

/** How many pixels of the chart's canvas are drawn on (not transparent). */
async function paintedPixels(kind: string): Promise<number> {
  return page.evaluate((k) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`#chart-${k} canvas`);
    if (!canvas) return 0;
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
    return n;
  }, kind);
}

/** The table's rows under a chart, as text cells (the first table of its region). */
async function tableRows(kind: string): Promise<string[][]> {
  return page
    .locator(`[data-table="${kind}"] table`)
    .first()
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())),
    );
}

async function screenshots(name: string, target = '#charts') {
  await page.locator(target).scrollIntoViewIfNeeded();
  await page.locator(target).screenshot({ path: join(ARTIFACTS, `${name}-1280.png`) });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(300);
  await page.locator(target).scrollIntoViewIfNeeded();
  await page.locator(target).screenshot({ path: join(ARTIFACTS, `${name}-375.png`) });
  expect(await overflowingElements(page), `horizontal overflow at 375 px on ${name}`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('charts draw the service’s figures, switch range, and move live', async () => {
  let apiKey = '';
  let teamId = '';
  let userId = '';
  let watchlistId = '';
  let sequenceId = '';

  await test.step('sign in with the e-mailed code', async () => {
    // The first request bundles the page's script from its sources: slow on a busy machine.
    await page.goto(world.url, { timeout: 60_000 });
    const signIn = page.locator('#sign-in');
    await signIn.getByLabel('E-mail').fill(EMAIL);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code').fill(await world.mailedCode(EMAIL));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#app')).toBeVisible();
    const raw = await page.evaluate(() => Object.values({ ...sessionStorage })[0] ?? null);
    const s = JSON.parse(raw!) as { team: { id: string; api_key: string }; user: { id: string } };
    apiKey = s.team.api_key;
    teamId = s.team.id;
    userId = s.user.id;
  });

  await test.step('the team has a watchlist with posts, a sequence and a member’s work', async () => {
    watchlistId = crypto.randomUUID();
    await ctx.db.query(
      `INSERT INTO watchlists (id, team_id, type, name, slug) VALUES ($1, $2, 'keyword', 'Robots', 'robots')`,
      [watchlistId, teamId],
    );
    await insertWatchlistPosts({ ctx }, teamId, watchlistId, [
      { at: at(1), likes: 10, author: 'Ann' },
      { at: at(1, 15), likes: 4, comments: 2, author: 'Ben', trending: true },
      { at: at(3), likes: 7, author: 'Ann' },
      { at: at(20), likes: 30, author: 'Cat' },
      { at: at(40), likes: 50, author: 'Dan' },
    ]);
    sequenceId = await insertSequence({ ctx }, teamId, userId);
    await insertEnrollments({ ctx }, teamId, sequenceId, [
      { sender: userId, enrolled: at(5), invited: at(5, 13), accepted: at(3), messaged: at(3, 14) },
      { sender: userId, enrolled: at(5), invited: at(4) },
      {
        sender: userId,
        enrolled: at(2),
        invited: at(2, 13),
        accepted: at(1),
        messaged: at(1, 14),
        replied: at(0, 0),
      },
    ]);
    await insertMemberTasks({ ctx }, teamId, userId, [
      { type: 'agent_like_post', status: 'completed', finished: at(2) },
      { type: 'agent_like_post', status: 'completed', finished: at(1) },
      { type: 'agent_connection_request', status: 'completed', finished: { hoursAgo: 3 } },
    ]);
    await insertSentInvitations({ ctx }, teamId, userId, [
      { sent: at(40) },
      { sent: at(6), became: { state: 'accepted', at: at(4) } },
      { sent: at(6, 13), became: { state: 'withdrawn', at: at(3) } },
      { sent: at(6, 14) },
      { sent: at(5) },
      { sent: at(3), became: { state: 'accepted', at: at(2) } },
      { sent: at(3, 14), became: { state: 'accepted', at: at(2, 15) } },
      { sent: at(3, 15), became: { state: 'expired', at: at(1) } },
      { sent: at(1, 9) },
    ]);
    // Reload to start from this data, in a short window, on another section than the charts.
    await page.setViewportSize({ width: 1280, height: 300 });
    await page.reload({ timeout: 60_000 });
    await expect(page.locator('#app')).toBeVisible();
  });

  await test.step('the chart library loads only once the charts are on screen', async () => {
    await expect(page.locator('#charts')).not.toBeInViewport();
    const before = await page.evaluate(() =>
      performance.getEntriesByType('resource').some((e) => e.name.includes('charts.js')),
    );
    expect(before).toBe(false);
    await openSection(page, 'charts');
    await page.locator('#charts').scrollIntoViewIfNeeded();
    await expect(page.locator('#chart-watchlist canvas')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('each chart is drawn and its table holds the API’s numbers', async () => {
    const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const q = `from=${isoDay(29)}&to=${isoDay(0)}&bucket=day&tz=${encodeURIComponent(tz)}`;
    const w = await apiGet<WatchlistStats>(apiKey, `/api-stats/watchlists/${watchlistId}?${q}`);
    expect(w.totals.posts).toBe(4);
    await expect
      .poll(() => tableRows('watchlist'))
      .toEqual(
        w.buckets.map((b) => [
          b.start,
          String(b.posts),
          String(b.engagement),
          b.trending_share === null ? '—' : `${Math.round(b.trending_share * 100)} %`,
        ]),
      );
    const s = await apiGet<SequenceStats>(apiKey, `/api-stats/sequences/${sequenceId}?${q}`);
    await expect
      .poll(() => tableRows('sequence'))
      .toEqual(
        s.buckets.map((b) =>
          [b.start, b.enrolled, b.invited, b.accepted, b.messaged, b.replied].map(String),
        ),
      );
    const m = await apiGet<MemberStats>(
      apiKey,
      `/api-stats/members?email=${encodeURIComponent(EMAIL)}&${q}`,
    );
    await expect
      .poll(async () => (await tableRows('member')).map((r) => r.slice(0, 2)))
      .toEqual(m.buckets.map((b) => [b.start, String(b.total)]));
    for (const kind of ['watchlist', 'sequence', 'member'])
      await expect.poll(() => paintedPixels(kind), `${kind} chart drawn`).toBeGreaterThan(500);
    // With no pointer over a chart, its legend shows the latest bucket's figures, not dashes.
    await expect(
      page.locator('#chart-watchlist .u-legend .u-series').nth(1).locator('.u-value'),
    ).toHaveText(String(w.buckets.at(-1)!.posts));
    await expect(
      page.locator('#chart-sequence .u-legend .u-series').nth(1).locator('.u-value'),
    ).toHaveText(String(s.buckets.at(-1)!.enrolled));
    // The tables are reachable by keyboard.
    const region = page.locator('[data-table="watchlist"]');
    await region.focus();
    await expect(region).toBeFocused();
    await expect(page.locator('#chart-watchlist')).toHaveAttribute('aria-label', /4 posts/);
    await screenshots('charts-30-days');
  });

  await test.step('the member’s invitations: acceptance rate and pending, each on its own axis', async () => {
    const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const q = `from=${isoDay(29)}&to=${isoDay(0)}&bucket=day&tz=${encodeURIComponent(tz)}`;
    const m = await apiGet<MemberStats>(
      apiKey,
      `/api-stats/members?email=${encodeURIComponent(EMAIL)}&${q}`,
    );
    expect(m.totals.invitations).toMatchObject({ sent: 8, accepted: 3, pending: 4 });
    const rate = (r: number | null) => (r === null ? '—' : `${Math.round(r * 100)} %`);
    await expect
      .poll(() => tableRows('invitations'))
      .toEqual(
        m.buckets.map((b) => [
          b.start,
          String(b.invitations.sent),
          String(b.invitations.accepted),
          rate(b.invitations.acceptance_rate),
          String(b.invitations.pending),
        ]),
      );
    await expect
      .poll(() => paintedPixels('invitations'), 'invitations chart drawn')
      .toBeGreaterThan(500);
    const box = page.locator('[data-chart="invitations"]');
    await expect(box.locator('h3')).toHaveText('Invitations: acceptance and pending');
    await expect(box.locator('.panel-head .hint')).toHaveText(`of ${EMAIL}`);
    await expect(page.locator('#chart-invitations')).toHaveAttribute(
      'aria-label',
      `8 invitations sent, 3 accepted (38 %), 4 pending on ${isoDay(0)}`,
    );
    // Both series in the legend, the rate in percent and the pending count as a whole number.
    const legend = page.locator('#chart-invitations .u-legend .u-series');
    await expect(legend.nth(1).locator('.u-label')).toHaveText('Acceptance rate');
    await expect(legend.nth(2).locator('.u-label')).toHaveText('Pending');
    await expect(legend.nth(1).locator('.u-value')).toHaveText('--');
    await expect(legend.nth(2).locator('.u-value')).toHaveText('4');
    // Told apart by shape as well as colour: the pending line is dashed, in the legend too.
    const markers = await legend
      .locator('.u-marker')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).borderTopStyle));
    expect(markers.slice(1)).toEqual(['solid', 'dashed']);
    await screenshots('charts-invitations', '[data-chart="invitations"]');
  });

  await test.step('the range switch changes the chart', async () => {
    await page.locator('#charts-range').selectOption('90');
    await expect(page.locator('[data-table="watchlist"] tbody tr').first()).toBeVisible();
    await expect.poll(async () => (await tableRows('watchlist')).length).toBe(90);
    await expect(page.locator('#chart-watchlist')).toHaveAttribute('aria-label', /5 posts/);
    await page.locator('#charts-bucket').selectOption('week');
    await expect.poll(async () => (await tableRows('watchlist')).length).toBeLessThan(15);
    await page.locator('#charts-range').selectOption('7');
    await page.locator('#charts-bucket').selectOption('day');
    await expect.poll(async () => (await tableRows('watchlist')).length).toBe(7);
    await expect(page.locator('#chart-watchlist')).toHaveAttribute('aria-label', /3 posts/);
  });

  await test.step('a newly collected post moves the chart live', async () => {
    const today = (await tableRows('watchlist')).at(-1)!;
    await insertWatchlistPosts({ ctx }, teamId, watchlistId, [
      { at: new Date(Date.now() - 60_000).toISOString(), likes: 9, author: 'Eve' },
    ]);
    await expect(page.locator('#chart-watchlist')).toHaveAttribute('aria-label', /4 posts/);
    const after = (await tableRows('watchlist')).at(-1)!;
    expect(Number(after[1])).toBe(Number(today[1]) + 1);
    expect(await paintedPixels('watchlist')).toBeGreaterThan(500);
  });

  await test.step('dark preference', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(300);
    await screenshots('charts-dark');
    await screenshots('charts-invitations-dark', '[data-chart="invitations"]');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await test.step('no invitation sent or waiting: a sentence, not an empty chart', async () => {
    await ctx.db.query('DELETE FROM sent_invitations WHERE team_id = $1', [teamId]);
    await page.locator('#charts-range').selectOption('30');
    const box = page.locator('[data-chart="invitations"]');
    await expect(box.locator('[data-chart-empty="invitations"]')).toHaveText(
      `No invitations were sent from ${isoDay(29)} to ${isoDay(0)}, and none were waiting for an answer: nothing to chart yet.`,
    );
    await expect(page.locator('#chart-invitations')).toHaveCount(0);
    await expect(box.locator('[data-table="invitations"]')).toHaveCount(0);
    await screenshots('charts-invitations-empty', '[data-chart="invitations"]');
  });

  expect(pageErrors).toEqual([]);
});
