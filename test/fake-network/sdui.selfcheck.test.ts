import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakePost } from './dataset.js';
import { client, type Json } from './raw-client.js';
import { startFakeNetwork, type FakeNetwork } from './server.js';

/**
 * Self-check of the `sdui_2026` voice (README.md, "sdui_2026") with raw HTTPS requests: hollow REST
 * content results with no URN, the content-search pager's gate and body checks, and its component
 * stream read by a parser written here from the facts alone (not src/): rows, references, the `$$`
 * escape, components by view name, permalinks, counts by state key.
 */

const PAGER = 'com.linkedin.sdui.search.contentSearchResults';
const PAGER_URL = `/flagship-web/rsc-action/actions/pagination?sduiid=${PAGER}`;
const SCREEN = 'com.linkedin.sdui.flagshipnav.search.SearchResultsContent';
const enc = encodeURIComponent;

function pagerBody(payload: Json): Json {
  const args = {
    $type: 'proto.sdui.actions.requests.RequestedArguments',
    requestedStateKeys: [],
    payload,
    requestMetadata: { $type: 'proto.sdui.common.RequestMetadata' },
  };
  return {
    pagerId: PAGER,
    clientArguments: { ...args, states: [], screenId: SCREEN, knownTemplateIds: [] },
    paginationRequest: {
      $type: 'proto.sdui.actions.requests.PaginationRequest',
      pagerId: PAGER,
      trigger: {
        $case: 'itemDistanceTrigger',
        itemDistanceTrigger: {
          $type: 'proto.sdui.actions.requests.ItemDistanceTrigger',
          preloadDistance: 3,
          preloadLength: 1500,
        },
      },
      retryCount: 2,
      requestedArguments: args,
    },
  };
}
const payloadOf = (
  keywords: string,
  startIndex: number,
  searchId: string,
  extra: Json = {},
): Json => ({
  startIndex,
  keywords,
  count: 10,
  sortBy: [],
  postedBy: [],
  datePosted: [],
  contentType: [],
  fromMember: [],
  mentionsOrganization: [],
  mentionsMember: [],
  fromOrganization: [],
  authorCompany: [],
  authorIndustry: [],
  authorJobTitle: [],
  spellCheckEnabled: true,
  clusterStartPosition: startIndex,
  searchId,
  ...extra,
});

// ---- a reader of the stream, from the facts alone ------------------------------------------------------

type Rows = Map<string, unknown>;

/** `<hex id>:<value>` per line; a value that is not JSON is kept as text. */
function readRows(text: string): Rows {
  const rows: Rows = new Map();
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (at < 1 || !/^[0-9a-f]+$/.test(line.slice(0, at))) continue;
    const raw = line.slice(at + 1);
    try {
      rows.set(line.slice(0, at), JSON.parse(raw));
    } catch {
      rows.set(line.slice(0, at), raw);
    }
  }
  return rows;
}

/** References (`$L<hex>`, `$<hex>`) replaced by their rows, `$$` unescaped. */
function resolve(value: unknown, rows: Rows, depth = 0): unknown {
  if (depth > 50) throw new Error('reference cycle');
  if (typeof value === 'string') {
    if (value.startsWith('$$')) return value.slice(1);
    const ref = /^\$L?([0-9a-f]+)$/.exec(value);
    if (ref) {
      if (!rows.has(ref[1]!)) throw new Error(`dangling reference ${value}`);
      return resolve(rows.get(ref[1]!), rows, depth + 1);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, rows, depth));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, rows, depth)]));
  return value;
}

/** Components whose `viewTrackingSpecs.viewName` is `name`, outermost first, in document order. */
function named(node: unknown, name: string, out: Json[] = []): Json[] {
  if (Array.isArray(node)) for (const v of node) named(v, name, out);
  else if (node && typeof node === 'object') {
    const o = node as Json;
    if (o.viewTrackingSpecs?.viewName === name) out.push(o);
    else for (const v of Object.values(o)) named(v, name, out);
  }
  return out;
}

/** The strings under `children`, a `br` element as a line break. */
function textOf(node: unknown, underChildren = false): string[] {
  if (typeof node === 'string') return underChildren ? [node] : [];
  if (Array.isArray(node)) {
    if (node[0] === '$' && node.length === 4)
      return node[1] === 'br' ? ['\n'] : textOf(node[3], false);
    return node.flatMap((v) => textOf(v, underChildren));
  }
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([k, v]) => textOf(v, k === 'children'));
  return [];
}

