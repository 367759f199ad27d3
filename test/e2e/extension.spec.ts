import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startFakeNetwork, type FakeNetwork } from '../fake-network/server.js';
import { E2E_SERVICE_URL, EXTENSION_DIR } from './support/e2e-env.js';
import {
  holdRelationshipSync,
  agreeInPopup,
  extensionCredentials,
  launchAgentBrowser,
  mailedCode,
  openPopup,
  publicApi,
  serviceWorker,
  startE2eService,
  useFastPace,
  type E2eService,
} from './support/harness.js';

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

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `popup-${name}.png`), fullPage: true });

/** The `chrome` global of the worker (these functions run inside it through evaluate). */
type WorkerGlobal = {
  chrome: {
    storage: {
      local: { get(k: string): Promise<Record<string, unknown>>; set(v: object): Promise<void> };
    };
  };
};

/** The cool-down passing: tests cannot wait 6 hours. The popup sees it (its button is "Pause" again, not "Resume now"). */
async function clearSafetyStops(context: BrowserContext) {
  const worker = await serviceWorker(context);
  await worker.evaluate(() =>
    (globalThis as unknown as WorkerGlobal).chrome.storage.local.set({ safety_stops: [] }),
  );
  await expect(popup.getByTestId('safety-stop')).toHaveCount(0);
}

/** Pause and resume in the popup: the agent sends a heartbeat and claims again at once. */
async function pauseAndResume(page: Page) {
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('pause')).toHaveText('Resume');
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('pause')).toHaveText('Pause');
}

/** What Chromium's toolbar shows for the extension (badge text and tooltip), read in its worker. */
async function toolbar(context: BrowserContext): Promise<{ text: string; title: string }> {
  type ActionGlobal = {
    chrome: {
      action: { getBadgeText(d: object): Promise<string>; getTitle(d: object): Promise<string> };
    };
  };
  const worker = await serviceWorker(context);
  return worker.evaluate(async () => {
    const { action } = (globalThis as unknown as ActionGlobal).chrome;
    return { text: await action.getBadgeText({}), title: await action.getTitle({}) };
  });
}

test('sign in through the popup with the mailed code', { tag: '@database' }, async () => {
  await expect(popup.locator('#service-url')).toHaveValue(E2E_SERVICE_URL);
  await expect
    .poll(() => toolbar(admin.context))
    .toEqual({ text: '', title: 'Network Agent: not signed in (open to sign in)' });
  // Chromium loads every state's icon the way src/agent/badge.ts names it (a path from the
  // extension's root): a missing or misnamed PNG would reject here.
  const icons = (await readdir(join(EXTENSION_DIR, 'icons'))).filter((f) =>
    /^[a-z]+-16\.png$/.test(f),
  );
  expect(icons.length).toBeGreaterThanOrEqual(4);
  const worker = await serviceWorker(admin.context);
  for (const variant of icons.map((f) => f.replace('-16.png', ''))) {
    await worker.evaluate(
      (v) =>
        (
          globalThis as unknown as { chrome: { action: { setIcon(d: object): Promise<void> } } }
        ).chrome.action.setIcon({ path: { 16: `/icons/${v}-16.png`, 32: `/icons/${v}-32.png` } }),
      variant,
    );
  }
  await worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { action: { setIcon(d: object): Promise<void> } } }
    ).chrome.action.setIcon({ path: { 16: '/icons/off-16.png', 32: '/icons/off-32.png' } }),
  );
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
  await expect(popup.getByTestId('message')).toContainText(
    'Too many codes requested. Try again in',
  );
  await shot(popup, 'resend-throttled');

  const code = await mailedCode(service.outboxDir, ADMIN);
  await popup.locator('#otp').fill(code === '000000' ? '111111' : '000000');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await expect(popup.getByTestId('message')).toContainText('That code is wrong or has expired');
  await shot(popup, 'wrong-code');

  await popup.locator('#otp').fill(code);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await agreeInPopup(popup);
  await expect(popup.getByTestId('identity')).toContainText('Grace Hopper');
  await expect(popup.getByTestId('identity')).toContainText(ADMIN);
  // The agent opened a network tab in the background and read who is signed in there.
  await expect(popup.getByTestId('network')).toContainText('Signed in as Grace Hopper', {
    timeout: 45_000,
  });
  await expect(popup.getByTestId('service')).toContainText('Reachable');
  await expect(popup.getByTestId('heartbeat')).not.toContainText('not yet');
  await expect(popup.locator('#badge')).toHaveText('ready');
  await expect
    .poll(() => toolbar(admin.context))
    .toEqual({ text: '', title: 'Network Agent: ready' });
  await shot(popup, 'signed-in');

  creds = (await extensionCredentials(admin.context)) as typeof creds;
  expect(creds.api_key).toBeTruthy();
  // The operations below run back to back: the team's pace set to none (docs/budgets.md).
  await useFastPace(popup, admin.context, { ...creds, service_url: E2E_SERVICE_URL });
  api = publicApi(E2E_SERVICE_URL, creds.api_key);
  // The service now counts the team as agent-active and knows the member's network identity.
  const team = await (
    await fetch(`${E2E_SERVICE_URL}/api-team`, {
      headers: { 'x-api-key': creds.api_key, authorization: `Bearer ${creds.agent_token}` },
    })
  ).json();
  const me = team.members.find((m: { email: string }) => m.email === ADMIN);
  expect(me).toMatchObject({
    agent_active: true,
    network_signed_in: true,
    network_public_identifier: 'grace-hopper',
    paused: false,
  });
  expect(pageErrors).toEqual([]);
});

