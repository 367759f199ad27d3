import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { TASK_OUTPUTS } from '../../../src/contract/task-io.js';
import { TASK_TYPES } from '../../../src/contract/task-types.js';
import { OPERATIONS } from '../../../src/network/operations/index.js';
import { err, json, ok, run, status, type Routes } from './operation-run.js';
import { forgetSession } from '../../../src/network/session-memory.js';
import { fixture, type FixtureAnswer, type FixtureCall } from './fixture-fetch.js';
import * as s26 from './shapes-2026.js';

// Each operation as deployed (the worker's input check and the service's output check around runTask:
// run-as-deployed.ts) against each shape the
// network has answered in: the recorded shapes of fixtures/*.json (before 2026) and the shapes
// measured in 2026 (shapes-2026.ts). Optional parts may be missing; a missing required part is
// network_changed naming its path; a retired way moves on to the next alternative of the map.

const removeIncluded = (doc: any, type: string, field: string) => {
  for (const e of doc.included) if (e.$type === type) delete e[field];
  return doc;
};
/** identity/dash/profiles answers by decoration: the full profile, or the top card. */
const profiles =
  (full: FixtureAnswer | null, topCard: FixtureAnswer | null) =>
  (c: FixtureCall): FixtureAnswer => {
    const deco = c.url.searchParams.get('decorationId') ?? '';
    const answer = /TopCard/.test(deco)
      ? topCard
      : /FullProfileWithEntities/.test(deco)
        ? full
        : null;
    return answer ?? status(400);
  };

const ADA = s26.ADA;
const PROFILE = 'com.linkedin.voyager.dash.identity.profile.Profile';

beforeEach(() => forgetSession());

describe('the operation table', () => {
  it('maps every task type to an operation, one file per task type', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual([...TASK_TYPES].sort());
    const files = readdirSync(join(import.meta.dirname, '../../../src/network/operations')).filter(
      (f) => f.startsWith('agent-'),
    );
    expect(files.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual(
      [...TASK_TYPES].map((t) => t.replaceAll('_', '-')).sort(),
    );
  });
});

