import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { NetworkMap } from '../../src/contract/network-map.js';
import { BUILT_IN_NETWORK_MAP } from '../../src/network/map/built-in.js';
import { runOps } from '../../src/service/ops/run-ops.js';
import { HEADLINE_TYPE } from '../fake-network/drifts.js';
import { client as fakeClient } from '../fake-network/raw-client.js';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import {
  extensionStorage,
  mailedCode,
  publicApi,
  signInThroughPopup,
  startAgentWorld,
  type AgentWorld,
} from './support/harness.js';

/**
 * A drift repaired live (docs/network-map.md, "Repairing a drift"), with the extension as it ships:
 * mid-session the network moves a profile's headline (the fake network's `field_moved`); the next
 * profile read fails instead of completing with an empty headline, and the admin's open dashboard
 * shows the health notice after the extension's next heartbeat, without a reload. The operator
 * publishes a repaired map with `npm run ops -- set-network-map` while the service runs; the
 * extension takes it from its next heartbeat and says so, the next read is whole, and the notice
 * goes.
 */

const ADMIN = 'grace@example.com';
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const OPERATOR_TOKEN = 'op-'.padEnd(40, 'x');
const ON_POSTGRES = !!process.env.DATABASE_URL;

let world: AgentWorld;

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

test.beforeAll(async () => {
  world = await startAgentWorld('drift', 'measured_2026', { OPERATOR_TOKEN });
});
test.afterAll(async () => world?.stop());

/**
 * An operator command as `npm run ops -- …` runs it next to the service: on the embedded database
 * it goes through the running service's operator routes (the service holds the database), with the
 * operator token; on PostgreSQL it opens the database itself, here the service's own schema.
 */
async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, {
    ...(ON_POSTGRES
      ? { context: world.service.ctx }
      : { env: { DATA_DIR: world.dataDir, OPERATOR_TOKEN } }),
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out, err };
}

/** The extension calls in (heartbeats) at once when paused and resumed in its popup. */
async function callInNow() {
  await world.popup.getByTestId('pause').click();
  await expect(world.popup.getByTestId('pause')).toHaveText('Resume');
  await world.popup.getByTestId('pause').click();
  await expect(world.popup.getByTestId('pause')).toHaveText('Pause');
}

async function lastHeartbeatAt(): Promise<number> {
  const state = (await extensionStorage(world.browser.context, 'agent_state')) as {
    last_heartbeat_at: number | null;
  };
  return state.last_heartbeat_at ?? 0;
}

/** One heartbeat cycle, asked for now rather than waited for: done when the service has heard it. */
async function heartbeatNow() {
  const before = await lastHeartbeatAt();
  await callInNow();
  await expect.poll(lastHeartbeatAt, { timeout: 20_000 }).toBeGreaterThan(before);
}

/** The admin signs in to the dashboard in the extension's browser, as a member would. */
async function openDashboard(): Promise<Page> {
  const page = await world.browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(E2E_SERVICE_URL);
  // One code per address per 30 s, and the popup just had one: move that send back.
  await world.service.ctx.db.query(
    "UPDATE otp_codes SET sent_at = sent_at - interval '1 minute' WHERE email = $1",
    [ADMIN],
  );
  const sentAfter = Date.now() - 1_000;
  await page.locator('#sign-in').getByLabel('E-mail').fill(ADMIN);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await mailedCode(world.service.outboxDir, ADMIN, sentAfter));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#whoami-text')).toContainText(ADMIN);
  await expect(page.locator('#live-state')).toHaveText('Live');
  return page;
}

/** The map an operator writes for this drift: the headline's new path first in its field group. */
function repairedMap(version: number): NetworkMap {
  const map = structuredClone(BUILT_IN_NETWORK_MAP);
  map.version = version;
  map.fields.profile.headline = [
    `headlineUnion."${HEADLINE_TYPE}".text`,
    ...(map.fields.profile.headline ?? []),
  ];
  return map;
}

