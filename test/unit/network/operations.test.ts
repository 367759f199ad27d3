import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TASK_OUTPUTS } from '../../../src/contract/task-io.js';
import { TASK_TYPES } from '../../../src/contract/task-types.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/network-map.js';
import { OPERATIONS } from '../../../src/network/operations/index.js';
import { runTask } from '../../../src/network/run-task.js';
import type { TaskResult } from '../../../src/network/types.js';
import { fixture, fixtureNetwork, SIGNED_IN_COOKIES, type FixtureAnswer } from './fixture-fetch.js';

// Each operation against recorded-shape fixtures, through runTask (input and output validation
// included). Optional parts may be missing; a missing required part is network_changed with its path.

type Routes = Parameters<typeof fixtureNetwork>[0];
async function run(type: string, input: Record<string, unknown>, routes: Routes) {
  const net = fixtureNetwork(routes);
  const result = await runTask({ type, input }, { map: BUILT_IN_NETWORK_MAP, fetchImpl: net.fetchImpl, cookies: () => SIGNED_IN_COOKIES });
  return { result, calls: net.calls };
}
function ok(result: TaskResult): any {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.output;
}
function err(result: TaskResult) {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}
const json = (j: unknown): FixtureAnswer => ({ json: j });
const removeIncluded = (doc: any, type: string, field: string) => {
  for (const e of doc.included) if (e.$type === type) delete e[field];
  return doc;
};

const ADA = 'urn:li:fsd_profile:ACoAAAdaLovelace000002';
const PROFILE = 'com.linkedin.voyager.dash.identity.profile.Profile';

describe('the operation table', () => {
  it('maps every task type to an operation, one file per task type', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual([...TASK_TYPES].sort());
    const files = readdirSync(join(import.meta.dirname, '../../../src/network/operations')).filter((f) => f.startsWith('agent_'));
    expect(files.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual([...TASK_TYPES].sort());
  });
});

describe('agent_profile_fetch', () => {
  const routes = (profile: unknown, info: unknown = fixture('networkinfo-ada-lovelace.json')): Routes => [
    ['identity/dash/profiles', json(profile)],
    [/^identity\/profiles\/ada-lovelace\/networkinfo$/, json(info)],
  ];

  it('reads profile, positions through their groups, educations, skills and distance', async () => {
    const { result, calls } = await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }, routes(fixture('profile-ada-lovelace.json')));
    const out = ok(result);
    expect(TASK_OUTPUTS.agent_profile_fetch.safeParse(out).success).toBe(true);
    expect(out).toEqual({
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
        { title: 'Chief Analyst', company_name: 'Acme Robotics', company_urn: 'urn:li:fsd_company:1035', location: 'London', description: 'Notes on the analytical engine.', start: { year: 2021, month: 3 }, end: null },
        { title: 'Translator', company_name: 'Babbage & Co', company_urn: null, location: null, description: null, start: { year: 2015, month: null }, end: { year: 2021, month: 2 } },
      ],
      education: [{ school_name: 'University of London', degree: 'BSc', field_of_study: 'Mathematics', start: { year: 2011, month: null }, end: { year: 2014, month: null } }],
      skills: ['Mathematics', 'Programming', 'Poetical science'],
      network_degree: 'first',
    });
    expect(calls[0]!.rawQuery).toBe('q=memberIdentity&memberIdentity=ada-lovelace&decorationId=com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-93');
  });

  it('tolerates missing optional parts: summary, location, collections, distance', async () => {
    const doc = fixture('profile-ada-lovelace.json');
    for (const f of ['summary', 'geoLocation', 'headline', '*profilePositionGroups', '*profileEducations', '*profileSkills']) removeIncluded(doc, PROFILE, f);
    const info = fixture('networkinfo-ada-lovelace.json');
    delete info.data.distance;
    const out = ok((await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }, routes(doc, info))).result);
    expect(out).toMatchObject({ about: '', location: '', headline: '', experience: [], education: [], skills: [], network_degree: null });
  });

  it('a missing required part is network_changed naming its path', async () => {
    const doc = removeIncluded(fixture('profile-ada-lovelace.json'), PROFILE, 'firstName');
    const e = err((await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }, routes(doc))).result);
    expect(e.code).toBe('network_changed');
    expect(e.message).toBe(`The network's profile answer has no data.*elements[0].firstName`);
    const info = fixture('networkinfo-ada-lovelace.json');
    delete info.data.followersCount;
    const e2 = err((await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }, routes(fixture('profile-ada-lovelace.json'), info))).result);
    expect(e2.message).toBe(`The network's profile_network_info answer has no data.followersCount`);
  });

  it('an empty answer for the slug is not_found', async () => {
    const e = err((await run('agent_profile_fetch', { profile_slug: 'nobody' }, [['identity/dash/profiles', json({ data: { '*elements': [] }, included: [] })]])).result);
    expect(e.code).toBe('not_found');
  });
});

