import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { NetworkMap } from '../../src/contract/network-map.js';
import { BUILT_IN_NETWORK_MAP } from '../../src/network/map/built-in.js';
import { runOps } from '../../src/service/ops/run-ops.js';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import {
  extensionStorage,
  mailedCode,
  openSection,
  publicApi,
  signInThroughPopup,
  startAgentWorld,
  type AgentWorld,
} from './support/harness.js';

/**
 * Drift as a data change, end to end (docs/network-map.md, "Shipping a fix"): the operator publishes
 * a network map with `set-network-map`; the extension in Chromium takes it from its next heartbeat;
 * a call whose every way fails is reported broken in the heartbeat and shown with the member in
 * /api-team and on the dashboard; a fixed map published the same way heals it, with no release.
 */

const ADMIN = 'grace@example.com';
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

let world: AgentWorld;
let creds: { api_key: string; agent_token: string };

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

test.beforeAll(async () => {
  world = await startAgentWorld('map', 'measured_2026');
});
test.afterAll(async () => world?.stop());

/** Publishes a map as the operator does, with the CLI command, on the running service's database. */
async function publish(map: NetworkMap) {
  const file = join(world.dataDir, `map-${map.version}.json`);
  await writeFile(file, JSON.stringify(map));
  const out: string[] = [];
  const code = await runOps(['set-network-map', file], {
    context: world.service.ctx,
    out: (l) => out.push(l),
    err: (l) => out.push(l),
  });
  expect([code, out[0]]).toEqual([
    0,
    expect.stringContaining(`version ${map.version} is now current`),
  ]);
}

/** The extension calls in (a heartbeat) at once when paused and resumed. */
async function callInNow() {
  await world.popup.getByTestId('pause').click();
  await expect(world.popup.getByTestId('pause')).toHaveText('Resume');
  await world.popup.getByTestId('pause').click();
  await expect(world.popup.getByTestId('pause')).toHaveText('Pause');
}

/** Heartbeats until the extension keeps the map of this version. */
async function heartbeatUntilMap(version: number) {
  await expect
    .poll(
      async () => {
        await callInNow();
        return (
          (
            (await extensionStorage(world.browser.context, 'network_map')) as {
              version?: number;
            } | null
          )?.version ?? 0
        );
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(version);
}

async function teamHealth(): Promise<
  Array<{ call: string; state: string; working_alternative: string | null }>
> {
  const res = await fetch(`${E2E_SERVICE_URL}/api-team`, {
    headers: { 'x-api-key': creds.api_key, authorization: `Bearer ${creds.agent_token}` },
  });
  const team = (await res.json()) as {
    members: Array<{
      email: string;
      network_health: Array<{ call: string; state: string; working_alternative: string | null }>;
    }>;
  };
  return team.members.find((m) => m.email === ADMIN)!.network_health;
}

test('a published map is taken from the heartbeat; a broken call is reported and a fix heals it', async () => {
  creds = await signInThroughPopup(
    world.popup,
    world.browser.context,
    world.service.outboxDir,
    ADMIN,
    'Grace Hopper',
  );
  const api = publicApi(E2E_SERVICE_URL, creds.api_key);

  // A map that knows only the older finder for company posts, which this network retired (400).
  const broken = structuredClone(BUILT_IN_NETWORK_MAP);
  broken.version = BUILT_IN_NETWORK_MAP.version + 1;
  broken.calls.company_posts = broken.calls.company_posts.filter(
    (a) => a.id === 'feed-updates-company-feed',
  );
  await publish(broken);
  await heartbeatUntilMap(broken.version);

  const failed = await api.finished(
    await api.create('fetch-company-posts', { company: 'acme-robotics', count: 3 }),
  );
  expect(failed).toMatchObject({
    status: 'failed',
    error: {
      code: 'network_changed',
      message: expect.stringContaining(
        'No way to company_posts works any more (feed-updates-company-feed: HTTP 400)',
      ),
    },
  });
  await expect
    .poll(
      async () => {
        await callInNow();
        return teamHealth();
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toEqual([
      expect.objectContaining({
        call: 'company_posts',
        state: 'broken',
        working_alternative: null,
      }),
    ]);

  // The fix: the 2026 finder added after the older one, published the same way.
  const fixed = structuredClone(BUILT_IN_NETWORK_MAP);
  fixed.version = broken.version + 1;
  fixed.calls.company_posts.reverse();
  expect(fixed.calls.company_posts.map((a) => a.id)).toEqual([
    'feed-updates-company-feed',
    'organization-updates-v2',
  ]);
  await publish(fixed);
  await heartbeatUntilMap(fixed.version);
  const done = await api.finished(
    await api.create('fetch-company-posts', { company: 'acme-robotics', count: 3 }),
  );
  expect(done.status).toBe('completed');
  expect((done.task_output as { posts: unknown[] }).posts).toHaveLength(3);
  // A new map starts the report afresh; the retired way met on the way makes the call degraded.
  await expect
    .poll(
      async () => {
        await callInNow();
        return teamHealth();
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toEqual([
      expect.objectContaining({
        call: 'company_posts',
        state: 'degraded',
        working_alternative: 'organization-updates-v2',
      }),
    ]);

  // The team's dashboard shows it on the member's card, with the extension and map versions.
  const dashboard = await world.browser.context.newPage();
  await dashboard.setViewportSize({ width: 1280, height: 900 });
  await dashboard.goto(E2E_SERVICE_URL);
  // The extension's sign-in code was sent seconds ago: move it back past the 30-second resend throttle.
  await world.service.ctx.db.query(`UPDATE otp_codes SET sent_at = now() - interval '1 minute'`);
  const sentAt = Date.now() - 1_000;
  await dashboard.locator('#sign-in').getByLabel('E-mail').fill(ADMIN);
  await dashboard.locator('#sign-in').getByLabel('Full name').fill('Grace Hopper');
  await dashboard.getByRole('button', { name: 'Send code' }).click();
  await dashboard.getByLabel('Code').fill(await mailedCode(world.service.outboxDir, ADMIN, sentAt));
  await dashboard.getByRole('button', { name: 'Sign in' }).click();
  await openSection(dashboard, 'team');
  const card = dashboard.locator(`.member[data-email="${ADMIN}"]`);
  await expect(card.locator('[data-call="company_posts"]')).toContainText('company_posts degraded');
  await expect(card.locator('[data-call="company_posts"]')).toContainText(
    'feed-updates-company-feed: HTTP 400; using organization-updates-v2',
  );
  await expect(card.locator('.network-health')).toContainText(`v${fixed.version}`);
  await mkdir(ARTIFACTS, { recursive: true });
  await card.screenshot({ path: join(ARTIFACTS, 'dashboard-network-health.png') });
});