describe('agent_profile_fetch', () => {
  const full = () => json(fixture('profile-ada-lovelace.json'));

  it('2026: the top card gives degree and followers, networkinfo is never asked, connections are null; two calls', async () => {
    const { result, paths, calls } = await run(
      'agent_profile_fetch',
      { profile_slug: 'ada-lovelace' },
      [
        ['identity/dash/profiles', profiles(full(), json(s26.connected()))],
        [/networkinfo$/, s26.gone()],
      ],
    );
    const out = ok(result);
    expect(TASK_OUTPUTS.agent_profile_fetch.safeParse(out).success).toBe(true);
    expect(out).toMatchObject({
      profile_urn: ADA,
      name: 'Ada Lovelace',
      network_degree: 'first',
      followers: 10432,
      connections: null,
    });
    expect(paths).toEqual(['identity/dash/profiles', 'identity/dash/profiles']);
    expect(calls[0]!.rawQuery).toBe(
      'q=memberIdentity&memberIdentity=ada-lovelace&decorationId=com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-93',
    );
    expect(calls[1]!.url.searchParams.get('decorationId')).toMatch(/TopCardSupplementary/);
  });

  it('before 2026: no top card, networkinfo gives distance and both counts (the retired ways are reported)', async () => {
    const { result, paths } = await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }, [
      ['identity/dash/profiles', profiles(full(), null)],
      [
        /^identity\/profiles\/ada-lovelace\/networkinfo$/,
        json(fixture('networkinfo-ada-lovelace.json')),
      ],
    ]);
    expect(ok(result)).toEqual({
      profile_urn: ADA,
      member_urn: 'urn:li:member:1002',
      public_identifier: 'ada-lovelace',
      name: 'Ada Lovelace',
      headline: 'Analyst of engines at Acme Robotics',
      location: 'London, England, United Kingdom',
      profile_url: 'https://www.linkedin.com/in/ada-lovelace/',
      connections: 500,
      followers: 10432,
      about: 'I write programs for machines that do not exist yet.',
      experience: [
        {
          title: 'Chief Analyst',
          company_name: 'Acme Robotics',
          company_urn: 'urn:li:fsd_company:1035',
          location: 'London',
          description: 'Notes on the analytical engine.',
          start: { year: 2021, month: 3 },
          end: null,
        },
        {
          title: 'Translator',
          company_name: 'Babbage & Co',
          company_urn: null,
          location: null,
          description: null,
          start: { year: 2015, month: null },
          end: { year: 2021, month: 2 },
        },
      ],
      education: [
        {
          school_name: 'University of London',
          degree: 'BSc',
          field_of_study: 'Mathematics',
          start: { year: 2011, month: null },
          end: { year: 2014, month: null },
        },
      ],
      skills: ['Mathematics', 'Programming', 'Poetical science'],
      network_degree: 'first',
    });
    expect(paths).toEqual([
      'identity/dash/profiles',
      'identity/dash/profiles',
      'identity/dash/profiles',
      'identity/profiles/ada-lovelace/networkinfo',
    ]);
    expect(result.network!.failed.map((f) => [f.alternative, f.status])).toEqual([
      ['top-card-supplementary', 400],
      ['top-card-core', 400],
    ]);
  });

  it('when no way of reading the relationship works any more, the profile still completes with null counts and degree', async () => {
    const { result } = await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }, [
      ['identity/dash/profiles', profiles(full(), status(410))],
      [/networkinfo$/, s26.gone()],
    ]);
    expect(ok(result)).toMatchObject({
      name: 'Ada Lovelace',
      connections: null,
      followers: null,
      network_degree: null,
    });
    expect(result.network!.failed).toHaveLength(3);
  });

  it('tolerates missing optional parts: summary, location, collections', async () => {
    const doc = fixture('profile-ada-lovelace.json');
    for (const f of [
      'summary',
      'geoLocation',
      '*profilePositionGroups',
      '*profileEducations',
      '*profileSkills',
    ])
      removeIncluded(doc, PROFILE, f);
    const out = ok(
      (
        await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }, [
          ['identity/dash/profiles', profiles(json(doc), json(s26.secondDegree()))],
        ])
      ).result,
    );
    expect(out).toMatchObject({
      about: '',
      location: '',
      headline: 'Analyst of engines at Acme Robotics',
      experience: [],
      education: [],
      skills: [],
      network_degree: 'second',
    });
  });

  it('reads the profile in any order of included, with unknown fields', async () => {
    const doc = fixture('profile-ada-lovelace.json');
    doc.included.reverse();
    for (const e of doc.included) e.unknownFieldOf2027 = { nested: [1, 2] };
    const out = ok(
      (
        await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }, [
          ['identity/dash/profiles', profiles(json(doc), json(s26.connected()))],
        ])
      ).result,
    );
    expect(out.experience.map((x: any) => x.title)).toEqual(['Chief Analyst', 'Translator']);
    expect(out.skills).toHaveLength(3);
  });

  it('a missing name or headline is network_changed naming the field and each way, never an empty success', async () => {
    for (const field of ['firstName', 'headline']) {
      const doc = removeIncluded(fixture('profile-ada-lovelace.json'), PROFILE, field);
      const { result } = await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }, [
        ['identity/dash/profiles', profiles(json(doc), null)],
      ]);
      const e = err(result);
      const named = field === 'firstName' ? 'name' : 'headline';
      expect(e.code).toBe('network_changed');
      expect(e.message).toContain(`(dash-full-profile) lacks ${named} in 1 of its 1 results`);
      expect(result.network!.answers).toContainEqual({
        call: 'profile',
        alternative: 'dash-full-profile',
        results: 1,
        missing: [{ field: named, count: 1 }],
      });
    }
  });

  it('an empty answer for the slug is not_found; a 403 (private or renamed) is access_denied, asked once', async () => {
    const empty = json({ data: { '*elements': [] }, included: [] });
    expect(
      err(
        (
          await run('agent_profile_fetch', { profile_slug: 'nobody' }, [
            ['identity/dash/profiles', profiles(empty, empty)],
          ])
        ).result,
      ).code,
    ).toBe('not_found');
    const hidden = await run('agent_profile_fetch', { profile_slug: 'hidden-hal' }, [
      ['identity/dash/profiles', status(403)],
    ]);
    expect(err(hidden.result)).toMatchObject({ code: 'access_denied', retryable: false });
    expect(hidden.paths).toHaveLength(1);
  });
});

