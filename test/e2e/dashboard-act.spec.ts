import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import {
  mailedCode,
  openSection,
  signInThroughPopup,
  startAgentWorld,
  type AgentWorld,
} from './support/harness.js';
import { schedulerTick } from '../../src/service/scheduler/index.js';

/**
 * The dashboard and the real extension together: a member opens the dashboard in the
 * browser where their extension runs; a watchlist made there is collected by the extension and its
 * posts and finished task appear without a reload; they like a post as themselves and comment as
 * a company page through the post cards, each followed until the network has it; a comment as a
 * page the network does not know fails, and the card says why in words.
 */

const ADMIN = 'ada@example.com';
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

let world: AgentWorld;
let page: Page;
const pageErrors: string[] = [];

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

test.beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  world = await startAgentWorld('dashboard-act', 'today');
});
test.afterAll(async () => world?.stop());

async function screenshots(name: string) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: join(ARTIFACTS, `${name}-375.png`), fullPage: true });
  // What a phone shows first, as it opens.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS, `${name}-375-top.png`) });
  // The panels of the other sections, each as a phone shows it; then back to the posts.
  for (const [section, panel] of [
    ['today', 'tasks'],
    ['watchlists', 'watchlists'],
    ['team', 'members'],
  ] as const) {
    await openSection(page, section);
    await page
      .locator(`#${panel}`)
      .screenshot({ path: join(ARTIFACTS, `${name}-375-${panel}.png`) });
  }
  await openSection(page, 'watchlists');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow at 375 px on ${name}`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('act on collected posts from the dashboard; the extension does the work and the page follows without reloads', async () => {
  const { service, fake } = world;
  await signInThroughPopup(
    world.popup,
    world.browser.context,
    service.outboxDir,
    ADMIN,
    'Ada Lovelace',
  );

  await test.step('the member signs in to the dashboard in the same browser', async () => {
    page = await world.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(E2E_SERVICE_URL);
    // One code per address per 30 s, and the popup just had one: move that send back.
    await service.ctx.db.query(
      "UPDATE otp_codes SET sent_at = sent_at - interval '1 minute' WHERE email = $1",
      [ADMIN],
    );
    const sentAfter = Date.now();
    await page.locator('#sign-in').getByLabel('E-mail').fill(ADMIN);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code').fill(await mailedCode(service.outboxDir, ADMIN, sentAfter));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#whoami-text')).toContainText(ADMIN);
    await expect(page.locator('#live-state')).toHaveText('Live');
    // The extension has called in: its member is active.
    await openSection(page, 'team');
    await expect(
      page.locator(`#member-list li[data-email="${ADMIN}"] .badge.good`, { hasText: /^active$/ }),
    ).toBeVisible();
  });

  const expected = fake.dataset.posts.filter((p) => /duckdb/i.test(p.text));

  await test.step('a watchlist made in the dashboard is collected by the extension; posts and the finished task appear without a reload', async () => {
    await openSection(page, 'watchlists');
    const form = page.locator('#create-watchlist-form');
    await form.getByRole('textbox', { name: /^Keywords/ }).fill('duckdb');
    await form.getByLabel('Name').fill('DuckDB');
    await page.getByRole('button', { name: 'Create watchlist' }).click();
    await expect(page.locator('#watchlists-status')).toContainText('Created “DuckDB”');
    const card = page.locator('#watchlist-list li.watchlist', { hasText: 'DuckDB' });
    await expect(card.locator('.collection')).toContainText('not collected yet');
    // Due at the scheduler's next tick: run it now rather than wait a minute.
    await schedulerTick(service.ctx);
    const collect = page.locator('#task-list li', { hasText: 'Collect keyword “duckdb”' });
    await expect(collect).toHaveAttribute('data-status', 'completed', { timeout: 120_000 });
    await expect(collect).toContainText('run by Ada Lovelace');
    await expect(page.locator('#post-list > li.post')).toHaveCount(expected.length);
    await expect(card.locator('details.cycles summary')).toHaveText(
      `Last cycle: ${expected.length} new posts`,
    );
    await expect(card.locator('.collection')).toContainText('last collected');
  });

  const posts = page.locator('#post-list > li.post');

  await test.step('Like as the member: the card follows the task to done; the network has the like', async () => {
    const post = posts.nth(0);
    await post.getByRole('button', { name: 'Like' }).click();
    const line = post.locator('.engagement[data-kind="like"]');
    await expect(line).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await expect(line).toContainText('Liked ✓');
    await expect(post.locator('.badge.good', { hasText: 'liked' })).toBeVisible();
    await expect(post.getByRole('button', { name: 'Liked' })).toBeDisabled();
    expect(fake.state.likes).toHaveLength(1);
    expect(fake.state.likes[0]!.actorUrn).toBe(`urn:li:fsd_profile:${fake.dataset.self.id}`);
    const task = page.locator('#task-list li', { hasText: /^\s*done\s*Like/ }).first();
    await expect(task).toContainText('’s post “');
    await expect(task).toContainText('run by Ada Lovelace');
  });

  await test.step('Comment as a company page: the comment box, then done as the page', async () => {
    await page.locator('#act-as').selectOption({ label: 'A company page…' });
    await page.locator('#company-title').fill('Acme Robotics');
    const post = posts.nth(1);
    await post.getByRole('button', { name: 'Comment' }).click();
    await post.getByLabel(/^Comment as Acme Robotics/).fill('Great write-up on DuckDB!');
    await post.getByRole('button', { name: 'Post comment' }).click();
    const line = post.locator('.engagement[data-kind="comment"]');
    await expect(line).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await expect(line).toContainText('Commented as Acme Robotics ✓');
    await expect(post.locator('.badge.good', { hasText: 'commented' })).toBeVisible();
    const comment = fake.state.comments.find((c) => c.text === 'Great write-up on DuckDB!');
    expect(comment?.actorUrn).toBe('urn:li:fsd_company:1035');
    // The page is offered again for the next action.
    await expect(page.locator('#act-as')).toHaveValue('page:Acme Robotics');
    await expect(
      page.locator('#task-list li', { hasText: /saying “Great write-up on DuckDB!”/ }),
    ).toContainText('as Acme Robotics');
  });

  await test.step('a comment as a page the network does not know fails, and the card says why in words', async () => {
    await page.locator('#act-as').selectOption({ label: 'A company page…' });
    await page.locator('#company-title').fill('No Such Page Ltd');
    const post = posts.nth(2);
    await post.getByRole('button', { name: 'Comment' }).click();
    await post.getByLabel(/^Comment as No Such Page Ltd/).fill('Hello');
    await post.getByRole('button', { name: 'Post comment' }).click();
    const line = post.locator('.engagement[data-kind="comment"]');
    await expect(line).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
    await expect(line).toContainText(
      'Comment failed as No Such Page Ltd: The network has no such profile, company or post',
    );
    await expect(post.locator('.badge.good', { hasText: 'commented' })).toHaveCount(0);
    await page.locator('#act-as').selectOption('user');
    await screenshots('06-dashboard-acted');
  });

  await test.step('over budget: the second like waits, and both the card and the member say why and until when', async () => {
    const creds = await page.evaluate(
      () =>
        JSON.parse(
          Object.values({ ...sessionStorage }).find((v) => v.includes('agent_token'))!,
        ) as { team: { api_key: string }; agent_token: string },
    );
    const res = await fetch(`${E2E_SERVICE_URL}/api-team`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-api-key': creds.team.api_key,
        authorization: `Bearer ${creds.agent_token}`,
      },
      body: JSON.stringify({ budgets: { agent_like_post: { per_day: 1 } } }),
    });
    expect(res.status).toBe(200);
    const member = page.locator(`#member-list li[data-email="${ADMIN}"]`);
    await expect(member.locator('li.budget[data-task-type="agent_like_post"]')).toContainText(
      '1 / 1 today',
    );
    const post = posts.nth(3);
    await post.getByRole('button', { name: 'Like' }).click();
    const line = post.locator('.engagement[data-kind="like"]');
    await expect(line).toHaveAttribute('data-status', 'pending');
    await expect(line.locator('.waits')).toContainText(/waits, runs (in \d+ h|tomorrow): /);
    await expect(
      member.locator('li.budget[data-task-type="agent_like_post"] .badge.warn'),
    ).toContainText('used up; next');
    await expect(member.locator('ul.waiting li')).toHaveCount(1);
    await expect(member.locator('ul.waiting li')).toContainText('Likes: runs');
    await expect(
      page
        .locator('#task-list li[data-status="pending"]', { hasText: 'Like' })
        .locator('.task-wait'),
    ).toContainText('has used the budget of likes');
    expect(fake.state.likes).toHaveLength(1);
    await screenshots('07-dashboard-waiting');
  });

  await test.step('the liked and commented marks stay after a reload (from the service, not the page)', async () => {
    await page.reload();
    await expect(page.locator('#live-state')).toHaveText('Live');
    const liked = page.locator('#post-list > li.post', {
      has: page.locator('.badge.good', { hasText: 'liked' }),
    });
    await expect(liked).toHaveCount(1);
    const commented = page.locator('#post-list > li.post', {
      has: page.locator('.badge.good', { hasText: 'commented' }),
    });
    await expect(commented).toHaveCount(1);
    expect(pageErrors, 'errors in the page').toEqual([]);
  });
});