describe('agent_profiles_tracking', () => {
  const updates = () => fixture('profile-updates-ada-lovelace.json');

  it('reads posts with author, counts, media and the time from the activity id', async () => {
    const { result, calls } = await run('agent_profiles_tracking', { profile_urns: [ADA] }, [['identity/profileUpdatesV2', json(updates())]]);
    const out = ok(result);
    expect(TASK_OUTPUTS.agent_profiles_tracking.safeParse(out).success).toBe(true);
    expect(out.posts).toHaveLength(3);
    const id = out.posts[0].linkedin_post_urn;
    expect(out.posts[0]).toEqual({
      linkedin_post_url: `https://www.linkedin.com/feed/update/urn:li:activity:${id}/`,
      linkedin_post_urn: id,
      social_urn: `urn:li:activity:${id}`,
      content: 'Our new compiler for AI agents ships today.',
      post_author: { author_slug: 'ada-lovelace', author_type: 'person', full_name: 'Ada Lovelace', headline: 'Analyst of engines at Acme Robotics', image_url: 'https://media.licdn.example/dms/image/ada-lovelace-photo/800_800/photo.jpg' },
      posted_at: '2026-01-15T10:00:00.000Z',
      likes_count: 42,
      shares_count: 3,
      comments_count: 7,
      videos: null,
      image_urls: ['https://media.licdn.example/dms/image/ada-post-1/800_800/photo.jpg'],
    });
    expect(out.posts[2].videos).toEqual(['https://dms.licdn.example/playlist/ada-video-1.mp4']);
    expect(calls[0]!.rawQuery).toBe(`q=memberShareFeed&moduleKey=member-shares%3Aphone&profileUrn=${encodeURIComponent(ADA)}&count=20&start=0&includeLongTermHistory=true`);
  });

  it('resolves a slug to its fsd_profile URN through the profile call; person and fs_miniProfile URNs map directly', async () => {
    const { result, calls } = await run('agent_profiles_tracking', { profile_urns: ['https://www.linkedin.com/in/ada-lovelace/', 'urn:li:person:ACoAAAdaLovelace000002', 'urn:li:fs_miniProfile:ACoAAAdaLovelace000002'], count: 1 }, [
      ['identity/dash/profiles', json(fixture('profile-ada-lovelace.json'))],
      ['identity/profileUpdatesV2', json(updates())],
    ]);
    expect(ok(result).posts).toHaveLength(3);
    const paths = calls.map((c) => c.url.pathname.replace('/voyager/api/', ''));
    expect(paths).toEqual(['identity/dash/profiles', 'identity/profileUpdatesV2', 'identity/profileUpdatesV2', 'identity/profileUpdatesV2']);
    expect(calls.filter((c) => c.url.pathname.endsWith('profileUpdatesV2')).every((c) => c.url.searchParams.get('profileUrn') === ADA)).toBe(true);
  });

  it('tolerates missing commentary, social counts, actor image and media', async () => {
    const doc = updates();
    for (const e of doc.included) {
      if (e.$type === 'com.linkedin.voyager.feed.render.UpdateV2') {
        delete e.commentary;
        delete e['*socialDetail'];
        delete e.content;
        delete e.actor.image;
        delete e.actor.description;
      }
    }
    const out = ok((await run('agent_profiles_tracking', { profile_urns: [ADA] }, [['identity/profileUpdatesV2', json(doc)]])).result);
    expect(out.posts[0]).toMatchObject({ content: '', likes_count: 0, comments_count: 0, shares_count: 0, image_urls: null, videos: null, post_author: { image_url: null, headline: '' } });
  });

  it('a post without its URN or actor name is network_changed naming the path', async () => {
    const doc = updates();
    delete doc.included.find((e: any) => e.$type === 'com.linkedin.voyager.feed.render.UpdateV2').actor.name;
    const e = err((await run('agent_profiles_tracking', { profile_urns: [ADA] }, [['identity/profileUpdatesV2', json(doc)]])).result);
    expect(e.code).toBe('network_changed');
    expect(e.message).toMatch(/data\.\*elements\[\d\]\.actor\.name/);
  });
});