describe('agent_profiles_tracking', () => {
  const updates = () => fixture('profile-updates-ada-lovelace.json');

  it('before 2026: posts with author, counts, media and the time from the activity id', async () => {
    const { result, calls } = await run(
      'agent_profiles_tracking',
      { profile_urns: [ADA], count: 3 },
      [['identity/profileUpdatesV2', json(updates())]],
    );
    const out = ok(result);
    expect(TASK_OUTPUTS.agent_profiles_tracking.safeParse(out).success).toBe(true);
    expect(out.posts).toHaveLength(3);
    const id = out.posts[0].linkedin_post_urn;
    expect(out.posts[0]).toEqual({
      linkedin_post_url: `https://www.linkedin.com/feed/update/urn:li:activity:${id}/`,
      linkedin_post_urn: id,
      social_urn: `urn:li:activity:${id}`,
      content: 'Our new compiler for AI agents ships today.',
      post_author: {
        author_slug: 'ada-lovelace',
        author_type: 'person',
        full_name: 'Ada Lovelace',
        headline: 'Analyst of engines at Acme Robotics',
        image_url: 'https://media.licdn.example/dms/image/ada-lovelace-photo/800_800/photo.jpg',
      },
      posted_at: '2026-01-15T10:00:00.000Z',
      likes_count: 42,
      shares_count: 3,
      comments_count: 7,
      videos: null,
      image_urls: ['https://media.licdn.example/dms/image/ada-post-1/800_800/photo.jpg'],
    });
    expect(out.posts[2].videos).toEqual(['https://dms.licdn.example/playlist/ada-video-1.mp4']);
    expect(calls[0]!.rawQuery).toBe(
      `q=memberShareFeed&moduleKey=member-shares%3Aphone&profileUrn=${encodeURIComponent(ADA)}&count=3&start=0&includeLongTermHistory=true`,
    );
  });

  it('2026: counts as SocialActivityCounts entities keyed by the post, ugcPost URNs, included reversed, reshared originals left out', async () => {
    const ugc = `urn:li:ugcPost:${s26.activityId(s26.T0, 7)}`;
    const act = `urn:li:activity:${s26.activityId(s26.T0 - 3_600_000, 8)}`;
    const doc = s26.updates2026(
      [
        {
          urn: ugc,
          text: 'DuckDB in the browser',
          author: {
            name: 'Ada Lovelace',
            url: 'https://www.linkedin.com/in/ada-lovelace?miniProfileUrn=x',
            urn: 'urn:li:member:1002',
          },
          counts: { numLikes: 5, numComments: 2, numShares: 1 },
        },
        {
          urn: act,
          text: 'Second post',
          author: { name: 'Ada Lovelace', url: 'https://www.linkedin.com/in/ada-lovelace' },
        },
      ],
      {
        reshared: {
          urn: `urn:li:activity:${s26.activityId(s26.T0 - 9e7, 9)}`,
          text: 'An original someone else wrote',
          author: { name: 'Alan Turing' },
        },
      },
    );
    const out = ok(
      (
        await run('agent_profiles_tracking', { profile_urns: [ADA] }, [
          ['identity/profileUpdatesV2', json(doc)],
        ])
      ).result,
    );
    expect(out.posts.map((p: any) => p.social_urn)).toEqual([ugc, act]);
    expect(out.posts[0]).toMatchObject({
      content: 'DuckDB in the browser',
      posted_at: '2026-10-01T08:00:00.000Z',
      likes_count: 5,
      comments_count: 2,
      shares_count: 1,
      post_author: { author_slug: 'ada-lovelace', author_type: 'person' },
    });
    // No counts entity for it and none inside: unknown, not 0.
    expect(out.posts[1]).toMatchObject({ likes_count: null, comments_count: null });
  });

  it('pages by paginationToken (start ignored) until count, through pages smaller than asked', async () => {
    const all = Array.from({ length: 5 }, (_, i) => ({
      urn: `urn:li:activity:${s26.activityId(s26.T0 - i * 3_600_000, i)}`,
      text: `post ${i}`,
      author: { name: 'Ada Lovelace' },
    }));
    const page = (c: FixtureCall) => {
      const from = Number(c.url.searchParams.get('paginationToken') ?? 0);
      const next = from + 2 < all.length ? String(from + 2) : null;
      return json(s26.updates2026(all.slice(from, from + 2), { token: next }));
    };
    const { result, calls } = await run(
      'agent_profiles_tracking',
      { profile_urns: [ADA], count: 4 },
      [['identity/profileUpdatesV2', page]],
    );
    expect(ok(result).posts.map((p: any) => p.content)).toEqual([
      'post 0',
      'post 1',
      'post 2',
      'post 3',
    ]);
    expect(calls.map((c) => c.url.searchParams.get('paginationToken'))).toEqual([null, '2']);
    const rest = await run('agent_profiles_tracking', { profile_urns: [ADA], count: 100 }, [
      ['identity/profileUpdatesV2', page],
    ]);
    expect(ok(rest.result).posts).toHaveLength(5);
    expect(rest.calls).toHaveLength(3);
  });

  it('resolves a slug through the profile call; person and fs_miniProfile URNs map directly; unknown and private profiles are skipped', async () => {
    const { result, paths } = await run(
      'agent_profiles_tracking',
      {
        profile_urns: [
          'https://www.linkedin.com/in/ada-lovelace/',
          'urn:li:fs_miniProfile:ACoAAAdaLovelace000002',
          'no-such-person',
          'hidden-hal',
        ],
        count: 1,
      },
      [
        [
          'identity/dash/profiles',
          (c) =>
            c.url.searchParams.get('memberIdentity') === 'ada-lovelace'
              ? json(fixture('profile-ada-lovelace.json'))
              : c.url.searchParams.get('memberIdentity') === 'hidden-hal'
                ? status(403)
                : json({ data: { '*elements': [] }, included: [] }),
        ],
        ['identity/profileUpdatesV2', json(updates())],
      ],
    );
    expect(ok(result).posts).toHaveLength(2);
    expect(paths.filter((p) => p === 'identity/profileUpdatesV2')).toHaveLength(2);
  });

  it('tolerates missing counts (unknown: null), actor image and media; an update with neither author nor text is left out', async () => {
    const doc = updates();
    const [first, second] = doc.included.filter(
      (e: any) => e.$type === 'com.linkedin.voyager.feed.render.UpdateV2',
    );
    for (const e of [first, second]) {
      delete e['*socialDetail'];
      delete e.content;
      delete e.actor.image;
      delete e.actor.description;
    }
    delete second.commentary;
    delete second.actor.name;
    doc.included = doc.included.filter((e: any) => !e.$type.endsWith('SocialActivityCounts'));
    const out = ok(
      (
        await run('agent_profiles_tracking', { profile_urns: [ADA] }, [
          ['identity/profileUpdatesV2', json(doc)],
        ])
      ).result,
    );
    expect(out.posts).toHaveLength(2);
    expect(out.posts[0]).toMatchObject({
      content: expect.stringMatching(/\S/),
      likes_count: null,
      comments_count: null,
      shares_count: null,
      image_urls: null,
      videos: null,
      post_author: { image_url: null, headline: '' },
    });
  });

  it('an update without a text or media is skipped and counted; most without fails naming the field and the way', async () => {
    const doc = updates();
    const [first, second] = doc.included.filter(
      (e: any) => e.$type === 'com.linkedin.voyager.feed.render.UpdateV2',
    );
    delete first.commentary;
    delete first.content;
    const { result } = await run('agent_profiles_tracking', { profile_urns: [ADA] }, [
      ['identity/profileUpdatesV2', json(doc)],
    ]);
    expect(ok(result).posts.map((p: any) => p.content)).not.toContain('');
    // One of each page's three lacked its text (the route answers the same page again).
    const [answers] = result.network!.answers!;
    expect(answers).toMatchObject({ call: 'profile_posts', missing: [{ field: 'content' }] });
    expect(answers!.missing[0]!.count * 3).toBe(answers!.results);

    delete second.commentary;
    delete second.content;
    const failed = err(
      (
        await run('agent_profiles_tracking', { profile_urns: [ADA] }, [
          ['identity/profileUpdatesV2', json(doc)],
        ])
      ).result,
    );
    expect(failed.code).toBe('network_changed');
    expect(failed.message).toMatch(
      /profile_posts answer \([a-z0-9-]+\) lacks content in 2 of its 3/,
    );
  });

  it('updates none of which can be read are network_changed naming where', async () => {
    const doc = updates();
    for (const e of doc.included) {
      if (e.$type === 'com.linkedin.voyager.feed.render.UpdateV2') {
        delete e.actor;
        delete e.commentary;
      }
    }
    const e = err(
      (
        await run('agent_profiles_tracking', { profile_urns: [ADA] }, [
          ['identity/profileUpdatesV2', json(doc)],
        ])
      ).result,
    );
    expect(e).toMatchObject({
      code: 'network_changed',
      message: expect.stringContaining('readable item among its 3 (first at data.*elements[0]'),
    });
  });
});

