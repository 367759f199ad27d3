import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import { forgetSession } from '../../../src/network/session-memory.js';
import { readNetworkSession } from '../../../src/network/read-session.js';
import { runAsDeployed } from './run-as-deployed.js';
import type { TaskResult } from '../../../src/network/types.js';
import { startFakeNetwork, type FakeNetwork } from '../../fake-network/server.js';
import { SDUI_VOICE } from '../../fake-network/voices.js';
import { fakeNetworkClient } from './fake-network-client.js';

// The network's refusal signals, the session read and the fake's control endpoint, over real HTTPS
// (voice by voice operation tests: voices.test.ts).

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
beforeEach(() => {
  fake.reset();
  forgetSession();
});

const run = (type: string, input: Record<string, unknown>, signal?: AbortSignal) =>
  runAsDeployed({ type, input }, { map: BUILT_IN_NETWORK_MAP, signal, ...client });

function output(result: TaskResult): Record<string, any> {
  if (!result.ok) throw new Error(`task failed: ${result.error.code}: ${result.error.message}`);
  return result.output;
}
function failure(result: TaskResult) {
  if (result.ok)
    throw new Error(`task succeeded unexpectedly: ${JSON.stringify(result.output).slice(0, 200)}`);
  return result.error;
}

const urnOf = (p: { id: string }) => `urn:li:fsd_profile:${p.id}`;