test('every network operation completes with the right output and its effect on the network', {
  tag: '@database',
}, async () => {
  const ada = fake.dataset.profiles.find((p) => p.slug === 'ada-lovelace')!;
  const alan = fake.dataset.profiles.find((p) => p.slug === 'alan-turing')!;

  const profile = await api.finished(
    await api.create('fetch-profile', { profile_slug: 'ada-lovelace' }),
  );
  expect(profile.status).toBe('completed');
  expect(profile.task_output).toMatchObject({
    name: 'Ada Lovelace',
    public_identifier: 'ada-lovelace',
    profile_urn: `urn:li:fsd_profile:${ada.id}`,
    network_degree: 'first',
  });

  const posts = await api.finished(
    await api.create('fetch-profiles-posts', { profile_urns: [`urn:li:fsd_profile:${ada.id}`] }),
  );
  expect(posts.status).toBe('completed');
  const postList = (
    posts.task_output as {
      posts: { social_urn: string; content: string; post_author: { author_slug: string } }[];
    }
  ).posts;
  expect(postList.length).toBeGreaterThanOrEqual(3);
  expect(postList.every((p) => p.post_author.author_slug === 'ada-lovelace')).toBe(true);
  expect(postList.map((p) => p.content)).toContain('Our new compiler for AI agents ships today.');

  const company = await api.finished(
    await api.create('fetch-company', { company: 'acme-robotics' }),
  );
  expect(company.status).toBe('completed');
  expect(company.task_output).toMatchObject({ slug: 'acme-robotics' });

  const companyPosts = await api.finished(
    await api.create('fetch-company-posts', { company: 'acme-robotics', count: 10 }),
  );
  expect(companyPosts.status).toBe('completed');
  expect(Array.isArray((companyPosts.task_output as { posts: unknown[] }).posts)).toBe(true);

  const search = await api.finished(await api.create('search-profiles', { keywords: 'Turing' }));
  expect(search.status).toBe('completed');
  expect(
    (search.task_output as { profiles: { full_name: string }[] }).profiles.map((p) => p.full_name),
  ).toContain('Alan Turing');

  const connections = await api.finished(await api.create('fetch-connections', { count: 100 }));
  expect(connections.status).toBe('completed');
  const names = (
    connections.task_output as { connections: { full_name: string }[] }
  ).connections.map((c) => c.full_name);
  expect(names).toEqual(expect.arrayContaining(['Ada Lovelace', 'Margaret Hamilton']));
  expect(names).toHaveLength(
    fake.dataset.profiles.filter((p) => p.distance === 'DISTANCE_1').length,
  );

  // The invitation and the message below start the member's relationship sync
  // (docs/relationships.md), whose reads would add to the popup's count of the ten done here.
  await holdRelationshipSync(service.ctx);
  const post = postList[0]!;
  const like = await api.finished(await api.create('like-post', { social_urn: post.social_urn }));
  expect(like).toMatchObject({ status: 'completed', task_output: { liked: true } });
  expect(fake.state.likes.map((l) => l.threadUrn)).toContain(post.social_urn);

  const comment = await api.finished(
    await api.create('comment-post', {
      social_urn: post.social_urn,
      comment_text: 'Congratulations on the launch!',
    }),
  );
  expect(comment).toMatchObject({ status: 'completed', task_output: { commented: true } });
  expect(fake.state.comments.map((c) => c.text)).toContain('Congratulations on the launch!');

  const invite = await api.finished(
    await api.create('send-connection-request', {
      profile_urn: `urn:li:fsd_profile:${alan.id}`,
      note: 'Loved your thread on machines.',
    }),
  );
  expect(invite).toMatchObject({ status: 'completed', task_output: { sent: true } });
  expect(fake.state.invitations).toEqual([
    expect.objectContaining({
      profileUrn: `urn:li:fsd_profile:${alan.id}`,
      message: 'Loved your thread on machines.',
    }),
  ]);

  const message = await api.finished(
    await api.create('send-message', {
      profile_urn: `urn:li:fsd_profile:${ada.id}`,
      message_text: 'Shall we meet on Tuesday?',
    }),
  );
  expect(message).toMatchObject({ status: 'completed', task_output: { sent: true } });
  expect(fake.state.messages).toEqual([
    expect.objectContaining({
      recipientUrn: `urn:li:fsd_profile:${ada.id}`,
      text: 'Shall we meet on Tuesday?',
    }),
  ]);

  await expect(popup.getByTestId('today')).toContainText('10 done, 0 failed');
  await shot(popup, 'after-operations');
});