describe('company operations', () => {
  it('agent_company_fetch reads references for industries and following info', async () => {
    const { result, calls } = await run('agent_company_fetch', { company: 'acme-robotics' }, [
      ['organization/companies', json(fixture('company-acme-robotics.json'))],
    ]);
    expect(ok(result)).toMatchObject({
      company_urn: 'urn:li:fsd_company:1035',
      name: 'Acme Robotics',
      industries: ['Robotics Engineering'],
      followers: 48000,
      staff_count_range: '51-200',
      founded_year: 2012,
    });
    expect(calls[0]!.rawQuery).toBe(
      'decorationId=com.linkedin.voyager.deco.organization.web.WebFullCompanyMain-12&q=universalName&universalName=acme-robotics',
    );
  });

  it('agent_company_fetch tolerates missing optional facts and refuses a company without a name', async () => {
    const doc = fixture('company-acme-robotics.json');
    const c = doc.included.find(
      (e: any) => e.$type === 'com.linkedin.voyager.organization.Company',
    );
    for (const f of [
      'tagline',
      'headquarter',
      'logo',
      '*followingInfo',
      '*companyIndustries',
      'staffCountRange',
      'foundedOn',
      'specialities',
    ])
      delete c[f];
    const out = ok(
      (
        await run('agent_company_fetch', { company: 'acme-robotics' }, [
          ['organization/companies', json(doc)],
        ])
      ).result,
    );
    expect(out).toMatchObject({
      tagline: null,
      headquarters: null,
      logo_url: null,
      followers: null,
      industries: [],
      staff_count_range: null,
      founded_year: null,
      specialities: [],
    });
    delete c.name;
    expect(
      err(
        (
          await run('agent_company_fetch', { company: 'acme-robotics' }, [
            ['organization/companies', json(doc)],
          ])
        ).result,
      ),
    ).toMatchObject({ code: 'network_changed', message: expect.stringContaining('lacks name') });
  });

  it('2026: company posts from organization/updatesV2 (companyRelevanceFeed)', async () => {
    const urn = `urn:li:activity:${s26.activityId(s26.T0, 3)}`;
    const { result, calls } = await run(
      'agent_company_posts_fetch',
      { company: 'acme-robotics', count: 5 },
      [
        [
          'organization/updatesV2',
          (c) =>
            json(
              s26.updates2026(
                c.url.searchParams.get('start') === '0'
                  ? [
                      {
                        urn,
                        text: 'Acme ships DuckDB support',
                        counts: { numLikes: 9, numComments: 1, numShares: 0 },
                      },
                    ]
                  : [],
              ),
            ),
        ],
        ['feed/updates', status(400)],
      ],
    );
    expect(ok(result).posts).toEqual([
      expect.objectContaining({
        social_urn: urn,
        likes_count: 9,
        post_author: expect.objectContaining({
          author_slug: 'acme-robotics',
          author_type: 'company',
          full_name: 'Acme Robotics',
        }),
      }),
    ]);
    // One page, and one more that says there is no more.
    expect(calls.map((c) => c.url.searchParams.get('start'))).toEqual(['0', '1']);
    expect(calls[0]!.rawQuery).toBe(
      'q=companyRelevanceFeed&companyIdOrUniversalName=acme-robotics&moduleKey=ORGANIZATION_MEMBER_FEED_DESKTOP&count=5&start=0&numComments=0&numLikes=0',
    );
  });

  it('before 2026: organization/updatesV2 unknown, the companyFeedByUniversalName finder answers', async () => {
    const routes: Routes = [['feed/updates', json(fixture('company-updates-acme-robotics.json'))]];
    const out = ok(
      (await run('agent_company_posts_fetch', { company: 'acme-robotics', count: 1 }, routes))
        .result,
    );
    expect(out.posts).toHaveLength(1);
    expect(out.posts[0]).toMatchObject({
      content: 'Acme Robotics launches AI agents for warehouses.',
      post_author: { author_slug: 'acme-robotics', author_type: 'company' },
    });
    expect(out.posts[0].image_urls).toHaveLength(2);
    const tracked = ok(
      (
        await run(
          'agent_company_tracking',
          { company: 'acme-robotics', watchlist_id: 'w', count: 20 },
          routes,
        )
      ).result,
    );
    expect(tracked.posts).toHaveLength(2);
  });
});