function allStrings(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(allStrings);
  if (node && typeof node === 'object') return Object.values(node).flatMap(allStrings);
  return [];
}

/** Every state value of the stream: an object whose `value` is `{$case: "intValue"}`, keyed by the one string in its `key`. */
function intStates(node: unknown, out = new Map<string, number>()): Map<string, number> {
  if (Array.isArray(node)) for (const v of node) intStates(v, out);
  else if (node && typeof node === 'object') {
    const o = node as Json;
    if (o.value?.$case === 'intValue' && o.key) {
      const ids = allStrings(o.key).filter(
        (k) => k !== 'id' && !k.startsWith('proto.') && k !== 'MemoryNamespace',
      );
      out.set(ids[0]!, o.value.intValue);
    } else for (const v of Object.values(o)) intStates(v, out);
  }
  return out;
}

const PERMALINK =
  /^https:\/\/www\.linkedin\.com\/(?:posts\/[^_]+_[a-z0-9-]*-activity-(\d{19})-[A-Za-z0-9]{4}(?:\?.*)?|feed\/update\/urn:li:activity:(\d{19})\/?)$/;

interface ReadPost {
  id: string | null;
  author: string;
  degree: string | null;
  authorUrl: string;
  time: string;
  text: string;
  ownUrn: string | null;
  likes: number;
  comments: number | undefined;
  reposts: number | undefined;
}

function readPage(
  text: string,
  updateName = 'feed-full-update',
): { posts: ReadPost[]; root: unknown; rows: Rows } {
  const rows = readRows(text);
  const root = resolve(rows.get('0'), rows);
  const states = intStates(root);
  const posts = named(root, updateName).map((u) => {
    const actor = textOf(named(u, 'feed-actor')[0], false)
      .map((t) => t.trim())
      .filter(Boolean);
    const link = allStrings(u)
      .map((x) => PERMALINK.exec(x))
      .find(Boolean);
    const ownUrn =
      allStrings(u)
        .map((x) => /^reactionsCount-(urn:li:\w+:\d+)$/.exec(x)?.[1])
        .find(Boolean) ?? null;
    const authorUrl = allStrings(named(u, 'feed-actor')[0]).find((x) =>
      /^https:\/\/www\.linkedin\.com\/(in|company)\//.test(x),
    )!;
    const reactions = [...states].filter(
      ([k]) => ownUrn && k.startsWith('ReactionType_') && k.endsWith(`_${ownUrn}`),
    );
    return {
      id: link ? (link[1] ?? link[2])! : null,
      author: actor[0]!,
      degree: actor.find((t) => t.startsWith('•')) ?? null,
      authorUrl,
      time: textOf(named(u, 'feed-actor-sub-description')[0]).join(''),
      text: textOf(named(u, 'feed-commentary')[0]).join(''),
      ownUrn,
      likes: reactions.reduce((s, [, n]) => s + n, 0),
      comments: states.get(`commentCount-${ownUrn}`),
      reposts: states.get(`repostCount-${ownUrn}`),
    };
  });
  return { posts, root, rows };
}

// ---- the tests -------------------------------------------------------------------------------------------

