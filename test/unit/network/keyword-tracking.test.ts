import { beforeEach, describe, expect, it } from 'vitest';
import type { NetworkMap } from '../../../src/contract/network-map.js';
import { forgetSession } from '../../../src/network/session-memory.js';
import { fixture, type FixtureAnswer, type FixtureCall } from './fixture-fetch.js';
import { err, json, map, ok, run, status, type Routes } from './operation-run.js';
import { pagerStream, type StreamPostSpec } from './sdui-2026.js';
import * as s26 from './shapes-2026.js';

// Keyword-watchlist collection (agent_keyword_tracking) as deployed, against each way the network
// has answered a keyword search: whole updates and entity results (before 2026), hollow results
// with and without a post URN, and the results page's server-driven pager (2026-10).

beforeEach(() => forgetSession());

const PAGER = '/flagship-web/rsc-action/actions/pagination';
const REST = 'search/dash/clusters';
const HOUR = 3_600_000;

/** Post i of a keyword's results, newest first, i hours old. */
function streamPost(i: number, text = `DuckDB tip ${i}`): StreamPostSpec {
  return {
    id: s26.activityId(Date.now() - (i + 1) * HOUR, 100 + i),
    author:
      i % 3 === 2
        ? { name: 'Acme Robotics', slug: 'acme-robotics', page: true }
        : { name: `Author ${i}`, slug: `author-${i}`, degree: '2nd' },
    lines: [text, 'Second line'],
    reactions: { LIKE: i, PRAISE: 1 },
    comments: i * 2,
    reposts: 1,
  };
}
const payloadOf = (c: FixtureCall) => (c.body as any).clientArguments.payload;

/** The pager over these posts: the window the payload asks for, an ad first in every window. */
function pager(posts: StreamPostSpec[]) {
  return (c: FixtureCall): FixtureAnswer => {
    const { startIndex, count } = payloadOf(c);
    const ad: StreamPostSpec = {
      id: s26.activityId(Date.now(), 1),
      author: { name: 'Ads Inc', slug: 'ads-inc', page: true },
      lines: ['Learn DuckDB in a day'],
      permalink: 'none',
    };
    const window = posts.slice(startIndex, startIndex + count);
    return {
      text: pagerStream(window.length ? [ad, ...window] : []),
      contentType: 'text/x-component; charset=utf-8',
    };
  };
}
/** A map whose keyword search tries the JSON ways before the pager, as an older published map would. */
const restFirst: NetworkMap = (() => {
  const m = structuredClone(map);
  const [sdui, ...json] = m.calls.content_search;
  m.calls.content_search = [json[0]!, sdui!, ...json.slice(1)];
  return m;
})();