/**
 * A network sign-out is met by whichever reaches the network first: the task (it fails with
 * network_signed_out), or the session check of a heartbeat, every 10 s while the popup is open
 * (then the member is signed out for the service and the task waits, pending, for the session to
 * come back). Both are right and both must say "signed out", never a security check.
 */
async function signOutMet(id: string): Promise<'by the task' | 'by the session check'> {
  await expect
    .poll(
      async () => {
        const { status, error } = (await api.status(id)).data as {
          status: string;
          error?: { code: string } | null;
        };
        if (status === 'failed') return `failed: ${error?.code}`;
        const network = (await popup.getByTestId('network').textContent()) ?? '';
        return status === 'pending' && network.includes('Signed out')
          ? 'pending, signed out'
          : status;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^(failed: network_signed_out|pending, signed out)$/);
  return (await api.status(id)).data.status === 'failed' ? 'by the task' : 'by the session check';
}

/** A task created now must stay pending for a while: the agent is not claiming. */
async function expectStaysPending(id: string, ms = 5_000) {
  await new Promise((r) => setTimeout(r, ms));
  expect((await api.status(id)).data.status).toBe('pending');
}

test('each error mode of the network gives the right task error and popup state', async () => {
  const katherine = fake.dataset.profiles.find((p) => p.slug === 'katherine-johnson')!;

  fake.setMode('not_found');
  const missing = await api.finished(
    await api.create('fetch-profile', { profile_slug: 'no-such-person' }),
  );
  expect(missing).toMatchObject({
    status: 'failed',
    task_output: null,
    error: { code: 'not_found' },
  });

  // One private profile (403) is that profile's answer, not a signed-out session: work goes on.
  fake.setMode('normal');
  const hidden = await api.finished(
    await api.create('fetch-profile', { profile_slug: 'hidden-hal' }),
  );
  expect(hidden).toMatchObject({ status: 'failed', error: { code: 'access_denied' } });
  await expect(popup.getByTestId('network')).toContainText('Signed in as Grace Hopper');
  expect(
    (await api.finished(await api.create('fetch-company', { company: 'globex' }))).status,
  ).toBe('completed');

  // The weekly invitation limit stops connection requests only.
  fake.setMode('invitation_limit');
  const limited = await api.finished(
    await api.create('send-connection-request', {
      profile_urn: `urn:li:fsd_profile:${katherine.id}`,
    }),
  );
  expect(limited).toMatchObject({ status: 'failed', error: { code: 'invitation_limit' } });
  await expect(popup.getByTestId('safety-stop')).toContainText('Connection requests paused');
  // Other work goes on: the button still pauses; the notice offers to resume invitations early.
  await expect(popup.getByTestId('pause')).toHaveText('Pause');
  await expect(popup.getByTestId('resume-stopped')).toBeVisible();
  await shot(popup, 'invitation-limit');
  fake.setMode('normal');
  const stillReads = await api.finished(await api.create('fetch-company', { company: 'globex' }));
  expect(stillReads.status).toBe('completed');
  await clearSafetyStops(admin.context);

  // Rate limit (429), request denied (999) and a challenge stop all network work for hours.
  for (const [mode, code, words, name] of [
    ['rate_limited', 'network_rate_limited', 'limited our requests', 'rate-limited'],
    ['denied', 'network_rate_limited', 'limited our requests', 'denied-999'],
    ['challenge', 'network_challenge', 'security check', 'challenge'],
  ] as const) {
    // The relationship sync's reads (queued after the first invitation and message above) run first:
    // the task below must be the one that meets the network's refusal.
    await api.settled();
    fake.setMode(mode);
    const failed = await api.finished(
      await api.create('fetch-company', { company: 'acme-robotics' }),
    );
    expect(failed, mode).toMatchObject({ status: 'failed', error: { code } });
    await expect(popup.getByTestId('safety-stop')).toContainText(words);
    await expect(popup.locator('#badge')).toContainText('safety stop');
    await expect.poll(async () => (await toolbar(admin.context)).text).toBe('STOP');
    await shot(popup, name);
    fake.setMode('normal');
    // Nothing is claimed during the cool-down, even though the network answers again.
    const waiting = await api.create('fetch-company', { company: 'acme-robotics' });
    await expectStaysPending(waiting);
    await clearSafetyStops(admin.context);
    await pauseAndResume(popup);
    expect((await api.finished(waiting)).status).toBe('completed');
    await expect(popup.getByTestId('safety-stop')).toHaveCount(0);
  }
  // The signals paused the whole team's writes (docs/budgets.md, "The team stops together"): an
  // admin resumes them early, accepting the risk, so that the later tests' writes run.
  const member = { 'x-api-key': creds.api_key, authorization: `Bearer ${creds.agent_token}` };
  const paused = await (await fetch(`${E2E_SERVICE_URL}/api-team`, { headers: member })).json();
  expect(paused.team.writes_paused?.kinds).toContain('agent_like_post');
  const resumed = await fetch(`${E2E_SERVICE_URL}/api-team`, {
    method: 'PATCH',
    headers: { ...member, 'content-type': 'application/json' },
    body: JSON.stringify({ resume_writes: true, i_accept_the_risk: true }),
  });
  expect(resumed.status).toBe(200);

  // Signed out of the network: the task fails, the popup offers the network's sign-in page, and
  // no more tasks are claimed until the session is back. The ordinary login flow under
  // /checkpoint/lg/ is a sign-out, not a security check.
  fake.setMode('signed_out_login_checkpoint');
  const lg = await api.create('fetch-company', { company: 'globex' });
  const lgMet = await signOutMet(lg);
  await expect(popup.getByTestId('safety-stop')).toHaveCount(0);
  fake.setMode('normal');
  await pauseAndResume(popup);
  await expect(popup.getByTestId('network')).toContainText('Signed in as Grace Hopper');
  if (lgMet === 'by the session check') expect((await api.finished(lg)).status).toBe('completed');
  fake.setMode('signed_out');
  const out = await api.create('fetch-profile', { profile_slug: 'ada-lovelace' });
  const outMet = await signOutMet(out);
  await expect(popup.getByTestId('network')).toContainText('Signed out');
  await expect(popup.getByTestId('open-network')).toBeVisible();
  await expect(popup.locator('#badge')).toContainText('signed out of the network');
  await expect.poll(async () => (await toolbar(admin.context)).text).toBe('OUT');
  await shot(popup, 'network-signed-out');
  const queued = await api.create('fetch-profile', { profile_slug: 'ada-lovelace' });
  await expectStaysPending(queued);
  fake.setMode('normal');
  await pauseAndResume(popup);
  expect((await api.finished(queued)).status).toBe('completed');
  if (outMet === 'by the session check') expect((await api.finished(out)).status).toBe('completed');
  await expect(popup.getByTestId('network')).toContainText('Signed in as Grace Hopper');
});

test('a service restart mid-task loses no result: the journal delivers it after the restart', {
  tag: '@database',
}, async () => {
  fake.setMode('slow', { delayMs: 6_000 });
  const id = await api.create('fetch-profile', { profile_slug: 'margaret-hamilton' });
  await expect
    .poll(async () => (await api.status(id)).data.status, { timeout: 30_000 })
    .toBe('processing');
  await expect(popup.getByTestId('current-task')).toContainText('Fetch profile');
  await expect
    .poll(() => toolbar(admin.context))
    .toEqual({ text: 'RUN', title: 'Network Agent: working on a task' });
  await shot(popup, 'working');
  await service.stop();
  // The slow answer arrives while the service is down: the result waits in the journal.
  await new Promise((r) => setTimeout(r, 9_000));
  await expect(popup.getByTestId('service')).toContainText('Unreachable');
  await expect.poll(async () => (await toolbar(admin.context)).text).toBe('!');
  await expect(popup.locator('#badge')).toHaveText('service unreachable');
  await shot(popup, 'service-down');
  fake.setMode('normal');
  await service.start();
  const done = await api.finished(id, 90_000);
  expect(done).toMatchObject({ status: 'completed', task_output: { name: 'Margaret Hamilton' } });
  // Delivered from the journal, not run again after a lost lease.
  const [row] = await service.ctx.db.query<{ attempt: number }>(
    'SELECT attempt FROM tasks WHERE id = $1',
    [id],
  );
  expect(row!.attempt).toBe(1);
  await expect(popup.getByTestId('service')).toContainText('Reachable', { timeout: 70_000 });
});

test('the service worker stopped mid-task loses no task', async () => {
  fake.setMode('slow', { delayMs: 8_000 });
  const id = await api.create('fetch-company', { company: 'globex' });
  await expect
    .poll(async () => (await api.status(id)).data.status, { timeout: 30_000 })
    .toBe('processing');
  // Mid-task is once the tab's call is under way: a worker stopped while it still opens the tab
  // gives the task back (it never reached the tab), and the next attempt runs it.
  await expect.poll(() => fake.heldCalls(), { timeout: 30_000 }).toBeGreaterThan(0);

  // Stop the extension's service worker through the DevTools protocol, as Chrome does to an idle one.
  const cdp = await admin.context.newCDPSession(popup);
  const versions = new Map<string, { scriptURL: string; runningStatus: string }>();
  // Every state each version went through: the open popup asks the worker for its state every few
  // seconds, which may start it again at once, so "stopped" can be a moment between two events.
  const seen = new Map<string, string[]>();
  cdp.on(
    'ServiceWorker.workerVersionUpdated',
    (e: { versions: { versionId: string; scriptURL: string; runningStatus: string }[] }) => {
      for (const v of e.versions) {
        versions.set(v.versionId, v);
        seen.set(v.versionId, [...(seen.get(v.versionId) ?? []), v.runningStatus]);
      }
    },
  );
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() =>
      [...versions.values()].some(
        (v) => v.scriptURL.includes(admin.extensionId) && v.runningStatus === 'running',
      ),
    )
    .toBe(true);
  const [versionId] = [...versions.entries()].find(([, v]) =>
    v.scriptURL.includes(admin.extensionId),
  )!;
  const before = seen.get(versionId)?.length ?? 0;
  await cdp.send('ServiceWorker.stopWorker', { versionId });
  await expect
    .poll(() => (seen.get(versionId) ?? []).slice(before), { timeout: 15_000 })
    .toContain('stopped');

  fake.setMode('normal');
  // The content script's result wakes the worker, which journals and delivers it.
  const done = await api.finished(id, 90_000);
  expect(done).toMatchObject({ status: 'completed', task_output: { slug: 'globex' } });
  const [row] = await service.ctx.db.query<{ attempt: number }>(
    'SELECT attempt FROM tasks WHERE id = $1',
    [id],
  );
  expect(row!.attempt).toBe(1);
  expect(versions.get(versionId)?.runningStatus).toBe('running');
  await cdp.detach();
});

