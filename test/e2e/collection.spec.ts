import { expect, test } from '@playwright/test';
import { FAKE_VOICES, type FakeNetwork } from '../fake-network/server.js';
import { measuredIn2026, SDUI_VOICE } from '../fake-network/voices.js';
import type { FakePost } from '../fake-network/dataset.js';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import {
  publicApi,
  signInThroughPopup,
  startAgentWorld,
  type AgentWorld,
  type E2eService,
} from './support/harness.js';
import { schedulerTick } from '../../src/service/scheduler/index.js';

/**
 * Watchlist collection end to end, in each voice of the fake network (today's shapes, drifted
 * answers, small pages with tokens and ceilings, the network as measured in 2026): a keyword
 * watchlist on "duckdb", a people and a company watchlist, created through the public API and
 * collected by the real extension in Chromium; the collected posts liked through /api-like and
 * commented through /api-comment; every connection fetched with count 500; fetch-profile and
 * send-message completed. One built extension, one built-in network map, five networks (the last,
 * sdui_2026, gives keyword results only through the results page's server-driven pager).
 */

const ADMIN = 'ada@example.com';

interface ApiPost {
  id: string;
  content: string;
  author_name: string;
  linkedin_post_url: string;
  liked: boolean;
  commented: boolean;
}

for (const voice of FAKE_VOICES) {
  test.describe(`voice ${voice}`, () => {
    let world: AgentWorld;
    let fake: FakeNetwork;
    let service: E2eService;
    let apiKey: string;

    test.describe.configure({ mode: 'serial' });
    test.setTimeout(240_000);

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
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const { status, json } = await call(
          'GET',
          `/api-posts?watchlist_id=${watchlistId}&range_from=0&range_to=99`,
        );
        expect(status).toBe(200);
        if ((json.count as number) > 0) return json.data as ApiPost[];
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error(`watchlist ${watchlistId} collected nothing in 120 s (voice ${voice})`);
    }

    /** The post ids (the numbers of their URNs) of collected posts, and of the dataset's posts. */
    const collectedIds = (posts: ApiPost[]) =>
      posts.map((p) => /(\d+)\/?$/.exec(p.linkedin_post_url)![1]!).sort();
    const datasetIds = (pred: (p: FakePost) => boolean) =>
      fake.dataset.posts
        .filter(pred)
        .map((p) => p.activityId)
        .sort();

    test.beforeAll(async () => {
      world = await startAgentWorld(`collect-${voice}`, voice);
      ({ fake, service } = world);
    });
    test.afterAll(async () => world?.stop());

    test('keyword, people and company watchlists collect every post; collected posts are liked and commented', async () => {
      apiKey = (
        await signInThroughPopup(
          world.popup,
          world.browser.context,
          service.outboxDir,
          ADMIN,
          'Ada Lovelace',
        )
      ).api_key;

      const keyword = await call('POST', '/api-keyword-watchlist', {
        keywords: [{ keyword: 'duckdb', excluded_keywords: ['crypto'] }],
        fetchFreqInHours: 1,
      });
      expect(keyword.status).toBe(201);
      const alan = fake.dataset.profiles.find((p) => p.slug === 'alan-turing')!;
      const ada = fake.dataset.profiles.find((p) => p.slug === 'ada-lovelace')!;
      const people = await call('POST', '/api-people-watchlist', {
        profiles: ['https://www.linkedin.com/in/alan-turing/', `urn:li:fsd_profile:${ada.id}`],
      });
      expect(people.status).toBe(201);
      const company = await call('POST', '/api-company-watchlist', {
        companies: ['https://www.linkedin.com/company/acme-robotics/'],
      });
      expect(company.status).toBe(201);

      // Keyword and company watchlists are due at the scheduler's next tick; run it now rather than
      // waiting SCHEDULER_INTERVAL_S. People tracking tasks were queued at creation.
      await schedulerTick(service.ctx);

      // Every post that mentions DuckDB (any case) and not crypto, whatever shape the search answered in.
      const keywordPosts = await collectedPosts(keyword.json.id as string);
      expect(collectedIds(keywordPosts)).toEqual(
        datasetIds((p) => /duckdb/i.test(p.text) && !/crypto/i.test(p.text)),
      );
      for (const p of keywordPosts) expect(p.author_name).not.toBe('');
      // The cycle never opened the results page (which writes the query into the member's search history).
      expect(fake.state.searchHistory).toEqual([]);
      if (voice === SDUI_VOICE) {
        // The pager alone, one search id, a few calls: 14 posts in two windows and the empty one.
        const pager = fake.state.sduiRequests.filter(
          (r) => r.sduiid === 'com.linkedin.sdui.search.contentSearchResults',
        );
        expect(pager.length).toBeLessThanOrEqual(4);
        expect(
          new Set(
            pager.map(
              (r) =>
                (r.body as { clientArguments: { payload: { searchId: string } } }).clientArguments
                  .payload.searchId,
            ),
          ).size,
        ).toBe(1);
        expect(
          fake.state.requests.filter(
            (r) => r.path.endsWith('/search/dash/clusters') || r.path.endsWith('/graphql'),
          ),
        ).toEqual([]);
      }

      const peoplePosts = await collectedPosts(people.json.id as string);
      expect(collectedIds(peoplePosts)).toEqual(
        datasetIds(
          (p) => p.author.kind === 'person' && [alan.id, ada.id].includes(p.author.profileId),
        ),
      );
      expect(new Set(peoplePosts.map((p) => p.author_name))).toEqual(
        new Set(['Alan Turing', 'Ada Lovelace']),
      );

      const companyPosts = await collectedPosts(company.json.id as string);
      expect(collectedIds(companyPosts)).toEqual(
        datasetIds((p) => p.author.kind === 'company' && p.author.companyId === 1035),
      );

      // Like one collected post of each watchlist as the member; the network records the like as
      // the member's and the post shows liked for the team.
      for (const [watchlistId, post] of [
        [keyword.json.id, keywordPosts[0]!],
        [people.json.id, peoplePosts[0]!],
        [company.json.id, companyPosts[0]!],
      ] as const) {
        expect(post.liked).toBe(false);
        const like = await call('POST', '/api-like', { post_id: post.id, user_email: ADMIN });
        expect(like.status).toBe(200);
        expect(
          await publicApi(E2E_SERVICE_URL, apiKey).finished(like.json.task_id as string),
        ).toMatchObject({ status: 'completed', task_output: { liked: true } });
        const after = await call(
          'GET',
          `/api-posts?watchlist_id=${watchlistId}&range_from=0&range_to=99`,
        );
        expect((after.json.data as ApiPost[]).find((p) => p.id === post.id)!.liked).toBe(true);
      }
      expect(fake.state.likes).toHaveLength(3);
      expect(new Set(fake.state.likes.map((l) => l.actorUrn))).toEqual(
        new Set([`urn:li:fsd_profile:${fake.dataset.self.id}`]),
      );

      const target = companyPosts[0]!;
      const comment = await call('POST', '/api-comment', {
        post_id: target.id,
        user_email: ADMIN,
        comment_text: 'Congratulations on the launch!',
      });
      expect(comment.status).toBe(200);
      expect(
        await publicApi(E2E_SERVICE_URL, apiKey).finished(comment.json.task_id as string),
      ).toMatchObject({ status: 'completed' });
      const after = await call(
        'GET',
        `/api-posts?watchlist_id=${company.json.id}&range_from=0&range_to=99`,
      );
      expect((after.json.data as ApiPost[]).find((p) => p.id === target.id)!.commented).toBe(true);
      expect(fake.state.comments.map((c) => c.text)).toContain('Congratulations on the launch!');
    });

    test('fetch-connections with count 500 returns every connection; fetch-profile and send-message complete', async () => {
      const api = publicApi(E2E_SERVICE_URL, apiKey);
      const connections = await api.finished(
        await api.create('fetch-connections', { count: 500 }),
        120_000,
      );
      const all = fake.dataset.profiles.filter((p) => p.distance === 'DISTANCE_1');
      expect(connections.status).toBe('completed');
      expect(
        (connections.task_output as { connections: { profile_urn: string }[] }).connections
          .map((c) => c.profile_urn)
          .sort(),
      ).toEqual(all.map((p) => `urn:li:fsd_profile:${p.id}`).sort());

      const ada = fake.dataset.profiles.find((p) => p.slug === 'ada-lovelace')!;
      const profile = await api.finished(
        await api.create('fetch-profile', { profile_slug: 'ada-lovelace' }),
      );
      expect(profile).toMatchObject({
        status: 'completed',
        task_output: { name: 'Ada Lovelace', network_degree: 'first', followers: ada.followers },
      });
      expect((profile.task_output as { connections: number | null }).connections).toBe(
        measuredIn2026(voice) ? null : ada.connections,
      );

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
    });
  });
}