describe('company operations', () => {
  it('agent_company_fetch reads references for industries and following info', async () => {
    const { result, calls } = await run('agent_company_fetch', { company: 'acme-robotics' }, [['organization/companies', json(fixture('company-acme-robotics.json'))]]);
    const out = ok(result);
    expect(out).toMatchObject({ company_urn: 'urn:li:fsd_company:1035', name: 'Acme Robotics', industries: ['Robotics Engineering'], followers: 48000, staff_count_range: '51-200', founded_year: 2012 });
    expect(calls[0]!.rawQuery).toBe('decorationId=com.linkedin.voyager.deco.organization.web.WebFullCompanyMain-12&q=universalName&universalName=acme-robotics');
  });

  it('agent_company_fetch tolerates missing optional facts and refuses a company without a name', async () => {
    const doc = fixture('company-acme-robotics.json');
    const c = doc.included.find((e: any) => e.$type === 'com.linkedin.voyager.organization.Company');
    for (const f of ['tagline', 'headquarter', 'logo', '*followingInfo', '*companyIndustries', 'staffCountRange', 'foundedOn', 'specialities']) delete c[f];
    const out = ok((await run('agent_company_fetch', { company: 'acme-robotics' }, [['organization/companies', json(doc)]])).result);
    expect(out).toMatchObject({ tagline: null, headquarters: null, logo_url: null, followers: null, industries: [], staff_count_range: null, founded_year: null, specialities: [] });
    delete c.name;
    const e = err((await run('agent_company_fetch', { company: 'acme-robotics' }, [['organization/companies', json(doc)]])).result);
    expect(e).toMatchObject({ code: 'network_changed', message: expect.stringContaining('data.*elements[0].name') });
  });

  it('agent_company_posts_fetch and agent_company_tracking read the company feed', async () => {
    const routes: Routes = [['feed/updates', json(fixture('company-updates-acme-robotics.json'))]];
    const out = ok((await run('agent_company_posts_fetch', { company: 'acme-robotics', count: 1 }, routes)).result);
    expect(out.posts).toHaveLength(1);
    expect(out.posts[0]).toMatchObject({ content: 'Acme Robotics launches AI agents for warehouses.', post_author: { author_slug: 'acme-robotics', author_type: 'company' } });
    expect(out.posts[0].image_urls).toHaveLength(2);
    const tracked = ok((await run('agent_company_tracking', { company: 'acme-robotics', watchlist_id: 'w', count: 20 }, routes)).result);
    expect(tracked.posts).toHaveLength(2);
  });
});

describe('agent_profiles_search', () => {
  it('reads inline results, extracts the profile URN from the composite URN and passes paging', async () => {
    const { result, calls } = await run('agent_profiles_search', { keywords: 'ada lovelace', title: 'Chief (Analyst)', network_degree: ['first', 'third'], start: 0, count: 10 }, [['graphql', json(fixture('search-people.json'))]]);
    const out = ok(result);
    expect(TASK_OUTPUTS.agent_profiles_search.safeParse(out).success).toBe(true);
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
    expect(calls[0]!.headers.accept).toBe('application/json');
    expect(calls[0]!.rawQuery).toBe(
      'variables=(start:0,count:10,origin:GLOBAL_SEARCH_HEADER,query:(keywords:ada%20lovelace,flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:resultType,value:List(PEOPLE)),(key:network,value:List(F,O)),(key:title,value:List(Chief%20%28Analyst%29))),includeFiltersInResponse:false))&queryId=voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0',
    );
  });

  it('tolerates clusters without items and results without optional parts', async () => {
    const doc = fixture('search-people.json');
    const cluster = doc.data.searchDashClustersByAll.elements[0];
    doc.data.searchDashClustersByAll.elements.push({ $type: 'x' });
    const r = cluster.items[0].item.entityResult;
    for (const f of ['primarySubtitle', 'secondarySubtitle', 'navigationUrl', 'image', 'entityCustomTrackingInfo']) delete r[f];
    cluster.items.push({ item: { entityResult: null } });
    delete doc.data.searchDashClustersByAll.paging;
    const out = ok((await run('agent_profiles_search', { keywords: 'a', start: 0, count: 10 }, [['graphql', json(doc)]])).result);
    expect(out.profiles).toHaveLength(4);
    expect(out.total).toBeNull();
    expect(out.profiles[0]).toMatchObject({ public_identifier: null, headline: null, location: null, profile_url: null, image_url: null, network_degree: null });
  });

  it('a result without its name is network_changed naming the path', async () => {
    const doc = fixture('search-people.json');
    delete doc.data.searchDashClustersByAll.elements[0].items[1].item.entityResult.title;
    const e = err((await run('agent_profiles_search', { keywords: 'a', start: 0, count: 10 }, [['graphql', json(doc)]])).result);
    expect(e.message).toBe(`The network's search answer has no data.searchDashClustersByAll.elements[0].items[1].item.entityResult.title`);
  });
});