describe('agent_profiles_search', () => {
  it('2026: the REST clusters form (no queryId), a leading empty cluster, normalised results, a total that is a ceiling', async () => {
    const doc = s26.peopleSearchRest([
      {
        id: 'ACoAAAdaLovelace000002',
        slug: 'ada-lovelace',
        name: 'Ada Lovelace',
        headline: 'Analyst',
        distance: 'DISTANCE_1',
      },
      { id: 'ACoAAAlanTuring0000004', slug: 'alan-turing', name: 'Alan Turing' },
    ]);
    const { result, calls } = await run(
      'agent_profiles_search',
      {
        keywords: 'analyst',
        company: 'Acme',
        network_degree: ['first', 'second'],
        start: 0,
        count: 2,
      },
      [['search/dash/clusters', json(doc)]],
    );
    const out = ok(result);
    expect(out).toMatchObject({ start: 0, count: 2, total: 1000 });
    expect(out.profiles[0]).toMatchObject({
      profile_urn: ADA,
      public_identifier: 'ada-lovelace',
      full_name: 'Ada Lovelace',
      network_degree: 'first',
      profile_url: 'https://www.linkedin.com/in/ada-lovelace',
    });
    expect(out.profiles[1]).toMatchObject({
      public_identifier: 'alan-turing',
      headline: null,
      network_degree: 'second',
    });
    expect(calls[0]!.rawQuery).toBe(
      'decorationId=com.linkedin.voyager.dash.deco.search.SearchClusterCollection-186&origin=GLOBAL_SEARCH_HEADER&q=all&query=(keywords:analyst%20Acme,flagshipSearchIntent:SEARCH_SRP,queryParameters:(resultType:List(PEOPLE),network:List(F,S)),includeFiltersInResponse:false)&start=0&count=2',
    );
  });

  it('before 2026: the REST form unknown (404), the GraphQL form with inline results', async () => {
    const { result, calls } = await run(
      'agent_profiles_search',
      {
        keywords: 'ada lovelace',
        title: 'Chief (Analyst)',
        network_degree: ['first', 'third'],
        start: 0,
        count: 10,
      },
      [['graphql', json(fixture('search-people.json'))]],
    );
    const out = ok(result);
    expect(out).toMatchObject({ start: 0, count: 4, total: 4 });
    expect(out.profiles[0]).toEqual({
      profile_urn: ADA,
      public_identifier: 'ada-lovelace',
      full_name: 'Ada Lovelace',
      headline: 'Analyst of engines at Acme Robotics',
      location: 'London, England, United Kingdom',
      profile_url: 'https://www.linkedin.com/in/ada-lovelace',
      image_url: 'https://media.licdn.example/dms/image/ada-lovelace-photo/800_800/photo.jpg',
      network_degree: 'first',
    });
    const graphql = calls.find((c) => c.url.pathname.endsWith('/graphql'))!;
    expect(graphql.headers.accept).toBe('application/json');
    expect(graphql.rawQuery).toBe(
      'variables=(start:0,count:10,origin:GLOBAL_SEARCH_HEADER,query:(keywords:ada%20lovelace%20Chief%20%28Analyst%29,flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:resultType,value:List(PEOPLE)),(key:network,value:List(F,O))),includeFiltersInResponse:false))&queryId=voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0',
    );
  });

  it('tolerates clusters without items and results without optional parts; leaves out results that are not people', async () => {
    const doc = fixture('search-people.json');
    const cluster = doc.data.searchDashClustersByAll.elements[0];
    doc.data.searchDashClustersByAll.elements.unshift({ $type: 'x' });
    const r = cluster.items[0].item.entityResult;
    for (const f of [
      'primarySubtitle',
      'secondarySubtitle',
      'navigationUrl',
      'image',
      'entityCustomTrackingInfo',
    ])
      delete r[f];
    cluster.items.push({
      item: {
        entityResult: {
          entityUrn: 'urn:li:fsd_entityResultViewModel:(urn:li:fsd_company:1,SEARCH_SRP,DEFAULT)',
          title: { text: 'A company' },
        },
      },
    });
    delete doc.data.searchDashClustersByAll.paging;
    const out = ok(
      (
        await run('agent_profiles_search', { keywords: 'a', start: 0, count: 10 }, [
          ['graphql', json(doc)],
        ])
      ).result,
    );
    expect(out.profiles).toHaveLength(4);
    expect(out.total).toBeNull();
    expect(out.profiles[0]).toMatchObject({
      public_identifier: null,
      headline: null,
      location: null,
      profile_url: null,
      image_url: null,
      network_degree: null,
    });
  });

  it('a stale GraphQL queryId (400) after a retired REST form is network_changed saying the map needs an update', async () => {
    const e = err(
      (
        await run('agent_profiles_search', { keywords: 'a', start: 0, count: 10 }, [
          ['search/dash/clusters', status(410)],
          ['graphql', status(400)],
        ])
      ).result,
    );
    expect(e).toMatchObject({
      code: 'network_changed',
      message: expect.stringContaining(
        'rest-search-clusters: HTTP 410; graphql-search-clusters: HTTP 400',
      ),
    });
  });
});

