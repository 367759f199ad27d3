import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startFakeNetwork, type FakeNetwork } from '../fake-network/server.js';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import { launchAgentBrowser, mailedCode, openPopup, publicApi, serviceWorker, startE2eService, type E2eService } from './support/harness.js';

/**
 * The extension end to end: Debian's Chromium with the built extension, the real service (in
 * process, PGlite on disk, the fixed port the extension was built for) and the fake network over
 * HTTPS as www.linkedin.com. Sign-in through the popup with the mailed code; every operation
 * through the public API; the fake network's error modes; a service restart and a stopped worker
 * mid-task; a second member's browser. Popup screenshots go to test/e2e/artifacts/.
 */

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const ADMIN = 'grace@example.com';
const MEMBER = 'bob@example.com';

let dataDir: string;
let fake: FakeNetwork;
let fake2: FakeNetwork;
let service: E2eService;
let admin: { context: BrowserContext; extensionId: string };
let popup: Page;
let api: ReturnType<typeof publicApi>;
let creds: { api_key: string; agent_token: string };
const pageErrors: string[] = [];

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'na-e2e-ext-'));
  await mkdir(ARTIFACTS, { recursive: true });
  fake = await startFakeNetwork();
  admin = await launchAgentBrowser(join(dataDir, 'chrome-admin'), fake.port);
  popup = await openPopup(admin.context, admin.extensionId);
  popup.on('pageerror', (e) => pageErrors.push(e.message));
});

test.afterAll(async () => {
  await admin?.context.close();
  await service?.stop();
  await fake?.close();
  await fake2?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `popup-${name}.png`), fullPage: true });

/** Storage of the extension, read in its own worker. */
async function extensionStorage(context: BrowserContext, key: string): Promise<unknown> {
  const worker = await serviceWorker(context);
  return worker.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key);
}

/** The cool-down passing: tests cannot wait 6 hours. */
async function clearSafetyStops(context: BrowserContext) {
  const worker = await serviceWorker(context);
  await worker.evaluate(() => chrome.storage.local.set({ safety_stops: [] }));
}

/** Pause and resume in the popup: the agent sends a heartbeat and claims again at once. */
async function pauseAndResume(page: Page) {
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('pause')).toHaveText('Resume');
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('pause')).toHaveText('Pause');
}

test('sign in through the popup with the mailed code', async () => {
  await expect(popup.locator('#service-url')).toHaveValue(E2E_SERVICE_URL);
  await shot(popup, 'signed-out');

  // The service is not running yet: the popup says so plainly.
  await popup.locator('#email').fill(ADMIN);
  await popup.locator('#full-name').fill('Grace Hopper');
  await popup.getByRole('button', { name: 'Send code' }).click();
  await expect(popup.getByTestId('message')).toContainText('cannot be reached');
  await shot(popup, 'service-unreachable');

  service = await startE2eService(dataDir);
  await popup.getByRole('button', { name: 'Send code' }).click();
  await expect(popup.getByText('We sent a 6-digit code to')).toBeVisible();
  await shot(popup, 'enter-code');

  await popup.getByRole('button', { name: 'Send a new code' }).click();
  await expect(popup.getByTestId('message')).toContainText('Too many codes requested. Try again in');
  await shot(popup, 'resend-throttled');

  const code = await mailedCode(service.outboxDir, ADMIN);
  await popup.locator('#otp').fill(code === '000000' ? '111111' : '000000');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await expect(popup.getByTestId('message')).toContainText('That code is wrong or has expired');
  await shot(popup, 'wrong-code');

  await popup.locator('#otp').fill(code);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await expect(popup.getByTestId('identity')).toContainText('Grace Hopper');
  await expect(popup.getByTestId('identity')).toContainText(ADMIN);
  // The agent opened a network tab in the background and read who is signed in there.
  await expect(popup.getByTestId('network')).toContainText('Signed in as Grace Hopper', { timeout: 45_000 });
  await expect(popup.getByTestId('service')).toContainText('Reachable');
  await expect(popup.getByTestId('heartbeat')).not.toContainText('not yet');
  await shot(popup, 'signed-in');

  creds = (await extensionStorage(admin.context, 'credentials')) as typeof creds;
  expect(creds.api_key).toBeTruthy();
  api = publicApi(E2E_SERVICE_URL, creds.api_key);
  // The service now counts the team as agent-active and knows the member's network identity.
  const team = await (await fetch(`${E2E_SERVICE_URL}/api-team`, { headers: { 'x-api-key': creds.api_key, authorization: `Bearer ${creds.agent_token}` } })).json();
  const me = team.members.find((m: { email: string }) => m.email === ADMIN);
  expect(me).toMatchObject({ agent_active: true, network_signed_in: true, network_public_identifier: 'grace-hopper', paused: false });
  expect(pageErrors).toEqual([]);
});