describe('agent_keyword_tracking', () => {
  it('searches CONTENT by date and applies required and excluded keywords', async () => {
    const routes: Routes = [['graphql', json(fixture('search-content.json'))]];
    const { result, calls } = await run('agent_keyword_tracking', { keyword: 'AI agents', watchlist_id: 'w', required_keywords: ['ai AGENTS'], excluded_keywords: ['Warehouses'] }, routes);
    const out = ok(result);
    expect(out.posts.map((p: any) => p.content)).toEqual(['Our new compiler for AI agents ships today.', 'Can machines think? A thread on AI agents and crypto.']);
    expect(calls[0]!.rawQuery).toContain('query:(keywords:AI%20agents,flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:resultType,value:List(CONTENT)),(key:sortBy,value:List(date_posted)))');
    const all = ok((await run('agent_keyword_tracking', { keyword: 'AI agents', watchlist_id: 'w' }, routes)).result);
    expect(all.posts).toHaveLength(4);
    expect(all.posts[0].posted_at).toBe('2026-01-15T11:00:00.000Z');
  });

  it('results that are no longer feed updates are network_changed', async () => {
    const doc = fixture('search-content.json');
    for (const i of doc.data.searchDashClustersByAll.elements[0].items) i.item = { somethingElse: {} };
    const e = err((await run('agent_keyword_tracking', { keyword: 'x', watchlist_id: 'w' }, [['graphql', json(doc)]])).result);
    expect(e).toMatchObject({ code: 'network_changed', message: expect.stringContaining('searchFeedUpdate.update') });
  });
});

describe('agent_connections_fetch', () => {
  it('reads connections and their profiles', async () => {
    const { result, calls } = await run('agent_connections_fetch', { start: 0, count: 40 }, [['relationships/dash/connections', json(fixture('connections.json'))]]);
    const out = ok(result);
    expect(out.connections.map((c: any) => c.full_name)).toEqual(['Margaret Hamilton', 'Ada Lovelace']);
    expect(out.connections[1]).toMatchObject({ profile_urn: ADA, connected_at: '2024-12-11T12:00:00.000Z', image_url: expect.stringContaining('ada-lovelace-photo') });
    expect(calls[0]!.rawQuery).toBe('decorationId=com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-16&q=search&sortType=RECENTLY_ADDED&start=0&count=40');
  });

  it('finds the profile by connectedMember when the resolution reference is absent', async () => {
    const doc = fixture('connections.json');
    for (const e of doc.included) delete e['*connectedMemberResolutionResult'];
    expect(ok((await run('agent_connections_fetch', { start: 0, count: 40 }, [['relationships/dash/connections', json(doc)]])).result).connections).toHaveLength(2);
    for (const e of doc.included) if (e.$type.endsWith('Profile')) delete e.firstName;
    const e = err((await run('agent_connections_fetch', { start: 0, count: 40 }, [['relationships/dash/connections', json(doc)]])).result);
    expect(e.message).toMatch(/firstName/);
  });
});