describe('agent_connections_fetch', () => {
  it('reads connections and their profiles', async () => {
    const { result, calls } = await run('agent_connections_fetch', { start: 0, count: 40 }, [
      ['relationships/dash/connections', json(fixture('connections.json'))],
    ]);
    const out = ok(result);
    expect(out.connections.map((c: any) => c.full_name)).toEqual([
      'Margaret Hamilton',
      'Ada Lovelace',
    ]);
    expect(out.connections[1]).toMatchObject({
      profile_urn: ADA,
      connected_at: '2024-12-11T12:00:00.000Z',
      image_url: expect.stringContaining('ada-lovelace-photo'),
    });
    expect(calls[0]!.rawQuery).toBe(
      'decorationId=com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-16&q=search&sortType=RECENTLY_ADDED&start=0&count=40',
    );
  });

  it('finds the profile by connectedMember when the resolution reference is absent; unreadable everywhere is network_changed', async () => {
    const doc = fixture('connections.json');
    for (const e of doc.included) delete e['*connectedMemberResolutionResult'];
    expect(
      ok(
        (
          await run('agent_connections_fetch', { start: 0, count: 40 }, [
            ['relationships/dash/connections', json(doc)],
          ])
        ).result,
      ).connections,
    ).toHaveLength(2);
    for (const e of doc.included) if (e.$type.endsWith('Profile')) delete e.firstName;
    expect(
      err(
        (
          await run('agent_connections_fetch', { start: 0, count: 40 }, [
            ['relationships/dash/connections', json(doc)],
          ])
        ).result,
      ).code,
    ).toBe('network_changed');
  });

  it('pages of at most 40 until count (up to 1,000), stopping at the total', async () => {
    const base = fixture('connections.json');
    const conn = base.included.find((e: any) => e.$type.endsWith('Connection'));
    const prof = base.included.find(
      (e: any) => e.$type.endsWith('Profile') && e.entityUrn === conn.connectedMember,
    );
    const people = Array.from({ length: 95 }, (_, i) => i);
    const page = (c: FixtureCall) => {
      const start = Number(c.url.searchParams.get('start'));
      const count = Number(c.url.searchParams.get('count'));
      const slice = people.slice(start, start + count);
      const included = slice.flatMap((i) => [
        {
          ...conn,
          entityUrn: `urn:li:fsd_connection:C${i}`,
          connectedMember: `urn:li:fsd_profile:ACoAAP${i}xxxxxxxx`,
          '*connectedMemberResolutionResult': `urn:li:fsd_profile:ACoAAP${i}xxxxxxxx`,
        },
        { ...prof, entityUrn: `urn:li:fsd_profile:ACoAAP${i}xxxxxxxx`, firstName: `P${i}` },
      ]);
      return json({
        data: {
          '*elements': slice.map((i) => `urn:li:fsd_connection:C${i}`),
          paging: { start, count: slice.length, total: people.length },
        },
        included,
      });
    };
    const { result, calls } = await run('agent_connections_fetch', { start: 0, count: 500 }, [
      ['relationships/dash/connections', page],
    ]);
    expect(ok(result)).toMatchObject({ count: 95, total: 95 });
    expect(
      calls.map((c) => [c.url.searchParams.get('start'), c.url.searchParams.get('count')]),
    ).toEqual([
      ['0', '40'],
      ['40', '40'],
      ['80', '40'],
    ]);
  });
});

