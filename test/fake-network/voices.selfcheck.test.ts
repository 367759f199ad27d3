import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { client, type Json, NORMALISED, type RawReply as Reply } from './raw-client.js';
import { ALL_FAKE_VOICES, startFakeNetwork, type FakeNetwork, type FakeVoice } from './server.js';
import { measuredIn2026, postUrn } from './voices.js';

/**
 * Self-check of the fake network's voices with raw HTTPS requests: the distinguishing facts of each
 * voice (README.md, "Voices"). Run: `npx vitest run -c test/fake-network/vitest.config.ts`.
 */

const enc = encodeURIComponent;
const FULL = 'com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-93';
const TOP_CARD = 'com.linkedin.voyager.dash.deco.identity.profile.WebTopCardCore-16';
const profilePath = (identity: string, decoration = FULL) =>
  `identity/dash/profiles?q=memberIdentity&memberIdentity=${enc(identity)}&decorationId=${decoration}`;
const postsPath = (profileId: string, extra = '') =>
  `identity/profileUpdatesV2?q=memberShareFeed&moduleKey=member-shares:phone&profileUrn=${enc(`urn:li:fsd_profile:${profileId}`)}&includeLongTermHistory=true${extra}`;
const companyFeedPath = (slug: string, extra = '') =>
  `feed/updates?q=companyFeedByUniversalName&companyUniversalName=${slug}&moduleKey=member-share${extra}`;
const connectionsPath = (start: number, count: number) =>
  `relationships/dash/connections?decorationId=com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-16&q=search&sortType=RECENTLY_ADDED&start=${start}&count=${count}`;
const gqlSearch = (resultType: string, keywords: string, start = 0, count = 10, extraParams = '') =>
  `graphql?variables=(start:${start},count:${count},origin:GLOBAL_SEARCH_HEADER,query:(keywords:${enc(keywords)},flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:resultType,value:List(${resultType}))${extraParams}),includeFiltersInResponse:false))&queryId=voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0`;
const restSearch = (params: string, keywords: string, start = 0, count = 10) =>
  `search/dash/clusters?decorationId=com.linkedin.voyager.dash.deco.search.SearchClusterCollection-186&origin=GLOBAL_SEARCH_HEADER&q=all&query=(keywords:${enc(keywords)},flagshipSearchIntent:SEARCH_SRP,queryParameters:(${params}),includeFiltersInResponse:false)&start=${start}&count=${count}`;
const likePath = (urn: string) => `voyagerSocialDashReactions?threadUrn=${enc(urn)}`;
const commentPath =
  'voyagerSocialDashNormComments?decorationId=com.linkedin.voyager.dash.deco.social.NormComment-43';
const commentBody = (threadUrn: string, text: string, extra: Json = {}) => ({
  commentary: {
    text,
    attributesV2: [],
    $type: 'com.linkedin.voyager.dash.common.text.TextViewModel',
  },
  threadUrn,
  ...extra,
});
const invitePath =
  'voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2&decorationId=com.linkedin.voyager.dash.deco.relationships.InvitationCreationResultWithInvitee-2';
const inviteBody = (profileId: string, customMessage?: string) => ({
  invitee: { inviteeUnion: { memberProfile: `urn:li:fsd_profile:${profileId}` } },
  ...(customMessage ? { customMessage } : {}),
});
const messagePath = 'voyagerMessagingDashMessengerMessages?action=createMessage';

const byUrn = (included: Json[]) =>
  new Map<string, Json>(included.map((e) => [e.entityUrn as string, e]));
const clustersOf = (r: Reply, normalised: boolean): Json[] =>
  (normalised ? r.json.data.data : r.json.data).searchDashClustersByAll.elements;

// ---- dataset ----------------------------------------------------------------------------------------