test('every network operation completes with the right output and its effect on the network', async () => {
  const ada = fake.dataset.profiles.find((p) => p.slug === 'ada-lovelace')!;
  const alan = fake.dataset.profiles.find((p) => p.slug === 'alan-turing')!;

  const profile = await api.finished(await api.create('fetch-profile', { profile_slug: 'ada-lovelace' }));
  expect(profile.status).toBe('completed');
  expect(profile.task_output).toMatchObject({ name: 'Ada Lovelace', public_identifier: 'ada-lovelace', profile_urn: `urn:li:fsd_profile:${ada.id}`, network_degree: 'first' });

  const posts = await api.finished(await api.create('fetch-profiles-posts', { profile_urns: [`urn:li:fsd_profile:${ada.id}`] }));
  expect(posts.status).toBe('completed');
  const postList = (posts.task_output as { posts: { social_urn: string; content: string; post_author: { author_slug: string } }[] }).posts;
  expect(postList.length).toBeGreaterThanOrEqual(3);
  expect(postList.every((p) => p.post_author.author_slug === 'ada-lovelace')).toBe(true);
  expect(postList.map((p) => p.content)).toContain('Our new compiler for AI agents ships today.');

  const company = await api.finished(await api.create('fetch-company', { company: 'acme-robotics' }));
  expect(company.status).toBe('completed');
  expect(company.task_output).toMatchObject({ slug: 'acme-robotics' });

  const companyPosts = await api.finished(await api.create('fetch-company-posts', { company: 'acme-robotics', count: 10 }));
  expect(companyPosts.status).toBe('completed');
  expect(Array.isArray((companyPosts.task_output as { posts: unknown[] }).posts)).toBe(true);

  const search = await api.finished(await api.create('search-profiles', { keywords: 'Turing' }));
  expect(search.status).toBe('completed');
  expect((search.task_output as { profiles: { full_name: string }[] }).profiles.map((p) => p.full_name)).toContain('Alan Turing');

  const connections = await api.finished(await api.create('fetch-connections', {}));
  expect(connections.status).toBe('completed');
  const names = (connections.task_output as { connections: { full_name: string }[] }).connections.map((c) => c.full_name);
  expect(names).toEqual(expect.arrayContaining(['Ada Lovelace', 'Margaret Hamilton']));

  const post = postList[0]!;
  const like = await api.finished(await api.create('like-post', { social_urn: post.social_urn }));
  expect(like).toMatchObject({ status: 'completed', task_output: { liked: true } });
  expect(fake.state.likes.map((l) => l.threadUrn)).toContain(post.social_urn);

  const comment = await api.finished(await api.create('comment-post', { social_urn: post.social_urn, comment_text: 'Congratulations on the launch!' }));
  expect(comment).toMatchObject({ status: 'completed', task_output: { commented: true } });
  expect(fake.state.comments.map((c) => c.text)).toContain('Congratulations on the launch!');

  const invite = await api.finished(await api.create('send-connection-request', { profile_urn: `urn:li:fsd_profile:${alan.id}`, note: 'Loved your thread on machines.' }));
  expect(invite).toMatchObject({ status: 'completed', task_output: { sent: true } });
  expect(fake.state.invitations).toEqual([expect.objectContaining({ profileUrn: `urn:li:fsd_profile:${alan.id}`, message: 'Loved your thread on machines.' })]);

  const message = await api.finished(await api.create('send-message', { profile_urn: `urn:li:fsd_profile:${ada.id}`, message_text: 'Shall we meet on Tuesday?' }));
  expect(message).toMatchObject({ status: 'completed', task_output: { sent: true } });
  expect(fake.state.messages).toEqual([expect.objectContaining({ recipientUrn: `urn:li:fsd_profile:${ada.id}`, text: 'Shall we meet on Tuesday?' })]);

  await expect(popup.getByTestId('today')).toContainText('10 done, 0 failed');
  await shot(popup, 'after-operations');
});