describe('refusal signals', () => {
  const cases = [
    ['signed_out', 'network_signed_out', false],
    ['signed_out_redirect', 'network_signed_out', false],
    ['signed_out_login_checkpoint', 'network_signed_out', false],
    ['rate_limited', 'network_rate_limited', false],
    ['denied', 'network_rate_limited', false],
    ['challenge', 'network_challenge', false],
    ['not_found', 'not_found', false],
  ] as const;
  for (const [mode, code, retryable] of cases) {
    it(`${mode} -> ${code}`, async () => {
      fake.setMode(mode);
      expect(
        failure(await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' })),
      ).toMatchObject({ code, retryable });
    });
  }

  it('changed_shapes -> network_changed naming what is missing, for reads of every kind', async () => {
    fake.setMode('changed_shapes');
    // The profile loses its publicIdentifier: the one asked for stands in, as it is the same.
    expect(
      output(await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' })).public_identifier,
    ).toBe('ada-lovelace');
    // Updates lose updateMetadata.urn: the post URN is still in the update's own entityUrn.
    const posts = output(
      await run('agent_profiles_tracking', { profile_urns: ['ACoAAAdaLovelace000002'], count: 2 }),
    ).posts;
    expect(posts.map((p: any) => p.social_urn)).toEqual([
      expect.stringMatching(/^urn:li:activity:\d+$/),
      expect.stringMatching(/^urn:li:activity:\d+$/),
    ]);
    for (const [type, input, missing] of [
      ['agent_company_fetch', { company: 'globex' }, 'lacks name'],
      [
        'agent_profiles_search',
        { keywords: 'ada', start: 0, count: 5 },
        'has no data.searchDashClustersByAll',
      ],
      ['agent_connections_fetch', { start: 0, count: 5 }, 'has no data.elements[]'],
      [
        'agent_keyword_tracking',
        { keyword: 'duckdb', watchlist_id: 'w' },
        'has no data.searchDashClustersByAll',
      ],
    ] as const) {
      expect(failure(await run(type, input)), type).toMatchObject({
        code: 'network_changed',
        message: expect.stringContaining(missing),
      });
    }
  });

  it('changed_shapes in the server-driven voice: the pager’s posts under another name fail the cycle naming each way, never 0 posts', async () => {
    fake.setVoice(SDUI_VOICE);
    try {
      fake.setMode('changed_shapes');
      const e = failure(
        await run('agent_keyword_tracking', { keyword: 'duckdb', watchlist_id: 'w' }),
      );
      expect(e.code).toBe('network_changed');
      expect(e.message).toMatch(
        /sdui-content-search-pager: .*no component named feed-full-update, though it links \d+ posts; rest-search-clusters-content: .*; graphql-search-clusters-content: HTTP 400/,
      );
      expect(fake.state.searchHistory).toEqual([]);
    } finally {
      fake.setVoice('today');
    }
  });

  it('slow answers past the deadline -> timeout, retryable', async () => {
    fake.setMode('slow', { delayMs: 1500 });
    const started = Date.now();
    expect(
      failure(await run('agent_company_fetch', { company: 'globex' }, AbortSignal.timeout(200))),
    ).toMatchObject({ code: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('an unreachable network -> network_error, retryable', async () => {
    const result = await runAsDeployed(
      { type: 'agent_company_fetch', input: { company: 'globex' } },
      { map: BUILT_IN_NETWORK_MAP, ...client, origin: 'https://127.0.0.1:1' },
    );
    expect(failure(result)).toMatchObject({ code: 'network_error', retryable: true });
  });

  it('the fake refuses a csrf header that does not match JSESSIONID (403) and our client passes it', async () => {
    const dispatcher = new Agent({ connect: { ca: fake.cert } });
    try {
      const res = await request(`${fake.url}/voyager/api/me`, {
        dispatcher,
        headers: {
          cookie: fake.cookieHeader,
          'csrf-token': `"${fake.csrfToken}"`,
          'x-restli-protocol-version': '2.0.0',
        },
      });
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
      const res = await request(`${fake.url}${path}`, {
        dispatcher,
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.statusCode, json: (await res.body.json()) as any };
    };
    try {
      expect((await call('POST', '/__fake/mode', { mode: 'nonsense' })).status).toBe(400);
      expect((await call('POST', '/__fake/mode', { mode: 'rate_limited' })).json).toEqual({
        mode: 'rate_limited',
      });
      expect(failure(await run('agent_company_fetch', { company: 'globex' })).code).toBe(
        'network_rate_limited',
      );
      await call('POST', '/__fake/reset');
      expect(
        output(
          await run('agent_like_post', {
            social_urn: `urn:li:activity:${fake.dataset.posts[0]!.activityId}`,
          }),
        ),
      ).toEqual({ liked: true });
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

  it('asks who is signed in once per session every ten minutes, and again as soon as a task meets a dead session', async () => {
    const meCalls = () => fake.state.requests.filter((r) => r.path === '/voyager/api/me').length;
    const t0 = Date.now();
    expect((await readNetworkSession(BUILT_IN_NETWORK_MAP, { ...client, now: t0 })).signed_in).toBe(
      true,
    );
    expect(
      (await readNetworkSession(BUILT_IN_NETWORK_MAP, { ...client, now: t0 + 60_000 })).member_urn,
    ).toBe(urnOf(fake.dataset.self));
    expect(meCalls()).toBe(1);
    await readNetworkSession(BUILT_IN_NETWORK_MAP, { ...client, now: t0 + 11 * 60_000 });
    expect(meCalls()).toBe(2);
    fake.setMode('signed_out');
    expect(failure(await run('agent_company_fetch', { company: 'globex' })).code).toBe(
      'network_signed_out',
    );
    expect(
      await readNetworkSession(BUILT_IN_NETWORK_MAP, { ...client, now: t0 + 12 * 60_000 }),
    ).toMatchObject({ signed_in: false, problem: { code: 'network_signed_out' } });
    expect(meCalls()).toBe(3);
  });

  it('without a session cookie says signed out without calling the network', async () => {
    const before = fake.state.requests.length;
    const session = await readNetworkSession(BUILT_IN_NETWORK_MAP, {
      ...client,
      cookies: () => 'lang=v=2&lang=en-us',
    });
    expect(session).toMatchObject({ signed_in: false, problem: { code: 'network_signed_out' } });
    expect(fake.state.requests.length).toBe(before);
  });

  it('reports a challenge or a rate limit as the problem', async () => {
    fake.setMode('challenge');
    expect((await readNetworkSession(BUILT_IN_NETWORK_MAP, client)).problem?.code).toBe(
      'network_challenge',
    );
    fake.setMode('rate_limited');
    expect((await readNetworkSession(BUILT_IN_NETWORK_MAP, client)).problem?.code).toBe(
      'network_rate_limited',
    );
  });
});