test('a drift shows on the dashboard within a heartbeat; a map published live repairs it and the notice clears', async () => {
  const creds = await signInThroughPopup(
    world.popup,
    world.browser.context,
    world.service.outboxDir,
    ADMIN,
    'Grace Hopper',
  );
  const api = publicApi(E2E_SERVICE_URL, creds.api_key);
  await api.settled();
  const ada = world.fake.dataset.profiles.find((p) => p.slug === 'ada-lovelace')!;
  const readAda = async () =>
    api.finished(await api.create('fetch-profile', { profile_slug: 'ada-lovelace' }));

  // Before the release: whole answers, and no notice on the admin's dashboard.
  expect(await readAda()).toMatchObject({
    status: 'completed',
    task_output: { name: 'Ada Lovelace', headline: ada.headline },
  });
  const dashboard = await openDashboard();
  const notice = dashboard.locator('#network-notice');
  const card = dashboard.locator(`#member-list li[data-email="${ADMIN}"]`);
  await heartbeatNow();
  await expect(card.locator('.network-health')).toContainText(
    `v${BUILT_IN_NETWORK_MAP.version} all calls work`,
  );
  await expect(notice).toBeHidden();

  // The network's release, mid-session: the headline moved into a union keyed by its type.
  const fake = fakeClient(world.fake);
  try {
    expect((await fake.post('/__fake/drift', { drift: 'field_moved' })).json).toEqual({
      drift: 'field_moved',
    });
  } finally {
    await fake.close();
  }

  // Never a success with the headline empty: the read fails naming the field and the way.
  const broken = await readAda();
  expect(broken).toMatchObject({
    status: 'failed',
    error: {
      code: 'network_changed',
      message: expect.stringMatching(/dash-full-profile.*lacks headline/),
    },
  });

  // One heartbeat later the open dashboard shows it to the admin, without a reload.
  await heartbeatNow();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('The network changed: some answers are not whole.');
  // One line for the drift: the field, the share, since when, the map, and the ways that lacked it.
  const line = notice.locator('li[data-operation="agent_profile_fetch"]');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(/^broken profile fetches: headline missing in 100 % since .+/);
  await expect(line).toContainText(
    `map version ${BUILT_IN_NETWORK_MAP.version} (profile by dash-full-profile, dash-full-profile-91) (Grace Hopper)`,
  );
  // Where an admin looks first: at the top of the page, above the posts and tasks.
  await dashboard.evaluate(() => window.scrollTo(0, 0));
  await expect(notice).toBeInViewport();
  await mkdir(ARTIFACTS, { recursive: true });
  await dashboard.screenshot({ path: join(ARTIFACTS, 'dashboard-drift-notice.png') });

  // The operator sees it too, through the running service.
  const health = await ops('network-health');
  expect(health.code, health.err.join('\n')).toBe(0);
  expect(health.out.join('\n')).toContain(`profile fetches: headline missing in 100 % since`);

  // The repair, published while the service runs, as the operator does.
  const fixed = repairedMap(BUILT_IN_NETWORK_MAP.version + 1);
  const file = join(world.dataDir, 'map-repaired.json');
  await writeFile(file, JSON.stringify(fixed, null, 2));
  const published = await ops('set-network-map', file);
  expect(published).toMatchObject({
    code: 0,
    // The first published map: before it the extensions ran the map they ship with.
    out: [`Network map version ${fixed.version} is now current`],
    err: [
      expect.stringContaining(
        ON_POSTGRES ? 'Published through the database' : 'Published through the service at',
      ),
    ],
  });

  // The extension takes it from its next heartbeat, and the one after says it runs it.
  await heartbeatNow();
  expect(
    ((await extensionStorage(world.browser.context, 'network_map')) as { version?: number })
      ?.version,
  ).toBe(fixed.version);
  let status = await ops('network-map', 'status');
  await expect
    .poll(
      async () => {
        await heartbeatNow();
        status = await ops('network-map', 'status');
        return status.out;
      },
      { timeout: 45_000, intervals: [0] },
    )
    .toContain(`Extensions by map version: ${fixed.version}: 1`);
  expect(status.code, status.err.join('\n')).toBe(0);
  expect(status.out.find((l) => l.includes(ADMIN))).toMatch(new RegExp(`^${fixed.version}\\s`));

  // The next read is whole, through the map's new path.
  expect(await readAda()).toMatchObject({
    status: 'completed',
    task_output: { name: 'Ada Lovelace', headline: ada.headline },
  });

  // After the next heartbeat the notice is gone (the new map started the report afresh, and a read
  // still lacking the headline would have brought it back), with the new map on the member's card.
  await heartbeatNow();
  await expect(notice).toBeHidden();
  await expect(card.locator('.network-health')).toContainText(`v${fixed.version}`);
  await expect(card.locator('.network-health')).toContainText('all calls work');
  expect((await ops('network-health')).out).toEqual(['Every extension reports whole answers.']);
});
