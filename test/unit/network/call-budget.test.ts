import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import { readNetworkSession } from '../../../src/network/read-session.js';
import { runAsDeployed } from './run-as-deployed.js';
import { forgetSession } from '../../../src/network/session-memory.js';
import type { TaskResult } from '../../../src/network/types.js';
import {
  FAKE_VOICES,
  startFakeNetwork,
  type FakeNetwork,
  type FakeVoice,
} from '../../fake-network/server.js';
import { fakeNetworkClient } from './fake-network-client.js';
import { measuredIn2026, SDUI_VOICE } from '../../fake-network/voices.js';

// How many requests each operation costs the member's account, counted in the fake network's own
// call log, in every voice. The budget: a profile 2; one per page for posts, searches and
// connections (plus one page that says there is no more); a like, a comment, an invitation, a
// message 1 each, plus one relationship read where the facts say to read it first. What holds for
// the session (who the member is, which way of a call works) is read once per session: a task's
// first run may cost one more request per retired alternative it met, the second run may not.

const map = { ...BUILT_IN_NETWORK_MAP, pacing: { between_pages_ms: [0, 0] as [number, number] } };
const pages = (items: number, pageSize: number) => Math.ceil(items / pageSize) + 1;

describe.each(FAKE_VOICES)('call budget, voice %s', (voice: FakeVoice) => {
  let fake: FakeNetwork;
  let client: ReturnType<typeof fakeNetworkClient>;

  beforeAll(async () => {
    fake = await startFakeNetwork({ voice });
    client = fakeNetworkClient(fake);
    forgetSession();
    // The heartbeat reads who is signed in; tasks reuse it.
    expect((await readNetworkSession(map, client)).signed_in).toBe(true);
  });
  afterAll(async () => {
    await client.close();
    await fake.close();
  });

  async function measure(
    type: string,
    input: Record<string, unknown>,
  ): Promise<{ result: TaskResult; calls: number; retired: number }> {
    const before = fake.state.requests.length;
    const result = await runAsDeployed({ type, input }, { map, ...client });
    if (!result.ok)
      throw new Error(`${type} failed: ${result.error.code}: ${result.error.message}`);
    const retired = new Set(result.network!.failed.map((f) => `${f.call}/${f.alternative}`)).size;
    return { result, calls: fake.state.requests.length - before, retired };
  }

  /** Runs a task twice in one session: the first run within budget + retired ways, the second within budget. */
  async function withinBudget(
    type: string,
    input: Record<string, unknown>,
    budget: (output: Record<string, any>) => number,
  ) {
    const cold = await measure(type, input);
    const limit = budget((cold.result as { output: Record<string, any> }).output);
    expect(cold.calls, `${type} first run`).toBeLessThanOrEqual(limit + cold.retired);
    const warm = await measure(type, input);
    expect(warm.calls, `${type} second run`).toBeLessThanOrEqual(limit);
    expect(warm.retired, `${type} second run meets no retired way`).toBe(0);
    return warm;
  }

  const paged = voice === 'paged';
  const urnOf = (slug: string) =>
    `urn:li:fsd_profile:${fake.dataset.profiles.find((p) => p.slug === slug)!.id}`;

  it('fetch-profile: at most 2', async () => {
    await withinBudget('agent_profile_fetch', { profile_slug: 'ada-lovelace' }, () => 2);
  });

  it('posts, searches and connections: one per page', async () => {
    await withinBudget(
      'agent_profiles_tracking',
      { profile_urns: [urnOf('ada-lovelace')], count: 100 },
      (o) => pages(o.posts.length, paged ? 2 : 100),
    );
    await withinBudget('agent_company_posts_fetch', { company: 'acme-robotics', count: 100 }, (o) =>
      pages(o.posts.length, paged ? 2 : 100),
    );
    await withinBudget('agent_profiles_search', { keywords: 'at', start: 0, count: 25 }, (o) =>
      pages(o.count, paged ? 2 : 49),
    );
    await withinBudget('agent_connections_fetch', { start: 0, count: 500 }, (o) =>
      pages(o.count, paged ? 10 : 40),
    );
  });

  // measured_2026 answers hollow results with a post URN and has no pager: read one by one, the last resort.
  const hollow = voice === 'measured_2026';
  const searchPage = paged ? 2 : voice === SDUI_VOICE ? 10 : 49;

  it('keyword collection: one per page (the pager’s 10 where there is one), plus one per post the search answered hollow', async () => {
    const run = await withinBudget(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w', count: 49 },
      (o) => pages(o.posts.length, searchPage) + (hollow ? o.posts.length : 0),
    );
    expect(run.result.ok && (run.result.output.posts as unknown[]).length).toBeGreaterThan(5);
  });

  it('keyword collection in steady state: paging stops at the posts the watchlist holds; up to 10 new posts cost at most 2 calls', async () => {
    type Posts = { posts: { social_urn: string; posted_at: string }[] };
    const postsOf = (r: TaskResult) => (r.ok ? (r.output as unknown as Posts).posts : []);
    const all = postsOf(
      (await measure('agent_keyword_tracking', { keyword: 'duckdb', watchlist_id: 'w', count: 49 }))
        .result,
    );
    const newestFirst = [...all]
      .sort((a, b) => Date.parse(b.posted_at) - Date.parse(a.posted_at))
      .map((p) => p.social_urn);
    for (const fresh of [0, 3, Math.min(10, newestFirst.length - 1)]) {
      const cycle = await measure('agent_keyword_tracking', {
        keyword: 'duckdb',
        watchlist_id: 'w',
        count: 20,
        known_post_urns: newestFirst.slice(fresh, fresh + 50),
      });
      const posts = postsOf(cycle.result).map((p) => p.social_urn);
      expect(posts, `${fresh} new posts`).toEqual(
        expect.arrayContaining(newestFirst.slice(0, fresh)),
      );
      const budget = hollow ? 1 + fresh : paged ? Math.ceil(fresh / 2) + 1 : 2;
      expect(cycle.calls, `${fresh} new posts`).toBeLessThanOrEqual(budget);
    }
    expect(fake.state.searchHistory).toEqual([]);
  });

  it('like, comment: one each; as a page, one more to find the page', async () => {
    const post = `urn:li:activity:${fake.dataset.posts[0]!.activityId}`;
    await withinBudget('agent_like_post', { social_urn: post }, () => 1);
    await withinBudget(
      'agent_comment_post',
      { social_urn: post, comment_text: 'Well said' },
      () => 1,
    );
    await withinBudget(
      'agent_comment_post',
      {
        social_urn: post,
        comment_text: 'From the team',
        actor_type: 'company',
        company_title: 'acme-robotics',
      },
      () => 2,
    );
    if (measuredIn2026(voice))
      await withinBudget(
        'agent_like_post',
        { social_urn: post, actor_type: 'company', company_title: 'acme-robotics' },
        () => 2,
      );
  });

  it('invitation and message: the relationship first, then one request; the mailbox is known from the session', async () => {
    const invite = await measure('agent_connection_request', { profile_urn: urnOf('alan-turing') });
    expect(invite.calls).toBeLessThanOrEqual(2 + invite.retired);
    await withinBudget(
      'agent_send_message',
      { profile_urn: urnOf('ada-lovelace'), message_text: 'Hello' },
      () => 2,
    );
    expect(fake.state.requests.filter((r) => r.path === '/voyager/api/me')).toHaveLength(1);
  });

  it('inbox and invitations: one per page; a reply, marking read and a withdrawal one write each, after one page of the sent list to find it', async () => {
    // Where the messaging hashes rotated, the first run of the session also reads the messaging page
    // (not an API call) and meets the stale hashes once (retired ways).
    const inbox = await withinBudget(
      'agent_conversations_fetch',
      { unread_only: false, count: 25 },
      (o) => Math.ceil(o.conversations.length / (paged ? 5 : 20)),
    );
    if (!inbox.result.ok) throw new Error('the inbox was not read');
    const urn = (inbox.result.output.conversations as { conversation_urn: string }[])[0]!
      .conversation_urn;
    await withinBudget(
      'agent_conversation_messages_fetch',
      { conversation_urn: urn, count: 20 },
      () => 1,
    );
    await withinBudget('agent_conversation_mark_read', { conversation_urn: urn }, () => 1);
    await withinBudget(
      'agent_send_message',
      { conversation_urn: urn, message_text: 'Thursday works' },
      () => 1,
    );
    await measure('agent_connection_request', { profile_urn: urnOf('katherine-johnson') });
    await withinBudget('agent_sent_invitations_fetch', { count: 100 }, (o) =>
      pages(o.invitations.length, paged ? 2 : 100),
    );
    await withinBudget(
      'agent_connections_fetch',
      { start: 0, count: 100, since: new Date(Date.now() - 3600_000).toISOString() },
      () => 1,
    );
    const withdraw = await measure('agent_invitation_withdraw', {
      profile_urn: urnOf('katherine-johnson'),
    });
    expect(withdraw.calls).toBeLessThanOrEqual(2 + withdraw.retired);
  });
});
