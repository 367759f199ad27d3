import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HEADLINE_TYPE } from './drifts.js';
import { client } from './raw-client.js';
import { startFakeNetwork, type FakeNetwork } from './server.js';

// The drifts (drifts.ts) asserted with raw HTTPS requests: the old form refused as the network
// refuses what it does not know, the new one answered, answers moved as each drift says, and the
// drift switched over HTTP mid-session like the voice.

const enc = encodeURIComponent;
const profilePath = (decoration: string) =>
  `identity/dash/profiles?q=memberIdentity&memberIdentity=ada-lovelace&decorationId=com.linkedin.voyager.dash.deco.identity.profile.${decoration}`;
const postsPath = (finder: string, profileId: string) =>
  `identity/profileUpdatesV2?q=${finder}&moduleKey=member-shares:phone&profileUrn=${enc(`urn:li:fsd_profile:${profileId}`)}&count=5`;
const invitePath = (action: string) =>
  `voyagerRelationshipsDashMemberRelationships?action=${action}&decorationId=com.linkedin.voyager.dash.deco.relationships.InvitationCreationResultWithInvitee-2`;

describe('drifts', () => {
  let fake: FakeNetwork;
  let net: ReturnType<typeof client>;
  beforeAll(async () => {
    fake = await startFakeNetwork({ voice: 'today' });
    net = client(fake);
  });
  afterAll(async () => {
    await net.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());
  const ada = () => fake.dataset.profiles.find((p) => p.slug === 'ada-lovelace')!;
  const profileOf = (r: { json: any }) =>
    r.json.included.find((e: any) => e.$type?.endsWith('.Profile') && e.firstName === 'Ada');

  it('are switched over HTTP, reported in state, refused when unknown, and undone by reset', async () => {
    expect((await net.get('/__fake/state')).json).toMatchObject({ drift: 'none' });
    expect((await net.post('/__fake/drift', { drift: 'nonsense' })).status).toBe(400);
    expect((await net.post('/__fake/drift', { drift: 'field_moved' })).json).toEqual({
      drift: 'field_moved',
    });
    expect(fake.drift()).toBe('field_moved');
    expect((await net.get('/__fake/state')).json).toMatchObject({ drift: 'field_moved' });
    await net.post('/__fake/reset', {});
    expect(fake.drift()).toBe('none');
  });

  it('decoration_renamed: the old decoration 400, the new one answers the full profile', async () => {
    fake.setDrift('decoration_renamed');
    expect((await net.get(profilePath('FullProfileWithEntities-93'))).status).toBe(400);
    const r = await net.get(profilePath('FullProfileWithEntitiesV2-93'));
    expect(r.status).toBe(200);
    expect(profileOf(r).headline).toBe(ada().headline);
  });

  it('field_moved: the headline sits in a union keyed by its type’s full name', async () => {
    fake.setDrift('field_moved');
    const profile = profileOf(await net.get(profilePath('FullProfileWithEntities-93')));
    expect(profile.headline).toBeUndefined();
    expect(profile.headlineUnion).toEqual({ [HEADLINE_TYPE]: { text: ada().headline } });
  });

  it('post_text_moved: the commentary and the link to the counts under new names', async () => {
    const before = await net.get(postsPath('memberShareFeed', ada().id));
    const updateOf = (r: { json: any }) =>
      r.json.included.find((e: any) => e.$type?.endsWith('UpdateV2') && e.commentary);
    expect(updateOf(before)).toBeDefined();
    fake.setDrift('post_text_moved');
    const after = await net.get(postsPath('memberShareFeed', ada().id));
    expect(JSON.stringify(after.json)).not.toMatch(/"commentary"|totalSocialActivityCounts/);
    expect(JSON.stringify(after.json)).toContain('"commentaryV2"');
    expect(JSON.stringify(after.json)).toContain('"*socialCountsV2"');
    expect(JSON.stringify(after.json)).toContain(
      JSON.stringify(updateOf(before).commentary.text.text),
    );
  });

  it('write_path_renamed: the REST reaction’s old path is an unknown route, the new one likes', async () => {
    fake.setDrift('write_path_renamed');
    const urn = `urn:li:activity:${fake.dataset.posts[0]!.activityId}`;
    const old = await net.post(`voyagerSocialDashReactions?threadUrn=${enc(urn)}`, {
      reactionType: 'LIKE',
    });
    expect(old.status).toBe(404);
    expect(old.json.data.message).toMatch(/^No route POST/);
    expect(fake.state.likes).toEqual([]);
    const moved = await net.post(`voyagerSocialDashReactionsV2?threadUrn=${enc(urn)}`, {
      reactionType: 'LIKE',
    });
    expect(moved.status).toBe(201);
    expect(fake.state.likes).toEqual([expect.objectContaining({ threadUrn: urn })]);
  });

  it('finder_renamed and action_renamed: the old name 400, the new one answers', async () => {
    fake.setDrift('finder_renamed');
    expect((await net.get(postsPath('memberShareFeed', ada().id))).status).toBe(400);
    expect((await net.get(postsPath('memberShareFeedV2', ada().id))).status).toBe(200);
    fake.setDrift('action_renamed');
    const alan = fake.dataset.profiles.find((p) => p.slug === 'alan-turing')!;
    const body = { invitee: { inviteeUnion: { memberProfile: `urn:li:fsd_profile:${alan.id}` } } };
    expect((await net.post(invitePath('verifyQuotaAndCreateV2'), body)).status).toBe(400);
    expect(fake.state.invitations).toEqual([]);
    expect((await net.post(invitePath('verifyQuotaAndCreateV3'), body)).status).toBe(200);
    expect(fake.state.invitations).toHaveLength(1);
  });
});