describe('agent_keyword_tracking through the results page’s pager (2026)', () => {
  it('reads the posts of each window by meaning, 10 a window, one search id across the cycle’s windows; never the results page', async () => {
    const posts = Array.from({ length: 13 }, (_, i) => streamPost(i));
    const { result, calls, paths } = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w', count: 20 },
      [[PAGER, pager(posts)]],
    );
    const out = ok(result);
    expect(out.posts).toHaveLength(13);
    expect(out.posts[2]).toMatchObject({
      social_urn: `urn:li:activity:${posts[2]!.id}`,
      posted_at: new Date(Number(BigInt(posts[2]!.id) >> 22n)).toISOString(),
      content: 'DuckDB tip 2\nSecond line',
      post_author: {
        full_name: 'Acme Robotics',
        author_slug: 'acme-robotics',
        author_type: 'company',
      },
      likes_count: 3,
      comments_count: 4,
      shares_count: 1,
    });
    expect(out.posts[1]).toMatchObject({
      post_author: { full_name: 'Author 1', author_slug: 'author-1', author_type: 'person' },
    });
    // Two windows and the empty one that says there is no more; nothing else.
    expect(paths).toEqual([PAGER, PAGER, PAGER]);
    const payloads = calls.map(payloadOf);
    expect(payloads.map((p) => [p.startIndex, p.clusterStartPosition, p.count])).toEqual([
      [0, 0, 10],
      [10, 10, 10],
      [13, 13, 10],
    ]);
    expect(new Set(payloads.map((p) => p.searchId)).size).toBe(1);
    expect(payloads[0].searchId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(payloads[0]).toMatchObject({
      keywords: 'duckdb',
      datePosted: [],
      sortBy: ['date_posted'],
      spellCheckEnabled: true,
    });
    const c = calls[0]!;
    expect([c.init.method, c.url.search]).toEqual([
      'POST',
      '?sduiid=com.linkedin.sdui.search.contentSearchResults',
    ]);
    expect(c.body).toMatchObject({
      pagerId: 'com.linkedin.sdui.search.contentSearchResults',
      clientArguments: {
        $type: 'proto.sdui.actions.requests.RequestedArguments',
        screenId: 'com.linkedin.sdui.flagshipnav.search.SearchResultsContent',
        states: [],
        knownTemplateIds: [],
      },
      paginationRequest: {
        pagerId: 'com.linkedin.sdui.search.contentSearchResults',
        retryCount: 2,
        requestedArguments: { payload: payloads[0] },
      },
    });
    // The csrf token always; no header of the JSON API, and no x-li-* value the page did not give.
    expect(c.headers['csrf-token']).toBe('ajax:4815162342');
    expect(Object.keys(c.headers).filter((h) => h.startsWith('x-'))).toEqual([]);
    expect(calls.every((x) => !/\/search\/results/.test(x.url.pathname))).toBe(true);
    // The next cycle is a new search.
    const next = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w', count: 5 },
      [[PAGER, pager(posts)]],
    );
    expect(next.paths).toEqual([PAGER]);
    expect(payloadOf(next.calls[0]!).searchId).not.toBe(payloads[0].searchId);
  });

  it('applies the required and excluded keywords to each post’s text, paging on until count posts match', async () => {
    const posts = Array.from({ length: 25 }, (_, i) =>
      streamPost(i, i % 2 ? 'DuckDB and crypto' : `DuckDB for analysts ${i}`),
    );
    const { result, paths } = await run(
      'agent_keyword_tracking',
      {
        keyword: 'duckdb',
        watchlist_id: 'w',
        required_keywords: ['ANALYSTS'],
        excluded_keywords: ['crypto'],
        count: 8,
      },
      [[PAGER, pager(posts)]],
    );
    expect(ok(result).posts.map((p: any) => p.content.split('\n')[0])).toEqual(
      [0, 2, 4, 6, 8, 10, 12, 14].map((i) => `DuckDB for analysts ${i}`),
    );
    expect(paths).toEqual([PAGER, PAGER]);
  });

  it('steady state: the window since the newest known post (its id dates it), and paging stops at the first window that reaches a known post (≤ 2 calls for ≤ 10 new posts)', async () => {
    const posts = Array.from({ length: 40 }, (_, i) => streamPost(i));
    const known = (fresh: number) => ({
      known_post_urns: posts.slice(fresh, fresh + 50).map((p) => `urn:li:activity:${p.id}`),
    });
    for (const fresh of [0, 3, 10]) {
      const { result, calls } = await run(
        'agent_keyword_tracking',
        { keyword: 'duckdb', watchlist_id: 'w', count: 20, ...known(fresh) },
        [[PAGER, pager(posts)]],
      );
      const out = ok(result);
      expect(calls.length, `${fresh} new posts`).toBeLessThanOrEqual(fresh === 10 ? 2 : 1);
      expect(out.posts.slice(0, fresh).map((p: any) => p.social_urn)).toEqual(
        posts.slice(0, fresh).map((p) => `urn:li:activity:${p.id}`),
      );
      expect(payloadOf(calls[0]!).datePosted).toEqual(['past-24h']);
    }
    // A newest post days ago asks for the week; one two months ago for no window at all.
    const knownAt = (msAgo: number) => [`urn:li:activity:${s26.activityId(Date.now() - msAgo, 7)}`];
    const weekOld = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w', known_post_urns: knownAt(3 * 24 * HOUR) },
      [[PAGER, pager(posts)]],
    );
    expect(payloadOf(weekOld.calls[0]!).datePosted).toEqual(['past-week']);
    const old = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w', known_post_urns: knownAt(60 * 24 * HOUR) },
      [[PAGER, pager(posts)]],
    );
    expect(payloadOf(old.calls[0]!).datePosted).toEqual([]);
  });

  it('an empty results stream is no posts; a window of ads only ends the list', async () => {
    const empty = 'b:["$","div",null,{"children":"No results found"}]\n';
    const { result, paths } = await run(
      'agent_keyword_tracking',
      { keyword: 'nothing', watchlist_id: 'w' },
      [[PAGER, { text: empty, contentType: 'text/x-component' }]],
    );
    expect([ok(result).posts, paths]).toEqual([[], [PAGER]]);
    const ads = pagerStream([
      {
        id: s26.activityId(Date.now(), 1),
        author: { name: 'Ads Inc', slug: 'ads-inc', page: true },
        lines: ['Learn DuckDB in a day'],
        permalink: 'none',
      },
    ]);
    const onlyAds = await run('agent_keyword_tracking', { keyword: 'duckdb', watchlist_id: 'w' }, [
      [PAGER, { text: ads, contentType: 'text/x-component' }],
    ]);
    expect([ok(onlyAds.result).posts, onlyAds.paths]).toEqual([[], [PAGER]]);
  });

  it('an older map that tries the JSON search first: results hollow with no URN move on to the pager, which the session remembers', async () => {
    const routes: Routes = [
      [REST, json(s26.contentSearchHollowNoUrn(10))],
      [PAGER, pager(Array.from({ length: 4 }, (_, i) => streamPost(i)))],
    ];
    const first = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w' },
      routes,
      restFirst,
    );
    expect(ok(first.result).posts).toHaveLength(4);
    expect(first.paths).toEqual([REST, PAGER, PAGER]);
    expect(first.result.network!.failed).toEqual([
      expect.objectContaining({
        alternative: 'rest-search-clusters-content',
        status: null,
        message: expect.stringContaining('readable item among its 10'),
      }),
    ]);
    const later = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w' },
      routes,
      restFirst,
    );
    expect(later.paths).toEqual([PAGER, PAGER]);
  });

  it('results that no way can read fail the cycle as network_changed naming each way, never an empty success', async () => {
    const renamed = pagerStream(Array.from({ length: 3 }, (_, i) => streamPost(i))).replaceAll(
      'feed-full-update',
      'feed-update-2027',
    );
    const { result, paths } = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w' },
      [
        [PAGER, { text: renamed, contentType: 'text/x-component' }],
        [REST, json(s26.contentSearchHollowNoUrn(3))],
        ['graphql', status(400)],
      ],
    );
    const e = err(result);
    expect(e.code).toBe('network_changed');
    expect(e.message).toMatch(
      /^No way to content_search works any more \(sdui-content-search-pager: .*feed-full-update, though it links 3 posts; rest-search-clusters-content: .*readable item among its 3.*; graphql-search-clusters-content: HTTP 400\)/,
    );
    expect(paths).toEqual([PAGER, REST, 'graphql']);
  });

  it('a web page where the stream belongs (a sign-in page served as a success) is not an empty list', async () => {
    const { result } = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w' },
      [
        [PAGER, { text: '<html><body>Sign in</body></html>', contentType: 'text/html' }],
        ['graphql', json(fixture('search-content.json'))],
      ],
    );
    expect(ok(result).posts.length).toBeGreaterThan(0);
    expect(result.network!.failed[0]).toMatchObject({
      alternative: 'sdui-content-search-pager',
      message: expect.stringContaining('Expected a component stream'),
    });
  });
});