test("a second member's extension gets the tasks routed to that member", async () => {
  const added = await fetch(`${E2E_SERVICE_URL}/api-team-members`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': creds.api_key,
      authorization: `Bearer ${creds.agent_token}`,
    },
    body: JSON.stringify({ email: MEMBER, role: 'member' }),
  });
  expect(added.status).toBe(201);

  fake2 = await startFakeNetwork();
  const second = await launchAgentBrowser(join(dataDir, 'chrome-member'), fake2.port);
  try {
    const popup2 = await openPopup(second.context, second.extensionId);
    await popup2.locator('#email').fill(MEMBER);
    await popup2.locator('#full-name').fill('Bob Member');
    const sentAt = Date.now() - 1_000;
    await popup2.getByRole('button', { name: 'Send code' }).click();
    await expect(popup2.getByText('We sent a 6-digit code to')).toBeVisible();
    await popup2.locator('#otp').fill(await mailedCode(service.outboxDir, MEMBER, sentAt));
    await popup2.getByRole('button', { name: 'Sign in' }).click();
    await agreeInPopup(popup2);
    await expect(popup2.getByTestId('identity')).toContainText("Grace Hopper's team");
    await expect(popup2.getByTestId('network')).toContainText('Signed in as', { timeout: 45_000 });

    // The admin pauses: reads go to the second member, the admin's actions wait for the admin.
    await popup.getByTestId('pause').click();
    await expect(popup.getByTestId('paused')).toBeVisible();
    await shot(popup, 'paused');
    const adminCalls = fake.state.requests.length;
    const read = await api.finished(
      await api.create('fetch-profile', { profile_slug: 'alan-turing' }),
    );
    expect(read).toMatchObject({ status: 'completed', task_output: { name: 'Alan Turing' } });
    expect(fake2.state.requests.some((r) => r.path.includes('identity/dash/profiles'))).toBe(true);
    expect(fake.state.requests.length).toBe(adminCalls);

    const post = fake.dataset.posts[0]!;
    const like = await api.create('like-post', {
      social_urn: `urn:li:activity:${post.activityId}`,
    });
    await expectStaysPending(like);
    expect(fake2.state.likes).toEqual([]);
    await popup.getByTestId('pause').click();
    expect((await api.finished(like)).status).toBe('completed');
    expect(fake.state.likes.map((l) => l.threadUrn)).toContain(
      `urn:li:activity:${post.activityId}`,
    );
    await expect(popup2.getByTestId('today')).toContainText('1 done');
    await shot(popup2, 'second-member');

    // Sign out revokes the agent token at the service.
    const token = ((await extensionCredentials(second.context)) as typeof creds).agent_token;
    await popup2.getByTestId('sign-out').click();
    await expect(popup2.locator('#email')).toBeVisible();
    const revoked = await fetch(`${E2E_SERVICE_URL}/agent/heartbeat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': creds.api_key,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        extension_version: '0',
        browser: 'x',
        network: { signed_in: false },
        paused: false,
      }),
    });
    expect(revoked.status).toBe(401);
  } finally {
    await second.context.close();
  }
});