describe('dataset (every voice)', () => {
  let fake: FakeNetwork;
  beforeAll(async () => {
    fake = await startFakeNetwork();
  });
  afterAll(() => fake.close());

  it('has the DuckDB posts, Ada and acme-robotics feeds, 57 connections and a private profile', () => {
    const ds = fake.dataset;
    const duck = ds.posts.filter((p) => /duckdb/i.test(p.text));
    expect(duck.length).toBeGreaterThanOrEqual(8);
    expect(new Set(duck.map((p) => p.text.match(/duckdb/i)![0])).size).toBeGreaterThan(1); // mixed case
    expect(duck.filter((p) => /crypto/i.test(p.text)).length).toBeGreaterThanOrEqual(2);
    expect(
      new Set(
        duck
          .filter((p) => p.author.kind === 'person')
          .map((p) => (p.author as { profileId: string }).profileId),
      ).size,
    ).toBeGreaterThanOrEqual(3);
    expect(
      new Set(
        duck
          .filter((p) => p.author.kind === 'company')
          .map((p) => (p.author as { companyId: number }).companyId),
      ),
    ).toEqual(new Set([1035, 2040]));
    const ages = duck.map((p) => Date.now() - Number(BigInt(p.activityId) >> 22n));
    expect(Math.max(...ages)).toBeLessThan(10 * 24 * 3600_000);
    expect(Math.max(...ages)).toBeGreaterThan(5 * 24 * 3600_000);
    expect(ds.posts.some((p) => !/duckdb/i.test(p.text))).toBe(true);
    const ada = ds.profiles.find((p) => p.slug === 'ada-lovelace')!;
    expect(
      ds.posts.filter((p) => p.author.kind === 'person' && p.author.profileId === ada.id).length,
    ).toBeGreaterThanOrEqual(6);
    expect(
      ds.posts.filter((p) => p.author.kind === 'company' && p.author.companyId === 1035).length,
    ).toBeGreaterThanOrEqual(6);
    expect(ds.profiles.filter((p) => p.distance === 'DISTANCE_1').length).toBeGreaterThanOrEqual(
      57,
    );
    expect(ds.profiles.find((p) => p.slug === 'connection-01')!.id).toMatch(/^ACoAAConnection/);
    expect(ds.profiles.find((p) => p.slug === 'hidden-hal')).toMatchObject({
      distance: 'DISTANCE_2',
      private: true,
    });
    expect(ds.posts[0]!.text).toBe('Our new compiler for AI agents ships today.');
  });
});

// ---- what every voice shares ------------------------------------------------------------------------------

