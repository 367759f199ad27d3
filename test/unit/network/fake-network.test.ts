import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { TASK_OUTPUTS } from '../../../src/contract/task-io.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/network-map.js';
import { readNetworkSession } from '../../../src/network/read-session.js';
import { runTask } from '../../../src/network/run-task.js';
import type { TaskResult } from '../../../src/network/types.js';
import { startFakeNetwork, type FakeNetwork } from '../../fake-network/server.js';
import { fakeNetworkClient } from './fake-network-client.js';

// Every operation through runTask against the fake network over real HTTPS.

let fake: FakeNetwork;
let client: ReturnType<typeof fakeNetworkClient>;

beforeAll(async () => {
  fake = await startFakeNetwork();
  client = fakeNetworkClient(fake);
});
afterAll(async () => {
  await client.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const run = (type: string, input: Record<string, unknown>, signal?: AbortSignal) =>
  runTask({ type, input }, { map: BUILT_IN_NETWORK_MAP, signal, ...client });

function output(result: TaskResult): Record<string, any> {
  if (!result.ok) throw new Error(`task failed: ${result.error.code}: ${result.error.message}`);
  return result.output;
}
function failure(result: TaskResult) {
  if (result.ok) throw new Error(`task succeeded unexpectedly: ${JSON.stringify(result.output).slice(0, 200)}`);
  return result.error;
}

const ada = () => fake.dataset.profiles.find((p) => p.slug === 'ada-lovelace')!;
const alan = () => fake.dataset.profiles.find((p) => p.slug === 'alan-turing')!;
const urnOf = (p: { id: string }) => `urn:li:fsd_profile:${p.id}`;

describe('reads', () => {
  it('agent_profile_fetch reads the full profile and network info', async () => {
    const out = output(await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }));
    expect(TASK_OUTPUTS.agent_profile_fetch.safeParse(out).success).toBe(true);
    expect(out).toMatchObject({
      profile_urn: urnOf(ada()),
      member_urn: 'urn:li:member:1002',
      public_identifier: 'ada-lovelace',
      name: 'Ada Lovelace',
      location: 'London, England, United Kingdom',
      connections: 500,
      followers: 10432,
      network_degree: 'first',
      skills: ['Mathematics', 'Programming', 'Poetical science'],
    });
    expect(out.experience).toHaveLength(2);
    expect(out.experience[0]).toMatchObject({ title: 'Chief Analyst', company_name: 'Acme Robotics', company_urn: 'urn:li:fsd_company:1035', start: { year: 2021, month: 3 }, end: null });
    expect(out.education[0]).toMatchObject({ school_name: 'University of London', degree: 'BSc', field_of_study: 'Mathematics' });
  });

  it('agent_profiles_tracking takes slugs, fsd URNs and bare ids, newest posts first, skipping unknown profiles', async () => {
    const out = output(await run('agent_profiles_tracking', { profile_urns: ['ada-lovelace', urnOf(alan()), 'no-such-person'], count: 2 }));
    expect(TASK_OUTPUTS.agent_profiles_tracking.safeParse(out).success).toBe(true);
    expect(out.posts).toHaveLength(4);
    const [first] = out.posts;
    const newestAda = fake.dataset.posts.find((p) => p.text.startsWith('Our new compiler'))!;
    expect(first).toMatchObject({
      social_urn: `urn:li:activity:${newestAda.activityId}`,
      linkedin_post_urn: newestAda.activityId,
      content: newestAda.text,
      likes_count: 42,
      comments_count: 7,
      shares_count: 3,
      post_author: { author_slug: 'ada-lovelace', author_type: 'person', full_name: 'Ada Lovelace' },
    });
    expect(first.post_author.image_url).toContain('ada-lovelace-photo');
    expect(first.image_urls).toEqual([expect.stringContaining('ada-post-1/800_800')]);
    // posted_at comes from the activity id: about two hours ago.
    const age = Date.now() - Date.parse(first.posted_at);
    expect(age).toBeGreaterThan(1.9 * 3600_000);
    expect(age).toBeLessThan(2.1 * 3600_000);
    const bare = output(await run('agent_profiles_tracking', { profile_urns: [alan().id] }));
    expect(bare.posts.map((p: any) => p.post_author.author_slug)).toEqual(['alan-turing', 'alan-turing']);
  });

  it('agent_company_fetch reads the company page', async () => {
    const out = output(await run('agent_company_fetch', { company: 'acme-robotics' }));
    expect(out).toEqual({
      company_urn: 'urn:li:fsd_company:1035',
      name: 'Acme Robotics',
      slug: 'acme-robotics',
      company_url: 'https://www.linkedin.com/company/acme-robotics',
      tagline: 'Robots that help',
      description: 'Acme Robotics builds helpful machines.',
      website: 'https://acme-robotics.example',
      industries: ['Robotics Engineering'],
      staff_count: 120,
      staff_count_range: '51-200',
      headquarters: { city: 'London', country: 'GB', geographic_area: 'England' },
      specialities: ['Robotics', 'AI agents'],
      founded_year: 2012,
      followers: 48000,
      logo_url: expect.stringContaining('acme-robotics-logo'),
    });
  });

  it('agent_company_posts_fetch and agent_company_tracking read the company feed', async () => {
    const out = output(await run('agent_company_posts_fetch', { company: 'acme-robotics', count: 5 }));
    expect(out.posts.map((p: any) => p.content)).toEqual(['Acme Robotics launches AI agents for warehouses.', 'We are hiring robotics engineers.']);
    expect(out.posts[0].post_author).toMatchObject({ author_slug: 'acme-robotics', author_type: 'company', full_name: 'Acme Robotics' });
    const tracked = output(await run('agent_company_tracking', { company: 'https://www.linkedin.com/company/globex/', watchlist_id: 'w1', count: 1 }));
    expect(tracked.posts).toHaveLength(1);
    expect(tracked.posts[0].content).toContain('Globex quarterly');
  });

  it('agent_profiles_search filters by keywords, company and network degree, with paging', async () => {
    const out = output(await run('agent_profiles_search', { company: 'Acme', start: 0, count: 10 }));
    expect(out.profiles.map((p: any) => p.public_identifier).sort()).toEqual(['ada-lovelace', 'alan-turing']);
    expect(out.total).toBe(2);
    const second = output(await run('agent_profiles_search', { company: 'Acme', network_degree: ['second'], start: 0, count: 10 }));
    expect(second.profiles).toEqual([
      {
        profile_urn: urnOf(alan()),
        public_identifier: 'alan-turing',
        full_name: 'Alan Turing',
        headline: 'Head of AI Research at Acme Robotics',
        location: 'Manchester, England, United Kingdom',
        profile_url: 'https://www.linkedin.com/in/alan-turing',
        image_url: expect.stringContaining('alan-turing-photo'),
        network_degree: 'second',
      },
    ]);
    const graphql = fake.state.requests.filter((r) => r.path.endsWith('/graphql')).at(-1)!;
    // Tuples reach the server unencoded, values inside encoded.
    expect(graphql.rawQuery).toContain('variables=(start:0,count:10,origin:GLOBAL_SEARCH_HEADER,query:(flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:resultType,value:List(PEOPLE)),(key:network,value:List(S)),(key:company,value:List(Acme))),includeFiltersInResponse:false))');
    const paged = output(await run('agent_profiles_search', { keywords: 'a', start: 1, count: 2 }));
    expect(paged).toMatchObject({ start: 1, count: 2, total: 4 });
  });

  it('agent_keyword_tracking applies required (AND) and excluded (NOT) keywords case-insensitively', async () => {
    const all = output(await run('agent_keyword_tracking', { keyword: 'AI agents', watchlist_id: 'w1' }));
    expect(all.posts).toHaveLength(3);
    const dates = all.posts.map((p: any) => Date.parse(p.posted_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const filtered = output(await run('agent_keyword_tracking', { keyword: 'AI agents', watchlist_id: 'w1', required_keywords: ['COMPILER'], excluded_keywords: [] }));
    expect(filtered.posts.map((p: any) => p.post_author.author_slug)).toEqual(['ada-lovelace']);
    const excluded = output(await run('agent_keyword_tracking', { keyword: 'AI agents', watchlist_id: 'w1', excluded_keywords: ['Crypto', 'warehouses'] }));
    expect(excluded.posts.map((p: any) => p.post_author.author_slug)).toEqual(['ada-lovelace']);
  });

  it('agent_connections_fetch lists own connections, most recent first', async () => {
    const out = output(await run('agent_connections_fetch', { start: 0, count: 40 }));
    expect(out.connections.map((c: any) => c.public_identifier)).toEqual(['margaret-hamilton', 'ada-lovelace']);
    expect(out.connections[1]).toMatchObject({ profile_urn: urnOf(ada()), full_name: 'Ada Lovelace', profile_url: 'https://www.linkedin.com/in/ada-lovelace/', connected_at: new Date(ada().connectedAt!).toISOString() });
    expect(out).toMatchObject({ start: 0, count: 2, total: 2 });
  });
});

describe('writes, recorded by the fake', () => {
  const post = () => fake.dataset.posts[0]!;

  it('agent_like_post reacts as the member, or as a company page found by its title', async () => {
    expect(output(await run('agent_like_post', { social_urn: `urn:li:activity:${post().activityId}`, reaction_type: 'PRAISE' }))).toEqual({ liked: true });
    expect(output(await run('agent_like_post', { social_urn: `urn:li:activity:${post().activityId}`, actor_type: 'company', company_title: 'Acme Robotics' }))).toEqual({ liked: true });
    expect(fake.state.likes).toEqual([
      { threadUrn: `urn:li:activity:${post().activityId}`, reactionType: 'PRAISE', actorCompanyUrn: null },
      { threadUrn: `urn:li:activity:${post().activityId}`, reactionType: 'LIKE', actorCompanyUrn: 'urn:li:fsd_company:1035' },
    ]);
    expect(failure(await run('agent_like_post', { social_urn: 'urn:li:activity:7000000000000000000' })).code).toBe('not_found');
  });

  it('agent_comment_post comments and returns the comment URN', async () => {
    const out = output(await run('agent_comment_post', { social_urn: `urn:li:activity:${post().activityId}`, comment_text: 'Splendid (really): 100%, ok?' }));
    expect(out).toEqual({ commented: true, comment_urn: fake.state.comments[0]!.commentUrn });
    expect(fake.state.comments[0]).toMatchObject({ threadUrn: `urn:li:activity:${post().activityId}`, text: 'Splendid (really): 100%, ok?' });
  });

  it('agent_connection_request sends once, then reports invitation_pending; connected people are already_connected', async () => {
    const out = output(await run('agent_connection_request', { profile_urn: urnOf(alan()), note: 'Hello Alan' }));
    expect(out).toEqual({ sent: true, invitation_urn: fake.state.invitations[0]!.invitationUrn });
    expect(fake.state.invitations).toHaveLength(1);
    expect(fake.state.invitations[0]).toMatchObject({ profileUrn: urnOf(alan()), message: 'Hello Alan' });
    expect(failure(await run('agent_connection_request', { profile_urn: urnOf(alan()) }))).toMatchObject({ code: 'invitation_pending', retryable: false });
    expect(failure(await run('agent_connection_request', { profile_urn: urnOf(ada()) })).code).toBe('already_connected');
  });

  it('agent_connection_request in invitation_limit mode reports invitation_limit, not retryable', async () => {
    fake.setMode('invitation_limit');
    expect(failure(await run('agent_connection_request', { profile_urn: urnOf(alan()) }))).toMatchObject({ code: 'invitation_limit', retryable: false });
    expect(fake.state.invitations).toHaveLength(0);
  });

  it('agent_send_message sends from the own mailbox to a first-degree connection only', async () => {
    const out = output(await run('agent_send_message', { profile_urn: urnOf(ada()), message_text: 'Hello Ada' }));
    expect(out.sent).toBe(true);
    expect(out.conversation_urn).toBe(fake.state.messages[0]!.conversationUrn);
    expect(Date.parse(out.delivered_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(fake.state.messages[0]).toMatchObject({ recipientUrn: urnOf(ada()), mailboxUrn: urnOf(fake.dataset.self), text: 'Hello Ada' });
    expect(failure(await run('agent_send_message', { profile_urn: urnOf(alan()), message_text: 'Hi' })).code).toBe('not_first_degree');
    expect(fake.state.messages).toHaveLength(1);
  });
});

describe('refusal signals', () => {
  const cases = [
    ['signed_out', 'network_signed_out', false],
    ['signed_out_redirect', 'network_signed_out', false],
    ['rate_limited', 'network_rate_limited', false],
    ['denied', 'network_rate_limited', false],
    ['challenge', 'network_challenge', false],
    ['not_found', 'not_found', false],
  ] as const;
  for (const [mode, code, retryable] of cases) {
    it(`${mode} -> ${code}`, async () => {
      fake.setMode(mode);
      expect(failure(await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }))).toMatchObject({ code, retryable });
    });
  }

  it('changed_shapes -> network_changed naming the missing path, for reads of every kind', async () => {
    fake.setMode('changed_shapes');
    expect(failure(await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' })).message).toMatch(/publicIdentifier/);
    expect(failure(await run('agent_company_fetch', { company: 'globex' })).message).toMatch(/name/);
    expect(failure(await run('agent_profiles_tracking', { profile_urns: ['ada-lovelace'] })).message).toMatch(/updateMetadata\.urn/);
    expect(failure(await run('agent_profiles_search', { keywords: 'ada', start: 0, count: 5 })).message).toMatch(/data\.searchDashClustersByAll/);
    expect(failure(await run('agent_connections_fetch', { start: 0, count: 5 })).message).toMatch(/data\.elements/);
    const r = failure(await run('agent_company_posts_fetch', { company: 'globex', count: 2 }));
    expect(r.code).toBe('network_changed');
  });

  it('slow answers past the deadline -> timeout, retryable', async () => {
    fake.setMode('slow', { delayMs: 1500 });
    const started = Date.now();
    expect(failure(await run('agent_company_fetch', { company: 'globex' }, AbortSignal.timeout(200)))).toMatchObject({ code: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('an unreachable network -> network_error, retryable', async () => {
    const result = await runTask({ type: 'agent_company_fetch', input: { company: 'globex' } }, { map: BUILT_IN_NETWORK_MAP, ...client, origin: 'https://127.0.0.1:1' });
    expect(failure(result)).toMatchObject({ code: 'network_error', retryable: true });
  });

  it('the fake refuses a csrf header that does not match JSESSIONID (403) and our client passes it', async () => {
    const dispatcher = new Agent({ connect: { ca: fake.cert } });
    try {
      const res = await request(`${fake.url}/voyager/api/me`, { dispatcher, headers: { cookie: fake.cookieHeader, 'csrf-token': `"${fake.csrfToken}"`, 'x-restli-protocol-version': '2.0.0' } });
      expect(res.statusCode).toBe(403);
      await res.body.text();
    } finally {
      await dispatcher.close();
    }
    expect(output(await run('agent_company_fetch', { company: 'globex' })).name).toBe('Globex');
    expect(fake.state.requests.at(-1)!.headers['csrf-token']).toBe(fake.csrfToken);
  });
});

describe('control endpoint (for e2e tests running the fake in another process)', () => {
  it('switches modes, resets and reports state over HTTP', async () => {
    const dispatcher = new Agent({ connect: { ca: fake.cert } });
    const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const res = await request(`${fake.url}${path}`, { dispatcher, method, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.statusCode, json: (await res.body.json()) as any };
    };
    try {
      expect((await call('POST', '/__fake/mode', { mode: 'nonsense' })).status).toBe(400);
      expect((await call('POST', '/__fake/mode', { mode: 'rate_limited' })).json).toEqual({ mode: 'rate_limited' });
      expect(failure(await run('agent_company_fetch', { company: 'globex' })).code).toBe('network_rate_limited');
      await call('POST', '/__fake/reset');
      expect(output(await run('agent_like_post', { social_urn: `urn:li:activity:${fake.dataset.posts[0]!.activityId}` }))).toEqual({ liked: true });
      const state = await call('GET', '/__fake/state');
      expect(state.json.mode).toBe('normal');
      expect(state.json.state.likes).toHaveLength(1);
    } finally {
      await dispatcher.close();
    }
  });
});

describe('readNetworkSession', () => {
  it('reads the signed-in member from me', async () => {
    expect(await readNetworkSession(BUILT_IN_NETWORK_MAP, client)).toEqual({
      signed_in: true,
      member_urn: urnOf(fake.dataset.self),
      public_identifier: 'grace-hopper',
      full_name: 'Grace Hopper',
      problem: null,
    });
  });

  it('without a session cookie says signed out without calling the network', async () => {
    const before = fake.state.requests.length;
    const session = await readNetworkSession(BUILT_IN_NETWORK_MAP, { ...client, cookies: () => 'lang=v=2&lang=en-us' });
    expect(session).toMatchObject({ signed_in: false, problem: { code: 'network_signed_out' } });
    expect(fake.state.requests.length).toBe(before);
  });

  it('reports a challenge or a rate limit as the problem', async () => {
    fake.setMode('challenge');
    expect((await readNetworkSession(BUILT_IN_NETWORK_MAP, client)).problem?.code).toBe('network_challenge');
    fake.setMode('rate_limited');
    expect((await readNetworkSession(BUILT_IN_NETWORK_MAP, client)).problem?.code).toBe('network_rate_limited');
  });
});
