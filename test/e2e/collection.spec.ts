import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startFakeNetwork, type FakeNetwork } from '../fake-network/server.js';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import { launchAgentBrowser, mailedCode, openPopup, publicApi, serviceWorker, startE2eService, type E2eService } from './support/harness.js';
import { schedulerTick } from '../../src/service/scheduler/index.js';

/**
 * Watchlist collection end to end (issue 4): a keyword, a people and a company watchlist, created
 * through the public API, collected by the real extension in Chromium from the fake network, then
 * listed by /api-posts, liked through /api-like and shown as liked.
 */

const ADMIN = 'ada@example.com';

let dataDir: string;
let fake: FakeNetwork;
let service: E2eService;
let browser: { context: BrowserContext; extensionId: string };
let popup: Page;
let apiKey: string;

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

interface ApiPost {
  id: string;
  content: string;
  author_name: string;
  linkedin_post_url: string;
  liked: boolean;
  commented: boolean;
  likes_count: number;
}

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${E2E_SERVICE_URL}${path}`, {
    method,
    headers: { 'x-api-key': apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Polls /api-posts until the watchlist has collected posts (the agent runs the tasks meanwhile). */
async function collectedPosts(watchlistId: string): Promise<ApiPost[]> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const { status, json } = await call('GET', `/api-posts?watchlist_id=${watchlistId}`);
    expect(status).toBe(200);
    if ((json.count as number) > 0) return json.data as ApiPost[];
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`watchlist ${watchlistId} collected nothing in 90 s`);
}

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'na-e2e-collect-'));
  fake = await startFakeNetwork();
  service = await startE2eService(dataDir);
  browser = await launchAgentBrowser(join(dataDir, 'chrome'), fake.port);
  popup = await openPopup(browser.context, browser.extensionId);
});

test.afterAll(async () => {
  await browser?.context.close();
  await service?.stop();
  await fake?.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('keyword, people and company watchlists collect posts through the extension; a collected post is liked', async () => {
  // Sign in through the popup, as a member would.
  await popup.locator('#email').fill(ADMIN);
  await popup.locator('#full-name').fill('Ada Lovelace');
  await popup.getByRole('button', { name: 'Send code' }).click();
  await popup.locator('#otp').fill(await mailedCode(service.outboxDir, ADMIN));
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await expect(popup.getByTestId('network')).toContainText('Signed in as', { timeout: 45_000 });
  const worker = await serviceWorker(browser.context);
  const creds = (await worker.evaluate(async () =>
    (await (globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } } }).chrome.storage.local.get('credentials')).credentials,
  )) as { api_key: string };
  apiKey = creds.api_key;

  // Three watchlists through the public API.
  const keyword = await call('POST', '/api-keyword-watchlist', {
    keywords: [{ keyword: 'ai agents', excluded_keywords: ['crypto'] }],
    fetchFreqInHours: 1,
  });
  expect(keyword.status).toBe(201);
  const alan = fake.dataset.profiles.find((p) => p.slug === 'alan-turing')!;
  const ada = fake.dataset.profiles.find((p) => p.slug === 'ada-lovelace')!;
  const people = await call('POST', '/api-people-watchlist', {
    profiles: ['https://www.linkedin.com/in/alan-turing/', `urn:li:fsd_profile:${ada.id}`],
  });
  expect(people.status).toBe(201);
  expect(people.json.profiles_count).toBe(2);
  const company = await call('POST', '/api-company-watchlist', { companies: ['https://www.linkedin.com/company/acme-robotics/'] });
  expect(company.status).toBe(201);

  // Keyword and company watchlists are due at the scheduler's next tick; run it now rather than
  // waiting SCHEDULER_INTERVAL_S. People tracking tasks were queued at creation.
  await schedulerTick(service.ctx);

  const keywordPosts = await collectedPosts(keyword.json.id as string);
  expect(keywordPosts.length).toBeGreaterThan(0);
  for (const p of keywordPosts) {
    expect(p.content.toLowerCase()).toContain('ai agents');
    // The excluded keyword is applied: Alan's post mentions crypto.
    expect(p.content.toLowerCase()).not.toContain('crypto');
  }

  const peoplePosts = await collectedPosts(people.json.id as string);
  const authors = new Set(peoplePosts.map((p) => p.author_name));
  expect(authors).toEqual(new Set([`${alan.firstName} ${alan.lastName}`, `${ada.firstName} ${ada.lastName}`]));
  expect(peoplePosts.length).toBe(fake.dataset.posts.filter((p) => p.author.kind === 'person' && [alan.id, ada.id].includes(p.author.profileId)).length);

  const companyPosts = await collectedPosts(company.json.id as string);
  expect(companyPosts.length).toBe(fake.dataset.posts.filter((p) => p.author.kind === 'company' && p.author.companyId === 1035).length);
  expect(companyPosts.every((p) => p.content.length > 0 && p.linkedin_post_url.startsWith('https://www.linkedin.com/'))).toBe(true);

  // Like one collected post of each watchlist as the member; the network records the like and the
  // post shows liked for the team.
  for (const [watchlistId, post] of [
    [keyword.json.id, keywordPosts[0]!],
    [people.json.id, peoplePosts[0]!],
    [company.json.id, companyPosts[0]!],
  ] as const) {
    expect(post.liked).toBe(false);
    const like = await call('POST', '/api-like', { post_id: post.id, user_email: ADMIN });
    expect(like.status).toBe(200);
    const done = await publicApi(E2E_SERVICE_URL, apiKey).finished(like.json.task_id as string);
    expect(done).toMatchObject({ status: 'completed', task_output: { liked: true } });
    const after = await call('GET', `/api-posts?watchlist_id=${watchlistId}`);
    expect((after.json.data as ApiPost[]).find((p) => p.id === post.id)!.liked).toBe(true);
  }
  expect(fake.state.likes).toHaveLength(3);

  // A comment through /api-comment goes the same way and marks the post commented.
  const target = companyPosts[0]!;
  const comment = await call('POST', '/api-comment', { post_id: target.id, user_email: ADMIN, comment_text: 'Congratulations on the launch!' });
  expect(comment.status).toBe(200);
  expect(await publicApi(E2E_SERVICE_URL, apiKey).finished(comment.json.task_id as string)).toMatchObject({ status: 'completed' });
  const after = await call('GET', `/api-posts?watchlist_id=${company.json.id}`);
  expect((after.json.data as ApiPost[]).find((p) => p.id === target.id)!.commented).toBe(true);
  expect(fake.state.comments.map((c) => c.text)).toContain('Congratulations on the launch!');
});