describe('sdui_2026', () => {
  let fake: FakeNetwork;
  let net: ReturnType<typeof client>;
  let dispatcher: Agent;
  beforeAll(async () => {
    fake = await startFakeNetwork({ voice: 'sdui_2026' });
    net = client(fake);
    dispatcher = new Agent({ connect: { ca: fake.cert } });
  });
  afterAll(async () => {
    await net.close();
    await dispatcher.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  async function pager(
    body: unknown,
    headers: Record<string, string | undefined> = {},
    url = PAGER_URL,
  ) {
    const all: Record<string, string> = {
      cookie: fake.cookieHeader,
      'csrf-token': fake.csrfToken,
      'content-type': 'application/json',
      accept: '*/*',
      ...headers,
    } as Record<string, string>;
    for (const k of Object.keys(all)) if (all[k] === undefined) delete all[k];
    const res = await request(`${fake.url}${url}`, {
      dispatcher,
      method: 'POST',
      headers: all,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {
      status: res.statusCode,
      type: String(res.headers['content-type']),
      text: await res.body.text(),
    };
  }
  const page = async (keywords: string, startIndex: number, searchId: string, extra: Json = {}) => {
    const r = await pager(pagerBody(payloadOf(keywords, startIndex, searchId, extra)));
    expect(r.status).toBe(200);
    expect(r.type).toBe('text/x-component');
    return { ...readPage(r.text), text: r.text };
  };
  const duck = () => fake.dataset.posts.filter((p) => /duckdb/i.test(p.text));
  const timeOf = (p: FakePost) => Number(BigInt(p.activityId) >> 22n);

  it('answers REST content search with wrappers holding only a tracking id (no URN anywhere); GraphQL search stays 400', async () => {
    const r = await net.get(
      `search/dash/clusters?decorationId=com.linkedin.voyager.dash.deco.search.SearchClusterCollection-186&origin=GLOBAL_SEARCH_HEADER&q=all&query=(keywords:duckdb,flagshipSearchIntent:SEARCH_SRP,queryParameters:(resultType:List(CONTENT)),includeFiltersInResponse:false)&start=0&count=50`,
    );
    expect(r.status).toBe(200);
    expect(r.text).not.toMatch(/urn:li:(activity|ugcPost|share|fsd_update|fs_updateV2)/);
    for (const p of fake.dataset.posts) expect(r.text).not.toContain(p.activityId);
    const items = r.json.data.elements.flatMap((c: Json) => c.items);
    expect(items).toHaveLength(duck().length);
    for (const item of items) {
      expect(Object.keys(item.itemUnion)).toEqual(['searchUpdate']);
      expect(Object.keys(item.itemUnion.searchUpdate).sort()).toEqual(['$type', 'trackingId']);
      expect(item.itemUnion.searchUpdate.$type).toBe(
        'com.linkedin.voyager.dash.search.SearchUpdateWrapper',
      );
      expect(item.itemUnion.searchUpdate.trackingId).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    }
    const gql = await net.get(
      `graphql?variables=(start:0,count:10,origin:GLOBAL_SEARCH_HEADER,query:(keywords:duckdb,flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:resultType,value:List(CONTENT))),includeFiltersInResponse:false))&queryId=voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0`,
    );
    expect(gql.status).toBe(400);
  });

  it('gates the pager as every server-driven action: 403 without csrf-token, a dead session redirected to sign-in, the modes’ refusals; records every call', async () => {
    const body = pagerBody(payloadOf('duckdb', 0, randomUUID()));
    const noCsrf = await pager(body, { 'csrf-token': undefined });
    expect(noCsrf.status).toBe(403);
    const dead = await pager(body, { cookie: undefined });
    expect(dead.status).toBe(302);
    expect(dead.text).toBe('');
    fake.setMode('rate_limited');
    expect((await pager(body)).status).toBe(429);
    fake.setMode('signed_out_redirect');
    expect((await pager(body)).status).toBe(302);
    fake.setMode('normal');
    expect((await pager(body)).status).toBe(200);
    expect(fake.state.sduiRequests.map((r) => r.status)).toEqual([403, 302, 429, 302, 200]);
    expect(fake.state.sduiRequests[4]).toMatchObject({
      method: 'POST',
      path: '/flagship-web/rsc-action/actions/pagination',
      sduiid: PAGER,
      body,
    });
    expect(fake.state.sduiRequests[4]!.headers['csrf-token']).toBe(fake.csrfToken);
    expect(fake.state.requests.map((r) => r.path)).toEqual(
      Array(5).fill('/flagship-web/rsc-action/actions/pagination'),
    );
  });

  it('refuses a body that is not the facts’ shape (400) and an unknown pager (404)', async () => {
    const id = randomUUID();
    const good = pagerBody(payloadOf('duckdb', 0, id));
    const without = (key: string) =>
      Object.fromEntries(Object.entries(good).filter(([k]) => k !== key));
    const payloadWithout = (key: string) =>
      pagerBody(
        Object.fromEntries(Object.entries(payloadOf('duckdb', 0, id)).filter(([k]) => k !== key)),
      );
    const refused = [
      'not json',
      without('pagerId'),
      without('paginationRequest'),
      { ...good, clientArguments: { ...good.clientArguments, payload: undefined } },
      payloadWithout('keywords'),
      pagerBody(payloadOf('  ', 0, id)),
      payloadWithout('searchId'),
      pagerBody(payloadOf('duckdb', 0, 'not-a-uuid')),
      pagerBody(payloadOf('duckdb', -1, id)),
      pagerBody(payloadOf('duckdb', 0, id, { datePosted: ['past-9-days'] })),
      pagerBody(payloadOf('duckdb', 0, id, { datePosted: 'past-week' })),
    ];
    for (const body of refused) {
      const r = await pager(body);
      expect(r.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      if (typeof body !== 'string') expect(JSON.parse(r.text).message).toEqual(expect.any(String));
    }
    expect(
      (
        await pager(
          good,
          {},
          '/flagship-web/rsc-action/actions/pagination?sduiid=com.linkedin.sdui.mynetwork.sentInvitations',
        )
      ).status,
    ).toBe(404);
  });

  it('pages 10 a page by startIndex over every matching post, past the end none, one searchId recorded across the pages', async () => {
    const searchId = randomUUID();
    const first = await page('DuckDB', 0, searchId);
    const second = await page('DuckDB', 10, searchId);
    const past = await page('DuckDB', 20, searchId);
    const firstPosts = first.posts.filter((p) => p.id);
    expect(firstPosts).toHaveLength(10);
    expect(second.posts).toHaveLength(duck().length - 10);
    expect(past.posts).toHaveLength(0);
    const ids = [...firstPosts, ...second.posts].map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(
      duck()
        .map((p) => p.activityId)
        .sort(),
    );
    expect(
      fake.state.sduiRequests.map((r) => (r.body as Json).clientArguments.payload.searchId),
    ).toEqual([searchId, searchId, searchId]);
    expect(
      fake.state.sduiRequests.map((r) => (r.body as Json).clientArguments.payload.startIndex),
    ).toEqual([0, 10, 20]);
    // count below 10 honoured, above 10 capped at 10
    expect(
      (await page('duckdb', 0, searchId, { count: 3 })).posts.filter((p) => p.id),
    ).toHaveLength(3);
    expect(
      (await page('duckdb', 0, searchId, { count: 50 })).posts.filter((p) => p.id),
    ).toHaveLength(10);
    // the last page says so; a first page has unrelated components and an ad with no permalink
    expect(named(second.root, 'search-results-end')).toHaveLength(1);
    expect(named(first.root, 'search-results-end')).toHaveLength(0);
    expect(named(first.root, 'search-filters-bar')).toHaveLength(1);
    expect(named(first.root, 'search-related-searches')).toHaveLength(1);
    const ads = first.posts.filter((p) => !p.id);
    expect(ads).toHaveLength(1);
    expect(ads[0]!.time).toBe('Promoted');
  });

  it('reads each post by meaning: author, degree for members only, relative time, text with $$, line breaks and emoji, counts by state key', async () => {
    const searchId = randomUUID();
    const read = [
      ...(await page('duckdb', 0, searchId)).posts,
      ...(await page('duckdb', 10, searchId)).posts,
    ].filter((p) => p.id);
    for (const r of read) {
      const post = fake.dataset.posts.find((p) => p.activityId === r.id)!;
      expect(r.text).toBe(post.text);
      expect(r.likes).toBe(post.likes);
      expect(r.comments).toBe(post.comments);
      expect(r.reposts).toBe(post.shares);
      expect(r.time).toMatch(/^\d+[mhdw] • $/);
      if (post.author.kind === 'person') {
        const person = fake.dataset.profiles.find(
          (x) => x.id === (post.author as { profileId: string }).profileId,
        )!;
        expect(r.author).toBe(`${person.firstName} ${person.lastName}`);
        expect(r.degree).toMatch(/^• (1st|2nd|3rd\+)$/);
        expect(r.authorUrl).toBe(`https://www.linkedin.com/in/${person.slug}/`);
      } else {
        const company = fake.dataset.companies.find(
          (x) => x.id === (post.author as { companyId: number }).companyId,
        )!;
        expect(r.author).toBe(company.name);
        expect(r.degree).toBeNull();
        expect(r.authorUrl).toBe(`https://www.linkedin.com/company/${company.slug}/`);
      }
    }
    // The update's own URN differs from the permalink's id for some posts (ugcPost, share).
    expect(
      read
        .filter((r) => r.ownUrn !== `urn:li:activity:${r.id}`)
        .map((r) => r.ownUrn!.split(':')[2]),
    ).toEqual(expect.arrayContaining(['ugcPost', 'share']));
    const dollar = fake.dataset.posts.find((p) => p.text.startsWith('$'))!;
    expect(read.find((r) => r.id === dollar.activityId)!.text).toContain('\n\n');
    expect(dollar.text).toMatch(/\p{Extended_Pictographic}/u);
  });

  it('writes the stream as rows of references: lazy and plain references, forward references, module rows, the $$ escape', async () => {
    const { text, rows } = await page('duckdb', 0, randomUUID());
    expect(text).toContain('"$$12 a month');
    expect(text).not.toMatch(/"\$12 a month/);
    expect(text).toMatch(/"\$L[0-9a-f]+"/);
    expect(text).toMatch(/"\$[0-9a-f]+"/);
    expect([...rows.values()].some((v) => typeof v === 'string' && v.startsWith('I['))).toBe(true);
    const order = text
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(0, l.indexOf(':')));
    const rootAt = order.indexOf('0');
    const laterRefs = [...JSON.stringify(rows.get('0')).matchAll(/"\$L?([0-9a-f]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(laterRefs.some((id) => order.indexOf(id) > rootAt)).toBe(true);
    // Reaction kinds: more than one on a well-liked post, each its own state key.
    expect(text.match(/ReactionType_PRAISE_urn:li:/g)?.length).toBeGreaterThan(2);
    expect(text).toMatch(/"intValue":\d+/);
    // Nesting differs between posts: the depth of the update under the root is not always the same.
    const depths = new Set<number>();
    const walk = (n: unknown, d: number) => {
      if (Array.isArray(n)) for (const v of n) walk(v, d + 1);
      else if (n && typeof n === 'object') {
        if ((n as Json).viewTrackingSpecs?.viewName === 'feed-full-update') depths.add(d);
        else for (const v of Object.values(n)) walk(v, d + 1);
      }
    };
    walk(resolve(rows.get('0'), rows), 0);
    expect(depths.size).toBeGreaterThan(1);
  });

  it('filters by datePosted and sorts newest first when sortBy holds date_posted', async () => {
    const searchId = randomUUID();
    const within = (ms: number) =>
      duck()
        .filter((p) => timeOf(p) >= Date.now() - ms)
        .map((p) => p.activityId)
        .sort();
    const day = (await page('duckdb', 0, searchId, { datePosted: ['past-24h'] })).posts
      .filter((p) => p.id)
      .map((p) => p.id);
    expect([...day].sort()).toEqual(within(24 * 3600_000));
    expect(day.length).toBeLessThan(duck().length);
    const week = [
      ...(await page('duckdb', 0, searchId, { datePosted: ['past-week'] })).posts,
      ...(await page('duckdb', 10, searchId, { datePosted: ['past-week'] })).posts,
    ]
      .filter((p) => p.id)
      .map((p) => p.id);
    expect([...week].sort()).toEqual(within(7 * 24 * 3600_000));
    const newest = [
      ...(await page('duckdb', 0, searchId, { sortBy: ['date_posted'] })).posts,
      ...(await page('duckdb', 10, searchId, { sortBy: ['date_posted'] })).posts,
    ]
      .filter((p) => p.id)
      .map((p) => BigInt(p.id!));
    expect(newest).toEqual([...newest].sort((a, b) => (b > a ? 1 : -1)));
  });

  it('records an opening of the search results page (it writes search history); the pager does not', async () => {
    await page('duckdb', 0, randomUUID());
    expect(fake.state.searchHistory).toEqual([]);
    const opened = await net.get(
      `/search/results/content/?keywords=${enc('duckdb')}&origin=GLOBAL_SEARCH_HEADER`,
    );
    expect(opened.status).toBe(200);
    expect(fake.state.searchHistory).toEqual([
      {
        path: '/search/results/content/',
        rawQuery: 'keywords=duckdb&origin=GLOBAL_SEARCH_HEADER',
        keywords: 'duckdb',
      },
    ]);
  });

  it('renames the post component in changed_shapes; other voices have no pager; other operations answer as measured_2026', async () => {
    fake.setMode('changed_shapes');
    const r = await pager(pagerBody(payloadOf('duckdb', 0, randomUUID())));
    expect(readPage(r.text).posts).toHaveLength(0);
    expect(readPage(r.text, 'feed-update-v2').posts.filter((p) => p.id)).toHaveLength(10);
    fake.setMode('normal');
    expect((await net.get('identity/profiles/ada-lovelace/networkinfo')).status).toBe(410);
    fake.setVoice('measured_2026');
    expect(fake.dataset.posts.filter((p) => /duckdb/i.test(p.text))).toHaveLength(10);
    expect((await pager(pagerBody(payloadOf('duckdb', 0, randomUUID())))).status).toBe(404);
    fake.setVoice('sdui_2026');
    expect(duck()).toHaveLength(14);
  });
});