describe.each(ALL_FAKE_VOICES.map((v) => [v]))('every voice: %s', (voice: FakeVoice) => {
  let fake: FakeNetwork;
  let net: ReturnType<typeof client>;
  beforeAll(async () => {
    fake = await startFakeNetwork({ voice });
    net = client(fake);
  });
  afterAll(async () => {
    await net.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());
  const hal = () => fake.dataset.profiles.find((p) => p.slug === 'hidden-hal')!;
  const selfUrn = () => `urn:li:fsd_profile:${fake.dataset.self.id}`;

  it('answers me, keeps the csrf check and logs every call with its status', async () => {
    expect(fake.voice()).toBe(voice);
    expect((await net.get('me')).status).toBe(200);
    const quoted = await net.call('GET', 'me', undefined, NORMALISED, {
      'csrf-token': `"${fake.csrfToken}"`,
    });
    expect(quoted.status).toBe(403);
    expect(fake.state.requests.map((r) => r.status)).toEqual([200, 403]);
    expect(fake.state.requests[0]).toMatchObject({
      method: 'GET',
      path: '/voyager/api/me',
      rawQuery: '',
    });
  });

  it('answers 403 for every read of the private profile', async () => {
    expect((await net.get(profilePath('hidden-hal'))).status).toBe(403);
    expect((await net.get(profilePath(hal().id))).status).toBe(403);
    expect((await net.get(postsPath(hal().id, '&count=10&start=0'))).status).toBe(403);
    const ni = await net.get(`identity/profiles/hidden-hal/networkinfo`);
    expect(ni.status).toBe(measuredIn2026(voice) ? 410 : 403);
    if (measuredIn2026(voice))
      expect((await net.get(profilePath('hidden-hal', TOP_CARD))).status).toBe(403);
    const err = (await net.get(profilePath('hidden-hal'))).json;
    expect(err).toMatchObject({ data: { status: 403, message: expect.any(String) }, included: [] });
  });

  it('records who acted: the REST like as the member (a query parameter never makes it a page), a comment as the page named in the body', async () => {
    const post = fake.dataset.posts[0]!;
    const urn = postUrn(post, fake.dataset, voice);
    const like = await net.post(
      `${likePath(urn)}&actorCompanyUrn=${enc('urn:li:fsd_company:1035')}`,
      { reactionType: 'PRAISE' },
    );
    expect(like.status).toBe(201);
    expect(like.text).toBe('');
    expect(fake.state.likes).toEqual([
      { threadUrn: urn, reactionType: 'PRAISE', actorUrn: selfUrn(), via: 'rest' },
    ]);
    const asPage = await net.post(
      commentPath,
      commentBody(urn, 'From the page', { nonMemberActorUrn: 'urn:li:fsd_company:1035' }),
    );
    expect(asPage.status).toBe(201);
    const asMember = await net.post(
      `${commentPath}&actor=${enc('urn:li:fsd_company:2040')}`,
      commentBody(urn, 'From me'),
    );
    expect(asMember.status).toBe(201);
    const refused = await net.post(
      commentPath,
      commentBody(urn, 'Not mine', { nonMemberActorUrn: 'urn:li:fsd_company:9999' }),
    );
    expect(refused.status).toBe(403);
    expect(fake.state.comments.map((c) => [c.text, c.actorUrn])).toEqual([
      ['From the page', 'urn:li:fsd_company:1035'],
      ['From me', selfUrn()],
    ]);
    // The GraphQL reaction mutation is known only in the 2026 voices.
    const gql = await net.post(
      'graphql?action=execute&queryId=voyagerSocialDashReactions.b2c8a2a5bc0d4c5ab7e4b1c5a2e6f3d1',
      {
        variables: { entity: { reactionType: 'LIKE' }, threadUrn: urn },
        queryId: 'voyagerSocialDashReactions.b2c8a2a5bc0d4c5ab7e4b1c5a2e6f3d1',
      },
    );
    expect(gql.status).toBe(measuredIn2026(voice) ? 200 : 400);
  });

  it('redirects API calls to /checkpoint/lg/ in signed_out_login_checkpoint, which is a sign-in page, and keeps the voice on reset', async () => {
    fake.setMode('signed_out_login_checkpoint');
    const r = await net.get('me');
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/checkpoint/lg/login-submit');
    const signIn = await net.get('/checkpoint/lg/login-submit');
    expect(signIn.status).toBe(200);
    expect(signIn.text).toContain('session_password');
    fake.setMode('challenge');
    expect((await net.get('me')).headers.location).toMatch(/^\/checkpoint\/challenge\//);
    fake.reset();
    expect(fake.mode()).toBe('normal');
    expect(fake.voice()).toBe(voice);
  });
});

describe('control over HTTP', () => {
  it('switches the voice, reports it in state, keeps it on reset', async () => {
    const fake = await startFakeNetwork({ voice: 'paged' });
    const net = client(fake);
    try {
      expect((await net.get('/__fake/state')).json).toMatchObject({
        mode: 'normal',
        voice: 'paged',
      });
      expect((await net.post('/__fake/voice', { voice: 'nonsense' })).status).toBe(400);
      expect((await net.post('/__fake/voice', { voice: 'measured_2026' })).json).toEqual({
        voice: 'measured_2026',
      });
      expect(fake.voice()).toBe('measured_2026');
      await net.post('/__fake/mode', { mode: 'rate_limited' });
      await net.post('/__fake/reset', {});
      expect((await net.get('/__fake/state')).json).toMatchObject({
        mode: 'normal',
        voice: 'measured_2026',
      });
    } finally {
      await net.close();
      await fake.close();
    }
  });
});

// ---- today ----------------------------------------------------------------------------------------------

describe('today', () => {
  let fake: FakeNetwork;
  let net: ReturnType<typeof client>;
  beforeAll(async () => {
    fake = await startFakeNetwork();
    net = client(fake);
  });
  afterAll(async () => {
    await net.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());
  const p = (slug: string) => fake.dataset.profiles.find((x) => x.slug === slug)!;

  it('knows only the main sections’ forms: newer routes are 404, newer decorations 400', async () => {
    const rest = await net.get(restSearch('resultType:List(PEOPLE)', 'ada'));
    expect(rest.status).toBe(404);
    expect(rest.json.data.message).toMatch(/No route/);
    expect(
      (
        await net.get(
          'organization/updatesV2?q=companyRelevanceFeed&companyIdOrUniversalName=acme-robotics&moduleKey=ORGANIZATION_MEMBER_FEED_DESKTOP&count=5&start=0',
        )
      ).status,
    ).toBe(404);
    expect(
      (await net.get(`feed/updates/${enc(`urn:li:activity:${fake.dataset.posts[0]!.activityId}`)}`))
        .status,
    ).toBe(404);
    expect((await net.get(profilePath('ada-lovelace', TOP_CARD))).status).toBe(400);
    expect((await net.get(profilePath('ada-lovelace'))).status).toBe(200);
    const ni = await net.get('identity/profiles/ada-lovelace/networkinfo');
    expect(ni.json.data).toMatchObject({
      followersCount: 10432,
      connectionsCount: 500,
      distance: { value: 'DISTANCE_1' },
    });
    expect((await net.get('identity/profiles/ada-lovelace/profileView')).status).toBe(410);
  });

  it('pages a profile’s posts by start/count, with a token too', async () => {
    const first = await net.get(postsPath(p('ada-lovelace').id, '&count=2&start=0'));
    const second = await net.get(postsPath(p('ada-lovelace').id, '&count=2&start=2'));
    expect(first.json.data['*elements']).toHaveLength(2);
    expect(second.json.data.paging).toMatchObject({ start: 2, count: 2 });
    expect(second.json.data['*elements'][0]).not.toBe(first.json.data['*elements'][0]);
    expect(first.json.data.metadata.paginationToken).toEqual(expect.any(String));
    const company = await net.get(companyFeedPath('acme-robotics', '&count=10&start=0'));
    expect(company.json.data['*elements']).toHaveLength(6);
  });

  it('searches through GraphQL: inline entityResult with plain JSON, references one level deeper normalised, full updates for content', async () => {
    const inline = await net.get(gqlSearch('PEOPLE', 'ada lovelace'), 'application/json');
    expect(clustersOf(inline, false)[0].items[0].item.entityResult.title.text).toBe('Ada Lovelace');
    expect(inline.json.included).toBeUndefined();
    const norm = await net.get(gqlSearch('PEOPLE', 'ada lovelace'));
    const ref = clustersOf(norm, true)[0].items[0].item['*entityResult'];
    expect(byUrn(norm.json.included).get(ref)!.title.text).toBe('Ada Lovelace');
    const content = await net.get(
      gqlSearch('CONTENT', 'duckdb', 0, 49, ',(key:sortBy,value:List(date_posted))'),
      'application/json',
    );
    const items = clustersOf(content, false)[0].items;
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items[0].item.searchFeedUpdate.update.metadata.backendUrn).toMatch(
      /^urn:li:(activity|ugcPost):\d+$/,
    );
    expect(
      clustersOf(content, false)[0].items.every((i: Json) =>
        /duckdb/i.test(i.item.searchFeedUpdate.update.commentary.text.text),
      ),
    ).toBe(true);
    const filtered = await net.get(
      gqlSearch(
        'PEOPLE',
        '',
        0,
        49,
        ',(key:currentCompany,value:List(1035)),(key:network,value:List(S))',
      ),
    );
    expect(filtered.json.data.data.searchDashClustersByAll.paging.total).toBe(1);
  });

  it('lists all 57 connections over pages of at most 40', async () => {
    const first = await net.get(connectionsPath(0, 500));
    expect(first.json.data['*elements']).toHaveLength(40);
    expect(first.json.data.paging.total).toBe(57);
    const second = await net.get(connectionsPath(40, 500));
    expect(second.json.data['*elements']).toHaveLength(17);
  });

  it('takes hostRecipientUrns inside message only; REST like 201', async () => {
    const ada = p('ada-lovelace');
    const self = `urn:li:fsd_profile:${fake.dataset.self.id}`;
    const inside = {
      message: {
        body: { text: 'Hi', attributes: [] },
        renderContentUnions: [],
        hostRecipientUrns: [`urn:li:fsd_profile:${ada.id}`],
        originToken: 'b2f0c8a2-3d49-4c6b-9d7c-0e6c1b0a2f11',
      },
      mailboxUrn: self,
      trackingId: 'abcdefghijklmnop',
      dedupeByClientGeneratedToken: false,
    };
    expect((await net.post(messagePath, inside)).status).toBe(200);
    const top = {
      ...inside,
      hostRecipientUrns: inside.message.hostRecipientUrns,
      message: { ...inside.message, hostRecipientUrns: undefined },
    };
    expect((await net.post(messagePath, top)).status).toBe(400);
    expect(fake.state.messages).toHaveLength(1);
    expect((await net.post(invitePath, inviteBody(ada.id))).status).toBe(400);
    expect((await net.post(invitePath, inviteBody(p('alan-turing').id, 'Hello'))).status).toBe(200);
    expect((await net.post(invitePath, inviteBody(p('alan-turing').id))).json.data.code).toBe(
      'CANT_RESEND_YET',
    );
  });
});

// ---- drifted ---------------------------------------------------------------------------------------------

describe('drifted', () => {
  let fake: FakeNetwork;
  let today: FakeNetwork;
  let net: ReturnType<typeof client>;
  let netToday: ReturnType<typeof client>;
  beforeAll(async () => {
    fake = await startFakeNetwork({ voice: 'drifted' });
    today = await startFakeNetwork({ voice: 'today' });
    net = client(fake);
    netToday = client(today);
  });
  afterAll(async () => {
    await net.close();
    await netToday.close();
    await fake.close();
    await today.close();
  });

  it('answers included in reverse order, with unknown extra fields', async () => {
    const d = await net.get(connectionsPath(0, 10));
    const t = await netToday.get(connectionsPath(0, 10));
    expect(d.json.included.map((e: Json) => e.entityUrn)).toEqual(
      [...t.json.included.map((e: Json) => e.entityUrn)].reverse(),
    );
    expect(d.json.included.every((e: Json) => Array.isArray(e.$recipeTypes))).toBe(true);
    expect(d.json.data.paging.links).toEqual([]);
    const prof = await net.get(profilePath('ada-lovelace'));
    const profile = prof.json.included.find(
      (e: Json) => e.$type === 'com.linkedin.voyager.dash.identity.profile.Profile',
    );
    expect(profile.summary).toBeUndefined();
    expect(prof.json.included[0]).toBe(profile);
  });

  it('makes every third post of the dataset a ugcPost, with the same id', async () => {
    const ada = fake.dataset.profiles.find((x) => x.slug === 'ada-lovelace')!;
    const r = await net.get(postsPath(ada.id, '&count=50&start=0'));
    const updates = r.json.included.filter(
      (e: Json) =>
        e.$type === 'com.linkedin.voyager.feed.render.UpdateV2' &&
        r.json.data['*elements'].includes(e.entityUrn),
    );
    const urns: string[] = updates.map((u: Json) => u.updateMetadata.urn);
    for (const urn of urns) {
      const id = urn.split(':').pop()!;
      const index = fake.dataset.posts.findIndex((x) => x.activityId === id);
      const post = fake.dataset.posts[index]!;
      expect(urn).toBe(
        `urn:li:${post.kind === 'ugcPost' || index % 3 === 2 ? 'ugcPost' : 'activity'}:${id}`,
      );
    }
    expect(urns.some((u) => u.startsWith('urn:li:ugcPost:'))).toBe(true);
  });

  it('leads every search answer with an empty cluster; content as entity results; people in the other shape', async () => {
    const content = await net.get(
      gqlSearch('CONTENT', 'duckdb', 0, 49, ',(key:sortBy,value:List(date_posted))'),
      'application/json',
    );
    const [empty, results] = clustersOf(content, false);
    expect(empty.items ?? []).toEqual([]);
    const er = results.items[0].item.entityResult;
    expect(er.entityUrn).toMatch(
      /^urn:li:fsd_entityResultViewModel:\(urn:li:(activity|ugcPost):\d+,SEARCH_SRP,DEFAULT\)$/,
    );
    expect(er.trackingUrn).toMatch(/^urn:li:(activity|ugcPost):\d+$/);
    expect(er.summary.text.toLowerCase()).toContain('duckdb');
    expect(er.secondarySubtitle.text).toMatch(/^\d+[mhdw] • $/);
    expect(er.navigationUrl).toBe(`https://www.linkedin.com/feed/update/${er.trackingUrn}/`);
    const people = await net.get(gqlSearch('PEOPLE', 'ada lovelace'), 'application/json');
    const [emptyP, resultsP] = clustersOf(people, false);
    expect(emptyP.items).toBeUndefined();
    const ref = resultsP.items[0].item['*entityResult'];
    expect(byUrn(people.json.included).get(ref)!.title.text).toBe('Ada Lovelace');
    const peopleNorm = await net.get(gqlSearch('PEOPLE', 'ada lovelace'));
    expect(clustersOf(peopleNorm, true)[1].items[0].item.entityResult.title.text).toBe(
      'Ada Lovelace',
    );
  });
});

// ---- paged -----------------------------------------------------------------------------------------------

describe('paged', () => {
  let fake: FakeNetwork;
  let net: ReturnType<typeof client>;
  beforeAll(async () => {
    fake = await startFakeNetwork({ voice: 'paged' });
    net = client(fake);
  });
  afterAll(async () => {
    await net.close();
    await fake.close();
  });

  it('answers 2 posts a page, ignores start and follows paginationToken to the last page', async () => {
    const ada = fake.dataset.profiles.find((x) => x.slug === 'ada-lovelace')!;
    const first = await net.get(postsPath(ada.id, '&count=50&start=0'));
    expect(first.json.data['*elements']).toHaveLength(2);
    expect(first.json.data.paging.count).toBe(2);
    const ignored = await net.get(postsPath(ada.id, '&count=50&start=2'));
    expect(ignored.json.data['*elements']).toEqual(first.json.data['*elements']);
    const seen: string[] = [...first.json.data['*elements']];
    let token: string | undefined = first.json.data.metadata.paginationToken;
    while (token) {
      const r = await net.get(postsPath(ada.id, `&count=50&start=0&paginationToken=${enc(token)}`));
      expect(r.json.data['*elements'].length).toBeLessThanOrEqual(2);
      seen.push(...r.json.data['*elements']);
      token = r.json.data.metadata.paginationToken;
    }
    expect(seen).toHaveLength(
      fake.dataset.posts.filter((x) => x.author.kind === 'person' && x.author.profileId === ada.id)
        .length,
    );
    expect(new Set(seen).size).toBe(seen.length);
    const company = await net.get(companyFeedPath('acme-robotics', '&count=10&start=4'));
    expect(company.json.data['*elements']).toHaveLength(2);
    expect(company.json.data.paging.start).toBe(0);
  });

  it('search totals are ceilings; a page past the end has no items; connections 10 a page with an exact total', async () => {
    const r = await net.get(gqlSearch('CONTENT', 'duckdb', 0, 10));
    const body = r.json.data.data.searchDashClustersByAll;
    const real = fake.dataset.posts.filter((x) => /duckdb/i.test(x.text)).length;
    expect(body.paging).toEqual({ start: 0, count: 2, total: real + 40 });
    const past = await net.get(gqlSearch('CONTENT', 'duckdb', real + 2, 10));
    expect(
      past.json.data.data.searchDashClustersByAll.elements.flatMap((c: Json) => c.items ?? []),
    ).toEqual([]);
    const conns = await net.get(connectionsPath(0, 500));
    expect(conns.json.data.paging).toEqual({ start: 0, count: 10, total: 57 });
  });
});

// ---- measured_2026 ----------------------------------------------------------------------------------------

describe('measured_2026', () => {
  let fake: FakeNetwork;
  let net: ReturnType<typeof client>;
  beforeAll(async () => {
    fake = await startFakeNetwork({ voice: 'measured_2026' });
    net = client(fake);
  });
  afterAll(async () => {
    await net.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());
  const p = (slug: string) => fake.dataset.profiles.find((x) => x.slug === slug)!;
  const selfUrn = () => `urn:li:fsd_profile:${fake.dataset.self.id}`;

  it('retires networkinfo, profileView and profileContactInfo (410); reads relationship and followers from the top card', async () => {
    for (const kind of ['networkinfo', 'profileView', 'profileContactInfo'])
      expect((await net.get(`identity/profiles/ada-lovelace/${kind}`)).status).toBe(410);
    const rel = async (identity: string) => {
      const r = await net.get(profilePath(identity, TOP_CARD));
      expect(r.status).toBe(200);
      expect(r.text).not.toMatch(/connectionsCount|numConnections/);
      const inc = byUrn(r.json.included);
      const profile = inc.get(r.json.data['*elements'][0])!;
      return {
        union: inc.get(profile['*memberRelationship'])!.memberRelationshipUnion,
        followers: inc.get(profile['*followingState'])!.followerCount,
        inc,
      };
    };
    const ada = await rel('ada-lovelace');
    expect(ada.union).toEqual({ '*connection': `urn:li:fsd_connection:${p('ada-lovelace').id}` });
    expect(ada.inc.get(ada.union['*connection'])).toBeDefined();
    expect(ada.followers).toBe(10432);
    expect((await rel(p('alan-turing').id)).union).toEqual({
      noConnection: expect.objectContaining({
        memberDistance: 'DISTANCE_2',
        invitationUnion: { noInvitation: {} },
      }),
    });
    expect((await rel('grace-hopper')).union).toEqual({ self: {} });
    expect((await net.post(invitePath, inviteBody(p('alan-turing').id, 'Hello'))).status).toBe(200);
    const pending = await rel('alan-turing');
    const invitationUrn = pending.union.noConnection.invitationUnion['*invitation'];
    expect(invitationUrn).toBe(fake.state.invitations[0]!.invitationUrn);
    expect(pending.inc.get(invitationUrn)).toMatchObject({ invitationState: 'PENDING' });
    const supplementary = await net.get(
      profilePath(
        'katherine-johnson',
        'com.linkedin.voyager.dash.deco.identity.profile.TopCardSupplementary-130',
      ),
    );
    expect(supplementary.status).toBe(200);
    const full = await net.get(
      profilePath(
        'margaret-hamilton',
        'com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-109',
      ),
    );
    expect(
      full.json.included.filter(
        (e: Json) => e.$type === 'com.linkedin.voyager.dash.identity.profile.Skill',
      ),
    ).toHaveLength(20);
  });

  it('answers company posts only on organization/updatesV2; profile posts by token with reshared originals and separate counts', async () => {
    expect((await net.get(companyFeedPath('acme-robotics', '&count=5&start=0'))).status).toBe(400);
    expect(
      (
        await net.get(
          'feed/updatesV2?q=companyFeedByUniversalName&companyUniversalName=acme-robotics&moduleKey=member-share&count=5&start=0',
        )
      ).status,
    ).toBe(400);
    const org = (id: string) =>
      `organization/updatesV2?q=companyRelevanceFeed&companyIdOrUniversalName=${id}&moduleKey=ORGANIZATION_MEMBER_FEED_DESKTOP&count=10&start=0&numComments=0&numLikes=0`;
    const bySlug = await net.get(org('acme-robotics'));
    expect(bySlug.json.data['*elements']).toHaveLength(6);
    expect((await net.get(org('1035'))).json.data['*elements']).toEqual(
      bySlug.json.data['*elements'],
    );
    const ada = p('ada-lovelace');
    const first = await net.get(postsPath(ada.id, '&count=50&start=0'));
    const listed: string[] = first.json.data['*elements'];
    const updates = first.json.included.filter(
      (e: Json) => e.$type === 'com.linkedin.voyager.feed.render.UpdateV2',
    );
    expect(updates.some((u: Json) => !listed.includes(u.entityUrn))).toBe(true); // the reshared original
    const counts = first.json.included.filter(
      (e: Json) => e.$type === 'com.linkedin.voyager.feed.shared.SocialActivityCounts',
    );
    expect(counts.length).toBe(updates.length);
    expect(
      first.json.included
        .filter((e: Json) => e.$type === 'com.linkedin.voyager.feed.SocialDetail')
        .every((s: Json) => !s['*totalSocialActivityCounts']),
    ).toBe(true);
    expect(counts.every((c: Json) => c.entityUrn.endsWith(c.urn))).toBe(true);
    const two = await net.get(postsPath(ada.id, '&count=2&start=0'));
    expect((await net.get(postsPath(ada.id, '&count=2&start=2'))).json.data['*elements']).toEqual(
      two.json.data['*elements'],
    );
    const next = await net.get(
      postsPath(ada.id, `&count=2&paginationToken=${enc(two.json.data.metadata.paginationToken)}`),
    );
    expect(next.json.data['*elements']).toEqual(listed.slice(2, 4));
  });

  it('refuses GraphQL search (400 naming the queryId); the REST clusters form answers with filters and hollow content', async () => {
    const gql = await net.get(gqlSearch('PEOPLE', 'ada'));
    expect(gql.status).toBe(400);
    expect(gql.json.data.message).toContain(
      'voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0',
    );
    const people = await net.get(
      restSearch(
        'resultType:List(PEOPLE),network:List(F,S),currentCompany:List(1035),title:List(Nobody)',
        '',
      ),
    );
    expect(people.status).toBe(200);
    const refs = people.json.data.elements
      .flatMap((c: Json) => c.items)
      .map((i: Json) => i.itemUnion['*entityResult']);
    const inc = byUrn(people.json.included);
    expect(refs.map((r: string) => inc.get(r)!.title.text).sort()).toEqual([
      'Ada Lovelace',
      'Alan Turing',
    ]);
    expect(people.json.data.paging.total).toBeGreaterThan(2);
    const london = await net.get(
      restSearch('resultType:List(PEOPLE),geoUrn:List(90009496),network:List(S)', ''),
    );
    expect(london.json.data.elements.flatMap((c: Json) => c.items)).toHaveLength(0);
    const encoded = restSearch('resultType:List(PEOPLE)', 'ada').replace(
      /query=\((.*)\)&start/,
      (_, inner) => `query=${enc(`(${inner})`)}&start`,
    );
    expect((await net.get(encoded)).status).toBe(400);
    const content = await net.get(
      restSearch('resultType:List(CONTENT),sortBy:List(date_posted)', 'DuckDB', 0, 50),
    );
    expect(content.text).not.toMatch(/duckdb|summary|numLikes/i);
    const items = content.json.data.elements.flatMap((c: Json) => c.items);
    expect(items.length).toBe(fake.dataset.posts.filter((x) => /duckdb/i.test(x.text)).length);
    const hollowInc = byUrn(content.json.included);
    const kinds = items.map((i: Json) => hollowInc.get(i.itemUnion['*entityResult']));
    expect(kinds.some((k: Json | undefined) => k === undefined)).toBe(true);
    expect(
      kinds
        .filter(Boolean)
        .every((k: Json) => Object.keys(k).sort().join() === '$type,entityUrn,trackingUrn'),
    ).toBe(true);
    const last24h = await net.get(
      restSearch('resultType:List(CONTENT),datePosted:List(past-24h)', 'duckdb', 0, 50),
    );
    expect(last24h.json.data.elements.flatMap((c: Json) => c.items).length).toBeLessThan(
      items.length,
    );
  });

  it('answers one update by URN, activity or ugcPost; 404 for an unknown one', async () => {
    for (const post of [
      fake.dataset.posts[0]!,
      fake.dataset.posts.find((x) => x.kind === 'ugcPost')!,
    ]) {
      const urn = postUrn(post, fake.dataset, 'measured_2026');
      const r = await net.get(`feed/updates/${enc(urn)}`);
      expect(r.status).toBe(200);
      expect(r.json.data.updateMetadata.urn).toBe(urn);
    }
    expect(
      (await net.get(`feed/updates/${enc('urn:li:activity:7000000000000000000')}`)).status,
    ).toBe(404);
  });

  it('takes hostRecipientUrns at the top level; 422 without a code for a non-connection', async () => {
    const self = selfUrn();
    const to = (id: string) => `urn:li:fsd_profile:${id}`;
    const msg = (recipient: string, top: boolean) => ({
      message: {
        body: { text: 'Hi', attributes: [] },
        renderContentUnions: [],
        originToken: 'b2f0c8a2-3d49-4c6b-9d7c-0e6c1b0a2f11',
        ...(top ? {} : { hostRecipientUrns: [recipient] }),
      },
      ...(top ? { hostRecipientUrns: [recipient] } : {}),
      mailboxUrn: self,
      trackingId: 'abcdefghijklmnop',
      dedupeByClientGeneratedToken: false,
    });
    const inside = await net.post(messagePath, msg(to(p('ada-lovelace').id), false));
    expect(inside.status).toBe(400);
    expect(inside.json.data.code).toBeUndefined();
    expect((await net.post(messagePath, msg(to(p('ada-lovelace').id), true))).status).toBe(200);
    const alan = await net.post(messagePath, msg(to(p('alan-turing').id), true));
    expect(alan.status).toBe(422);
    expect(alan.json.data.code).toBeUndefined();
    expect(fake.state.messages).toHaveLength(1);
  });

  it('likes: REST as the member with X-RestLi-Id; GraphQL as entity.actorUrn, 403 for a page not ours, 200 with errors for an unknown thread', async () => {
    const urn = postUrn(fake.dataset.posts[0]!, fake.dataset, 'measured_2026');
    const rest = await net.post(
      `${likePath(urn)}&actorCompanyUrn=${enc('urn:li:fsd_company:1035')}`,
      { reactionType: 'LIKE' },
    );
    expect(rest.status).toBe(201);
    expect(rest.text).toBe('');
    expect(rest.headers['x-restli-id']).toBe(`urn:li:fsd_reaction:(${selfUrn()},${urn},0)`);
    const queryId = 'voyagerSocialDashReactions.b2c8a2a5bc0d4c5ab7e4b1c5a2e6f3d1';
    const gql = (threadUrn: string, actorUrn?: string) =>
      net.post(`graphql?action=execute&queryId=${queryId}`, {
        variables: {
          entity: { reactionType: 'EMPATHY', ...(actorUrn ? { actorUrn } : {}) },
          threadUrn,
        },
        queryId,
      });
    const asPage = await gql(urn, 'urn:li:fsd_company:1035');
    expect(asPage.status).toBe(200);
    expect(asPage.json.data.data.createSocialDashReactions.resourceKey).toBe(
      `urn:li:fsd_reaction:(urn:li:fsd_company:1035,${urn},0)`,
    );
    expect((await gql(urn, 'urn:li:fsd_company:424242')).status).toBe(403);
    const unknown = await gql('urn:li:activity:7000000000000000000');
    expect(unknown.status).toBe(200);
    expect(unknown.json.data.errors).toHaveLength(1);
    expect(fake.state.likes).toEqual([
      { threadUrn: urn, reactionType: 'LIKE', actorUrn: selfUrn(), via: 'rest' },
      {
        threadUrn: urn,
        reactionType: 'EMPATHY',
        actorUrn: 'urn:li:fsd_company:1035',
        via: 'graphql',
      },
    ]);
  });

  it('invitations: 406 without a code for a connection, CANT_RESEND_YET on a re-invite; a dead session redirects to /uas/login', async () => {
    const connected = await net.post(invitePath, inviteBody(p('ada-lovelace').id));
    expect(connected.status).toBe(406);
    expect(connected.json.data.code).toBeUndefined();
    expect((await net.post(invitePath, inviteBody(p('katherine-johnson').id))).status).toBe(200);
    expect(
      (await net.post(invitePath, inviteBody(p('katherine-johnson').id))).json.data,
    ).toMatchObject({ status: 400, code: 'CANT_RESEND_YET' });
    expect(fake.state.invitations).toHaveLength(1);
    fake.setMode('signed_out_redirect');
    expect((await net.get('me')).headers.location).toMatch(/^\/uas\/login/);
  });
});