describe('writes', () => {
  const POST = 'urn:li:activity:7285000000000000000';

  it('agent_like_post posts the reaction; an empty 201 is a success', async () => {
    const { result, calls } = await run('agent_like_post', { social_urn: POST, reaction_type: 'EMPATHY' }, [['voyagerSocialDashReactions', { status: 201, text: '' }]]);
    expect(ok(result)).toEqual({ liked: true });
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.rawQuery).toBe(`threadUrn=${encodeURIComponent(POST)}`);
    expect(calls[0]!.body).toEqual({ reactionType: 'EMPATHY' });
  });

  it('agent_like_post as a company looks the page up by its title first', async () => {
    const { result, calls } = await run('agent_like_post', { social_urn: POST, actor_type: 'company', company_title: 'Acme Robotics' }, [
      ['organization/companies', json(fixture('company-acme-robotics.json'))],
      ['voyagerSocialDashReactions', { status: 201, text: '' }],
    ]);
    expect(ok(result)).toEqual({ liked: true });
    expect(calls[0]!.url.searchParams.get('universalName')).toBe('acme-robotics');
    expect(calls[1]!.url.searchParams.get('actorCompanyUrn')).toBe('urn:li:fsd_company:1035');
  });

  it('agent_comment_post sends the commentary view model and reads the comment URN if given', async () => {
    const { result, calls } = await run('agent_comment_post', { social_urn: POST, comment_text: 'Well said' }, [['voyagerSocialDashNormComments', { status: 201, json: fixture('comment-created.json') }]]);
    expect(ok(result).comment_urn).toMatch(/^urn:li:fsd_comment:/);
    expect(calls[0]!.body).toEqual({ commentary: { text: 'Well said', attributesV2: [], $type: 'com.linkedin.voyager.dash.common.text.TextViewModel' }, threadUrn: POST });
    const bare = await run('agent_comment_post', { social_urn: POST, comment_text: 'x' }, [['voyagerSocialDashNormComments', { status: 201, text: '' }]]);
    expect(ok(bare.result)).toEqual({ commented: true, comment_urn: null });
  });

  it('agent_connection_request sends the invitee and the note only when given', async () => {
    const { result, calls } = await run('agent_connection_request', { profile_urn: ADA, note: ' Hi Ada ' }, [['voyagerRelationshipsDashMemberRelationships', json(fixture('invitation-created.json'))]]);
    expect(ok(result)).toEqual({ sent: true, invitation_urn: 'urn:li:fsd_invitation:7100000000' });
    expect(calls[0]!.url.searchParams.get('action')).toBe('verifyQuotaAndCreateV2');
    expect(calls[0]!.body).toEqual({ invitee: { inviteeUnion: { memberProfile: ADA } }, customMessage: 'Hi Ada' });
    const noNote = await run('agent_connection_request', { profile_urn: ADA }, [['voyagerRelationshipsDashMemberRelationships', json(fixture('invitation-created.json'))]]);
    expect(noNote.calls[0]!.body).toEqual({ invitee: { inviteeUnion: { memberProfile: ADA } } });
  });

  it('agent_send_message uses the own fsd_profile from me as the mailbox, and refuses non-first-degree', async () => {
    const routes: Routes = [
      ['me', json(fixture('me.json'))],
      [/^identity\/profiles\/ACoAAAdaLovelace000002\/networkinfo$/, json(fixture('networkinfo-ada-lovelace.json'))],
      [/^identity\/profiles\/ACoAAAlanTuring0000004\/networkinfo$/, json(fixture('networkinfo-alan-turing.json'))],
      ['voyagerMessagingDashMessengerMessages', json(fixture('message-created.json'))],
    ];
    const { result, calls } = await run('agent_send_message', { profile_urn: ADA, message_text: 'Hello' }, routes);
    expect(ok(result)).toEqual({ sent: true, conversation_urn: expect.stringMatching(/^urn:li:msg_conversation:/), delivered_at: '2026-01-15T12:00:00.000Z' });
    const send = calls.find((c) => c.url.pathname.endsWith('voyagerMessagingDashMessengerMessages'))!;
    expect(send.rawQuery).toBe('action=createMessage');
    expect(send.body).toMatchObject({ mailboxUrn: 'urn:li:fsd_profile:ACoAAGraceHopper000001', message: { body: { text: 'Hello', attributes: [] }, hostRecipientUrns: [ADA] }, dedupeByClientGeneratedToken: false });
    const refused = await run('agent_send_message', { profile_urn: 'urn:li:fsd_profile:ACoAAAlanTuring0000004', message_text: 'Hello' }, routes);
    expect(err(refused.result)).toMatchObject({ code: 'not_first_degree', retryable: false });
    expect(refused.calls.some((c) => c.url.pathname.endsWith('voyagerMessagingDashMessengerMessages'))).toBe(false);
  });
});

describe('runTask boundaries', () => {
  it('refuses invalid input without calling the network', async () => {
    const { result, calls } = await run('agent_connections_fetch', { start: 'zero', count: 40 }, []);
    expect(err(result)).toMatchObject({ code: 'network_changed', retryable: false, message: expect.stringContaining('start') });
    expect(calls).toHaveLength(0);
    expect(err((await run('agent_unknown', {}, [])).result).message).toMatch(/Unknown task type/);
  });

  it('refuses an output that does not fit the contract', async () => {
    const info = fixture('networkinfo-ada-lovelace.json');
    info.data.followersCount = -5;
    const e = err((await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }, [
      ['identity/dash/profiles', json(fixture('profile-ada-lovelace.json'))],
      [/networkinfo$/, json(info)],
    ])).result);
    expect(e).toMatchObject({ code: 'network_changed', message: expect.stringContaining('does not fit the contract at followers') });
  });
});