describe('agent_keyword_tracking through the JSON searches', () => {
  it('whole updates (searchFeedUpdate): searches CONTENT by date and applies required and excluded keywords', async () => {
    const routes: Routes = [['graphql', json(fixture('search-content.json'))]];
    const { result, calls } = await run(
      'agent_keyword_tracking',
      {
        keyword: 'AI agents',
        watchlist_id: 'w',
        required_keywords: ['ai AGENTS'],
        excluded_keywords: ['Warehouses'],
      },
      routes,
    );
    expect(ok(result).posts.map((p: any) => p.content)).toEqual([
      'Our new compiler for AI agents ships today.',
      'Can machines think? A thread on AI agents and crypto.',
    ]);
    const graphql = calls.find((c) => c.url.pathname.endsWith('/graphql'))!;
    expect(graphql.rawQuery).toContain(
      'query:(keywords:AI%20agents,flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:resultType,value:List(CONTENT)),(key:sortBy,value:List(date_posted)))',
    );
    const all = ok(
      (await run('agent_keyword_tracking', { keyword: 'AI agents', watchlist_id: 'w' }, routes))
        .result,
    );
    expect(all.posts).toHaveLength(4);
    expect(all.posts[0].posted_at).toBe('2026-01-15T11:00:00.000Z');
  });

  it('entity results: text from summary, author from title, counts wherever the result keeps them, time from the URN', async () => {
    const urn = `urn:li:ugcPost:${s26.activityId(s26.T0, 4)}`;
    const doc = s26.contentSearchEntityResults([
      {
        urn,
        text: 'DuckDB 2.0 is out',
        author: {
          name: 'Ada Lovelace',
          headline: 'Analyst',
          url: 'https://www.linkedin.com/in/ada-lovelace/',
        },
        counts: { numLikes: 12, numComments: 3, numShares: 2 },
      },
      { urn: `urn:li:activity:${s26.activityId(s26.T0 - 1e6, 5)}`, text: 'duckdb and crypto' },
    ]);
    const { result } = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w', excluded_keywords: ['crypto'] },
      [['graphql', json(doc)]],
    );
    expect(ok(result).posts).toEqual([
      expect.objectContaining({
        social_urn: urn,
        content: 'DuckDB 2.0 is out',
        posted_at: '2026-10-01T08:00:00.000Z',
        likes_count: 12,
        comments_count: 3,
        shares_count: 2,
        post_author: expect.objectContaining({
          full_name: 'Ada Lovelace',
          author_slug: 'ada-lovelace',
          author_type: 'person',
          headline: 'Analyst',
        }),
      }),
    ]);
  });

  it('hollow results with a post URN anywhere, and no pager: read one by one, known ones never; later cycles go straight to that way', async () => {
    const urns = [0, 1, 2, 3].map(
      (i) => `urn:li:activity:${s26.activityId(s26.T0 - i * 60_000, 10 + i)}`,
    );
    const routes: Routes = [
      [
        REST,
        (c) =>
          json(
            c.url.searchParams.get('start') === '0'
              ? s26.contentSearchHollowNoUrn(2, { 0: urns[0]!, 1: urns[1]! })
              : s26.contentSearchHollow(
                  c.url.searchParams.get('start') === '2' ? urns.slice(2) : [],
                ),
          ),
      ],
      [
        /^feed\/updates\/urn/,
        (c) => {
          const urn = decodeURIComponent(c.url.pathname.split('/').pop()!);
          return urn === urns[2]
            ? status(404)
            : json(
                s26.updateByUrn({
                  urn,
                  text: `DuckDB post ${urns.indexOf(urn)}`,
                  counts: { numLikes: 1, numComments: 0, numShares: 0 },
                }),
              );
        },
      ],
    ];
    const { result, paths } = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w', count: 5 },
      routes,
    );
    expect(ok(result).posts.map((p: any) => [p.content, p.likes_count])).toEqual([
      ['DuckDB post 0', 1],
      ['DuckDB post 1', 1],
      ['DuckDB post 3', 1],
    ]);
    const byUrn = (list: string[]) => list.map((u) => `feed/updates/${encodeURIComponent(u)}`);
    // The pager and the GraphQL search are not there; the JSON results are read one by one; the one that is gone is left out.
    expect(paths).toEqual([
      PAGER,
      REST,
      'graphql',
      ...byUrn(urns.slice(0, 2)),
      REST,
      ...byUrn(urns.slice(2)),
      REST,
    ]);
    const later = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w', count: 5, known_post_urns: [urns[1]] },
      routes,
    );
    expect(later.paths).toEqual([REST, ...byUrn(urns.slice(0, 1))]);
  });

  it('pages until count through small pages, and stops at the first empty page', async () => {
    const posts = Array.from({ length: 5 }, (_, i) => ({
      urn: `urn:li:activity:${s26.activityId(s26.T0 - i * 1e6, i)}`,
      text: `duckdb ${i}`,
    }));
    const page = (c: FixtureCall) => {
      const start = Number(/start:(\d+)/.exec(c.rawQuery)?.[1] ?? 0);
      return json(s26.contentSearchEntityResults(posts.slice(start, start + 2), 1000));
    };
    const { result, calls } = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w', count: 20 },
      [['graphql', page]],
    );
    expect(ok(result).posts).toHaveLength(5);
    expect(calls.filter((c) => c.url.pathname.endsWith('/graphql'))).toHaveLength(4);
  });

  it('pages on past the posts the excluded keywords leave out, until count posts match', async () => {
    const posts = Array.from({ length: 8 }, (_, i) => ({
      urn: `urn:li:activity:${s26.activityId(s26.T0 - i * 1e6, i)}`,
      text: i % 2 ? 'duckdb and crypto' : `duckdb ${i}`,
    }));
    const page = (c: FixtureCall) => {
      const start = Number(/start:(\d+)/.exec(c.rawQuery)?.[1] ?? 0);
      return json(s26.contentSearchEntityResults(posts.slice(start, start + 2), 1000));
    };
    const { result, calls } = await run(
      'agent_keyword_tracking',
      { keyword: 'duckdb', watchlist_id: 'w', excluded_keywords: ['crypto'], count: 3 },
      [['graphql', page]],
    );
    expect(ok(result).posts.map((p: any) => p.content)).toEqual([
      'duckdb 0',
      'duckdb 2',
      'duckdb 4',
    ]);
    expect(calls.filter((c) => c.url.pathname.endsWith('/graphql'))).toHaveLength(3);
  });

  it('items that are no posts at all are network_changed', async () => {
    const doc = fixture('search-content.json');
    for (const i of doc.data.searchDashClustersByAll.elements[0].items)
      i.item = { somethingElse: {} };
    expect(
      err(
        (
          await run('agent_keyword_tracking', { keyword: 'x', watchlist_id: 'w' }, [
            ['graphql', json(doc)],
          ])
        ).result,
      ),
    ).toMatchObject({ code: 'network_changed', message: expect.stringContaining('readable item') });
  });
});
