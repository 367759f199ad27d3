import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { ServiceContext } from '../../src/service/context.js';
import { startDashboardWorld, type DashboardWorld } from './support/dashboard-world.js';
import { refreshAccountHealth } from '../../src/service/budgets/health-job.js';
import { overflowingElements } from './support/page-overflow.js';

/**
 * The members panel shows each account's warm-up and health (docs/budgets.md, "Warm-up" and
 * "Health") in Debian's Chromium against a real service: a member whose account checked in two days
 * ago and whose invitations are rarely accepted shows "warming up: day 3 of 14", a poor health with
 * its weakest factor's sentence, and write budgets at the product of both. Screenshots at 1280 and
 * 375 px go to test/e2e/artifacts/.
 */

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const EMAIL = 'ada@example.com';

let world: DashboardWorld;
let ctx: ServiceContext;
let page: Page;
let pageErrors: string[];

test.setTimeout(120_000);

test.beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  world = await startDashboardWorld('health');
  ({ page, errors: pageErrors } = world);
  ctx = world.service.ctx;
});

test.afterAll(async () => world?.stop());

async function screenshots(name: string) {
  await page.locator('#members').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
  await page
    .locator(`#member-list li[data-email="${EMAIL}"]`)
    .screenshot({ path: join(ARTIFACTS, `${name}-card-1280.png`) });
  await page.setViewportSize({ width: 375, height: 800 });
  await page
    .locator(`#member-list li[data-email="${EMAIL}"]`)
    .screenshot({ path: join(ARTIFACTS, `${name}-card-375.png`) });
  await page.screenshot({ path: join(ARTIFACTS, `${name}-375.png`), fullPage: true });
  expect(await overflowingElements(page), `horizontal overflow at 375 px on ${name}`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the members panel shows a member’s warm-up, health and the budgets they leave', async () => {
  // The dashboard's bundle is built at the first request: a loaded machine takes a while.
  await page.goto(world.url, { timeout: 90_000 });
  const signIn = page.locator('#sign-in');
  await signIn.getByLabel('E-mail').fill(EMAIL);
  await signIn.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await world.mailedCode(EMAIL));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#whoami-text')).toContainText(EMAIL);

  const raw = await page.evaluate(() => Object.values({ ...sessionStorage })[0] ?? null);
  const s = JSON.parse(raw!) as { team: { api_key: string }; agent_token: string };
  const hb = await fetch(`${world.url}/agent/heartbeat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': s.team.api_key,
      authorization: `Bearer ${s.agent_token}`,
    },
    body: JSON.stringify({
      extension_version: '1.4.2',
      browser: 'chrome 156',
      network: { signed_in: true, public_identifier: 'ada-lovelace' },
      paused: false,
    }),
  });
  expect(hb.status).toBe(200);

  // The account checked in two days ago, and 1 of its 20 invitations of the month was accepted.
  const [member] = await ctx.db.query<{ team_id: string; user_id: string }>(
    `UPDATE memberships SET warm_up_started_at = warm_up_started_at - interval '2 days',
            warm_up_ends_at = warm_up_ends_at - interval '2 days'
      WHERE email = $1 RETURNING team_id, user_id`,
    [EMAIL],
  );
  await ctx.db.query(
    `INSERT INTO sent_invitations (id, team_id, user_id, profile_urn, state, sent_at)
     SELECT gen_random_uuid(), $1, $2, 'urn:li:fsd_profile:ACoAAE2e' || g,
            CASE WHEN g = 1 THEN 'accepted' ELSE 'expired' END, now() - make_interval(days => 1 + g % 20)
       FROM generate_series(1, 20) g`,
    [member!.team_id, member!.user_id],
  );
  await refreshAccountHealth(ctx);
  await page.reload();
  // Today, where the dashboard opens, names the member whose account is in poor health and leads to them.
  await page.getByRole('link', { name: /^Ada Lovelace: .*account health poor$/ }).click();

  const card = page.locator(`#member-list li[data-email="${EMAIL}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('health')).toContainText('poor');
  await expect(card.getByTestId('health')).toContainText(
    '5 % of 20 invitations of the last 30 days were accepted (good from 30 %, poor below 15 %).',
  );
  await expect(card.getByTestId('warm-up')).toContainText('day 3 of 14, 31 %');
  // 31 % (day 3) × 40 % (poor): 12 of the team's 100 likes, 3 of its 25 invitations.
  await expect(card.getByTestId('reduced')).toContainText('write budgets at 13 %');
  await expect(card.locator('li.budget[data-task-type="agent_like_post"]')).toContainText(
    '0 / 12 (team 100) today',
  );
  await expect(card.locator('li.budget[data-task-type="agent_connection_request"]')).toContainText(
    '0 / 3 (team 25) today',
  );
  await card.locator('details.health-factors summary').click();
  await expect(card.locator('li[data-factor="pending_invitations"]')).toContainText(
    '0 invitations wait for an answer',
  );
  await screenshots('member-health');
  expect(pageErrors).toEqual([]);
});
