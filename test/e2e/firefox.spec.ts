import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { servicePermission } from '../../src/shared/default-service-url.js';
import { startFakeNetwork, type FakeNetwork } from '../fake-network/server.js';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import { launchFirefoxAgent, type FirefoxAgent } from './support/firefox.js';
import type { FirefoxPopup } from './support/firefox-popup.js';
import { publicApi, startE2eService, type E2eService } from './support/harness.js';

/**
 * The Firefox add-on (`wxt build -b firefox`, MV2) in Firefox ESR, as a member runs it: installed
 * into the browser, signed in through its popup, doing a read and a write on the (fake) network
 * and reporting them to the service, the popup's states, a rate limit's safety stop. And what
 * Firefox does differently from Chromium: a background page instead of a service worker,
 * permissions granted at install (MV2), the data consent of Firefox 140+ (src/agent/data-consent.ts).
 */

const MEMBER = 'grace@example.com';

let dataDir: string;
let fake: FakeNetwork;
let service: E2eService;
let firefox: FirefoxAgent;
let popup: FirefoxPopup;
let api: ReturnType<typeof publicApi>;

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'na-e2e-firefox-'));
  fake = await startFakeNetwork({ voice: 'today' });
  service = await startE2eService(dataDir);
  firefox = await launchFirefoxAgent(join(dataDir, 'firefox'), fake.port);
  popup = await firefox.openPopup();
});