describe('writes', () => {
  const POST = 'urn:li:activity:7285000000000000000';
  const ACME = 'urn:li:fsd_company:1035';

  it('agent_like_post posts the REST reaction; an empty 201 with the reaction id in a header is a success', async () => {
    const { result, calls } = await run(
      'agent_like_post',
      { social_urn: POST, reaction_type: 'EMPATHY' },
      [['voyagerSocialDashReactions', { status: 201, text: '' }]],
    );
    expect(ok(result)).toEqual({ liked: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.rawQuery).toBe(`threadUrn=${encodeURIComponent(POST)}`);
    expect(calls[0]!.body).toEqual({ reactionType: 'EMPATHY' });
  });

  it('agent_like_post as a page: the page in the GraphQL reaction body (entity.actorUrn), never in a query parameter', async () => {
    const { result, calls } = await run(
      'agent_like_post',
      { social_urn: POST, actor_type: 'company', company_title: 'Acme Robotics' },
      [
        ['organization/companies', json(s26.companyAcme())],
        ['graphql', json(s26.reactionCreated(ACME, POST))],
      ],
    );
    expect(ok(result)).toEqual({ liked: true });
    expect(calls[0]!.url.searchParams.get('universalName')).toBe('acme-robotics');
    expect(calls[1]!.body).toMatchObject({
      variables: { entity: { reactionType: 'LIKE', actorUrn: ACME }, threadUrn: POST },
    });
    expect(calls.every((c) => !/actor/i.test(c.rawQuery))).toBe(true);
  });

  it('agent_like_post as a page fails loudly when the network says the member reacted instead', async () => {
    const { result } = await run(
      'agent_like_post',
      { social_urn: POST, actor_type: 'company', company_title: 'acme-robotics' },
      [
        ['organization/companies', json(s26.companyAcme())],
        ['graphql', json(s26.reactionCreated(s26.SELF, POST))],
      ],
    );
    expect(err(result)).toMatchObject({
      code: 'network_changed',
      retryable: false,
      message: expect.stringContaining('acted as the signed-in member'),
    });
  });

  it('agent_comment_post sends the commentary view model; as a page with nonMemberActorUrn in the body, or organizationActorUrn when that is refused', async () => {
    const { result, calls } = await run(
      'agent_comment_post',
      { social_urn: POST, comment_text: 'Well said' },
      [['voyagerSocialDashNormComments', { status: 201, json: fixture('comment-created.json') }]],
    );
    expect(ok(result).comment_urn).toMatch(/^urn:li:fsd_comment:/);
    expect(calls[0]!.body).toEqual({
      commentary: {
        text: 'Well said',
        attributesV2: [],
        $type: 'com.linkedin.voyager.dash.common.text.TextViewModel',
      },
      threadUrn: POST,
    });

    const asPage = await run(
      'agent_comment_post',
      {
        social_urn: POST,
        comment_text: 'From Acme',
        actor_type: 'company',
        company_title: 'Acme Robotics',
      },
      [
        ['organization/companies', json(s26.companyAcme())],
        [
          'voyagerSocialDashNormComments',
          (c) => ((c.body as any).nonMemberActorUrn ? status(400) : { status: 201, text: '' }),
        ],
      ],
    );
    expect(ok(asPage.result)).toEqual({ commented: true, comment_urn: null });
    expect(
      asPage.calls
        .slice(1)
        .map((c) => Object.keys(c.body as object).filter((k) => /Actor/.test(k))),
    ).toEqual([['nonMemberActorUrn'], ['organizationActorUrn']]);
    expect(
      asPage.calls.every((c) => !/actor/i.test(c.rawQuery.replace(/decorationId=[^&]*/, ''))),
    ).toBe(true);
  });

  it('agent_connection_request reads the relationship first: connected or pending is refused without an invitation', async () => {
    const invite = [
      'voyagerRelationshipsDashMemberRelationships',
      json(fixture('invitation-created.json')),
    ] as const;
    const connected = await run('agent_connection_request', { profile_urn: ADA }, [
      ['identity/dash/profiles', profiles(null, json(s26.connected()))],
      [...invite],
    ]);
    expect(err(connected.result).code).toBe('already_connected');
    expect(connected.paths).toEqual(['identity/dash/profiles']);
    expect(connected.calls[0]!.url.searchParams.get('memberIdentity')).toBe(
      'ACoAAAdaLovelace000002',
    );
    const pending = await run('agent_connection_request', { profile_urn: ADA }, [
      ['identity/dash/profiles', profiles(null, json(s26.pendingInvitation()))],
      [...invite],
    ]);
    expect(err(pending.result).code).toBe('invitation_pending');

    const sent = await run('agent_connection_request', { profile_urn: ADA, note: ' Hi Ada ' }, [
      ['identity/dash/profiles', profiles(null, json(s26.secondDegree()))],
      [...invite],
    ]);
    expect(ok(sent.result)).toEqual({
      sent: true,
      invitation_urn: 'urn:li:fsd_invitation:7100000000',
    });
    const post = sent.calls[1]!;
    expect(post.url.searchParams.get('action')).toBe('verifyQuotaAndCreateV2');
    expect(post.body).toEqual({
      invitee: { inviteeUnion: { memberProfile: ADA } },
      customMessage: 'Hi Ada',
    });
  });

  it('agent_connection_request sends when the relationship cannot be read, and maps 406 and CANT_RESEND_YET', async () => {
    const noRelationship: Routes = [
      ['identity/dash/profiles', status(400)],
      [/networkinfo$/, s26.gone()],
    ];
    const sent = await run('agent_connection_request', { profile_urn: ADA }, [
      ...noRelationship,
      ['voyagerRelationshipsDashMemberRelationships', json(fixture('invitation-created.json'))],
    ]);
    expect(ok(sent.result).sent).toBe(true);
    expect(sent.calls.at(-1)!.body).toEqual({ invitee: { inviteeUnion: { memberProfile: ADA } } });
    const state = await run('agent_connection_request', { profile_urn: ADA }, [
      ...noRelationship,
      ['voyagerRelationshipsDashMemberRelationships', status(406)],
    ]);
    expect(err(state.result).code).toBe('invitation_pending');
    const again = await run('agent_connection_request', { profile_urn: ADA }, [
      ...noRelationship,
      [
        'voyagerRelationshipsDashMemberRelationships',
        json(s26.errorBody(400, 'CANT_RESEND_YET'), 400),
      ],
    ]);
    expect(err(again.result).code).toBe('invitation_pending');
  });

  it('agent_send_message: the mailbox from me once per session, the relationship, then hostRecipientUrns at the top level', async () => {
    const routes: Routes = [
      ['me', json(fixture('me.json'))],
      ['identity/dash/profiles', profiles(null, json(s26.connected()))],
      ['voyagerMessagingDashMessengerMessages', json(fixture('message-created.json'))],
    ];
    const { result, paths, calls } = await run(
      'agent_send_message',
      { profile_urn: ADA, message_text: 'Hello' },
      routes,
    );
    expect(ok(result)).toEqual({
      sent: true,
      conversation_urn: expect.stringMatching(/^urn:li:msg_conversation:/),
      delivered_at: '2026-01-15T12:00:00.000Z',
    });
    expect(paths).toEqual([
      'me',
      'identity/dash/profiles',
      'voyagerMessagingDashMessengerMessages',
    ]);
    const send = calls[2]!;
    expect(send.rawQuery).toBe('action=createMessage');
    expect(send.body).toMatchObject({
      mailboxUrn: s26.SELF,
      hostRecipientUrns: [ADA],
      message: { body: { text: 'Hello', attributes: [] } },
      dedupeByClientGeneratedToken: false,
    });
    expect((send.body as any).message.hostRecipientUrns).toBeUndefined();
    // The session knows who it is now: the next message is the relationship and the send only.
    const second = await run(
      'agent_send_message',
      { profile_urn: ADA, message_text: 'Again' },
      routes,
    );
    expect(second.paths).toEqual([
      'identity/dash/profiles',
      'voyagerMessagingDashMessengerMessages',
    ]);
  });

  it('agent_send_message falls back to hostRecipientUrns inside message when the top-level body is refused; 422 and a non-connection are not_first_degree', async () => {
    const base: Routes = [
      ['me', json(fixture('me.json'))],
      ['identity/dash/profiles', profiles(null, json(s26.connected()))],
    ];
    const nested = await run('agent_send_message', { profile_urn: ADA, message_text: 'Hello' }, [
      ...base,
      [
        'voyagerMessagingDashMessengerMessages',
        (c) =>
          (c.body as any).hostRecipientUrns ? status(400) : json(fixture('message-created.json')),
      ],
    ]);
    expect(ok(nested.result).sent).toBe(true);
    expect((nested.calls.at(-1)!.body as any).message.hostRecipientUrns).toEqual([ADA]);

    const refused = await run('agent_send_message', { profile_urn: ADA, message_text: 'Hello' }, [
      ['me', json(fixture('me.json'))],
      ['identity/dash/profiles', status(400)],
      [/networkinfo$/, s26.gone()],
      ['voyagerMessagingDashMessengerMessages', json({ data: { status: 422 }, included: [] }, 422)],
    ]);
    expect(err(refused.result)).toMatchObject({ code: 'not_first_degree', retryable: false });

    const second = await run('agent_send_message', { profile_urn: ADA, message_text: 'Hello' }, [
      ['me', json(fixture('me.json'))],
      ['identity/dash/profiles', profiles(null, json(s26.secondDegree()))],
      ['voyagerMessagingDashMessengerMessages', json(fixture('message-created.json'))],
    ]);
    expect(err(second.result).code).toBe('not_first_degree');
    expect(second.paths).not.toContain('voyagerMessagingDashMessengerMessages');
  });
});

describe('the boundaries around an operation', () => {
  it('the worker refuses invalid input, and the tab an unknown type, without calling the network', async () => {
    const { result, calls } = await run(
      'agent_connections_fetch',
      { start: 'zero', count: 40 },
      [],
    );
    expect(err(result)).toMatchObject({
      code: 'network_changed',
      retryable: false,
      message: expect.stringContaining('start'),
    });
    expect(calls).toHaveLength(0);
    expect(err((await run('agent_unknown', {}, [])).result).message).toMatch(/Unknown task type/);
  });

  it('the service refuses an output that does not fit the contract, reported as network_changed', async () => {
    const doc = fixture('search-people.json');
    doc.data.searchDashClustersByAll.paging.total = -5;
    const e = err(
      (
        await run('agent_profiles_search', { keywords: 'a', start: 0, count: 10 }, [
          ['graphql', json(doc)],
        ])
      ).result,
    );
    expect(e).toMatchObject({
      code: 'network_changed',
      message: expect.stringContaining('does not fit the contract at total'),
    });
  });
});