test.afterAll(async () => {
  await firefox?.close();
  await service?.stop();
  await fake?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The member's row as the last heartbeat left it. */
async function membership() {
  const [row] = await service.ctx.db.query<{
    browser: string | null;
    network_health: unknown;
    network_signed_in: boolean | null;
  }>(
    'SELECT m.browser, m.network_health, m.network_signed_in FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1',
    [MEMBER],
  );
  return row;
}

/** The task stays pending for `ms`: nobody claims it. */
async function expectStaysPending(id: string, ms = 5_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    expect((await api.status(id)).data.status).toBe('pending');
    await new Promise((r) => setTimeout(r, 500));
  }
}

test('installed: the popup opens at its moz-extension:// address, the permissions granted at install, no prompt', async () => {
  expect(firefox.popupUrl).toMatch(/^moz-extension:\/\//);
  expect(await popup.count('#email')).toBe(1);
  const granted = await popup.evaluate(() =>
    (
      globalThis as unknown as {
        browser: {
          permissions: { getAll(): Promise<{ origins: string[]; data_collection?: string[] }> };
        };
      }
    ).browser.permissions.getAll(),
  );
  // MV2: the network and the service are host permissions of the manifest, granted at install;
  // the service's without its port, which Firefox's match patterns cannot hold.
  expect(granted.origins).toEqual(
    expect.arrayContaining([
      'https://www.linkedin.com/*',
      servicePermission(E2E_SERVICE_URL, true),
    ]),
  );
  expect(servicePermission(E2E_SERVICE_URL, true)).toBe('http://127.0.0.1/*');
  // Firefox's data consent: what the add-on needs is required (given at install), diagnostics not.
  expect(granted.data_collection).toEqual(
    expect.arrayContaining(['personallyIdentifyingInfo', 'authenticationInfo', 'websiteContent']),
  );
  expect(granted.data_collection).not.toContain('technicalAndInteraction');
});

test('sign-in through the popup; the network tab is found through the proxy; the popup says ready', async () => {
  const creds = await popup.signIn(service.outboxDir, MEMBER, 'Grace Hopper');
  api = publicApi(E2E_SERVICE_URL, creds.api_key);
  await popup.useFastPace(creds);
  await popup.expectText('#badge', 'ready');
  await popup.expectText(popup.testId('service'), 'Reachable');
  // The add-on reached the network only through the proxy's tunnel to the fake.
  expect(firefox.proxy.asked).toContain('www.linkedin.com:443');
  expect(fake.state.requests.length).toBeGreaterThan(0);
  expect((await membership())?.network_signed_in).toBe(true);
});

test('a profile fetch and a like, done by the add-on on the network and reported to the service', async () => {
  const ada = fake.dataset.profiles.find((p) => p.slug === 'ada-lovelace')!;
  const before = fake.state.requests.length;
  const profile = await api.finished(
    await api.create('fetch-profile', { profile_slug: 'ada-lovelace' }),
  );
  expect(profile).toMatchObject({
    status: 'completed',
    task_output: {
      name: 'Ada Lovelace',
      public_identifier: 'ada-lovelace',
      profile_urn: `urn:li:fsd_profile:${ada.id}`,
    },
  });
  expect(
    fake.state.requests.slice(before).some((r) => r.path.includes('identity/dash/profiles')),
  ).toBe(true);

  const post = fake.dataset.posts[0]!;
  const urn = `urn:li:activity:${post.activityId}`;
  const like = await api.finished(await api.create('like-post', { social_urn: urn }));
  expect(like).toMatchObject({ status: 'completed', task_output: { liked: true } });
  expect(fake.state.likes.map((l) => l.threadUrn)).toContain(urn);

  // The journal (IndexedDB of the background page) feeds the popup's recent lines.
  await popup.expectText(popup.testId('activity'), 'Fetch profile · ada-lovelace');
  await popup.expectText(popup.testId('activity'), 'Like');
});

test('working: the popup names the running task and its target', async () => {
  fake.setMode('slow', { delayMs: 5_000 });
  const id = await api.create('fetch-profile', { profile_slug: 'alan-turing' });
  await popup.expectText(popup.testId('current-task'), 'Fetch profile · alan-turing', 30_000);
  await popup.expectText('#badge', 'working on a task');
  fake.setMode('normal');
  expect((await api.finished(id, 60_000)).status).toBe('completed');
  await popup.expectText('#badge', 'ready');
});

test('a rate limit is a safety stop: the popup says so and nothing is claimed while it lasts', async () => {
  fake.setMode('rate_limited');
  const failed = await api.finished(
    await api.create('fetch-company', { company: 'acme-robotics' }),
  );
  expect(failed).toMatchObject({ status: 'failed', error: { code: 'network_rate_limited' } });
  await popup.expectText(popup.testId('safety-stop'), 'limited our requests');
  await popup.expectText('#badge', 'safety stop');
  fake.setMode('normal');
  const calls = fake.state.requests.length;
  const waiting = await api.create('fetch-company', { company: 'globex' });
  await expectStaysPending(waiting);
  expect(fake.state.requests.length).toBe(calls);

  // The cool-down passing (tests cannot wait hours): the stop cleared in the add-on's storage.
  await popup.evaluate(() =>
    (
      globalThis as unknown as {
        browser: { storage: { local: { set(v: object): Promise<void> } } };
      }
    ).browser.storage.local.set({ safety_stops: [] }),
  );
  await expect.poll(() => popup.count(popup.testId('safety-stop'))).toBe(0);
  await popup.pauseAndResume();
  expect(await api.finished(waiting)).toMatchObject({
    status: 'completed',
    task_output: { slug: 'globex' },
  });
});

test('the background page works with no popup open, and a popup opened later tells what happened', async () => {
  await popup.page.close();
  const done = await api.finished(await api.create('fetch-company', { company: 'acme-robotics' }));
  expect(done).toMatchObject({ status: 'completed', task_output: { slug: 'acme-robotics' } });
  popup = await firefox.openPopup();
  await popup.expectText(popup.testId('activity'), 'Fetch company · acme-robotics');
  await popup.expectText('#badge', 'ready');
});

test('the data consent: diagnostics stay home until the member allows them, then go with the heartbeat', async () => {
  // Without the optional consent the heartbeat says nothing of the browser or the network's health.
  expect(await membership()).toMatchObject({ browser: 'not shared', network_health: [] });

  // The member allows "technical and interaction data" (about:addons would ask the same of the add-on).
  await popup.evaluate(() => {
    type Perms = { browser: { permissions: { request(p: object): Promise<boolean> } } };
    document.body.addEventListener(
      'click',
      () =>
        void (globalThis as unknown as Perms).browser.permissions.request({
          data_collection: ['technicalAndInteraction'],
        }),
      { once: true },
    );
  });
  await popup.click('header h1');
  await expect
    .poll(() =>
      popup.evaluate(
        async () =>
          (
            await (
              globalThis as unknown as {
                browser: { permissions: { getAll(): Promise<{ data_collection?: string[] }> } };
              }
            ).browser.permissions.getAll()
          ).data_collection,
      ),
    )
    .toContain('technicalAndInteraction');
  // The next heartbeat carries them: the open popup asks for one every 10 s (src/agent/status.ts),
  // sent when the agent's current long poll ends. Not forced with Pause/Resume here: in 2 CI runs of
  // about 10 the Resume pressed right after the grant left the popup on "Resume" (not understood yet;
  // Pause/Resume itself is covered by the rate-limit test above and the Chromium popup tests).
  await expect
    .poll(async () => (await membership())?.browser, { timeout: 60_000 })
    .toMatch(/^firefox \d+$/);
});
