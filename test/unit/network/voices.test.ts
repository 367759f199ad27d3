import { describe, expect, it } from 'vitest';
import { TASK_OUTPUTS } from '../../../src/contract/task-io.js';
import { runAsDeployed } from './run-as-deployed.js';
import type { FakePost } from '../../fake-network/dataset.js';
import { FAKE_VOICES, type FakeVoice } from '../../fake-network/server.js';
import { measuredIn2026, SDUI_VOICE } from '../../fake-network/voices.js';
import { authorOf } from '../../fake-network/shapes.js';
import { failure, fakeNetworkFor, output, QUICK_MAP } from './fake-voice.js';

// Every operation through runTask against the fake network over real HTTPS, in each of its four
// voices (test/fake-network/README.md): today's shapes, drifted answers, small pages with tokens and
// ceilings, and the network as measured in 2026. One built-in map must work in all of them.

describe.each(FAKE_VOICES)('voice %s', (voice: FakeVoice) => {
  const world = fakeNetworkFor(voice);

  const run = (type: string, input: Record<string, unknown>) =>
    runAsDeployed({ type, input }, { map: QUICK_MAP, ...world.client });
  const person = (slug: string) => world.fake.dataset.profiles.find((p) => p.slug === slug)!;
  const urnOf = (slug: string) => `urn:li:fsd_profile:${person(slug).id}`;
  const postsBy = (pred: (p: FakePost) => boolean) =>
    world.fake.dataset.posts
      .filter(pred)
      .map((p) => p.activityId)
      .sort();
  const ids = (posts: Array<{ linkedin_post_urn: string }>) =>
    posts.map((p) => p.linkedin_post_urn).sort();
  const measured = measuredIn2026(voice);

  it('agent_profile_fetch: the profile, its degree and the counts the network still gives', async () => {
    const ada = person('ada-lovelace');
    const out = output(await run('agent_profile_fetch', { profile_slug: 'ada-lovelace' }));
    expect(TASK_OUTPUTS.agent_profile_fetch.safeParse(out).success).toBe(true);
    expect(out).toMatchObject({
      profile_urn: urnOf('ada-lovelace'),
      public_identifier: 'ada-lovelace',
      name: 'Ada Lovelace',
      network_degree: 'first',
      followers: ada.followers,
    });
    // Since 2026 no answer carries a connections count: null, not a failed task.
    expect(out.connections).toBe(measured ? null : ada.connections);
    expect(out.experience.map((x: any) => x.title)).toEqual(ada.positions.map((p) => p.title));
    expect(out.skills).toEqual(ada.skills);
    expect(
      output(await run('agent_profile_fetch', { profile_slug: 'alan-turing' })).network_degree,
    ).toBe('second');
  });

  it('agent_profile_fetch: a private profile is access_denied and stops nothing else', async () => {
    expect(failure(await run('agent_profile_fetch', { profile_slug: 'hidden-hal' }))).toMatchObject(
      { code: 'access_denied', retryable: false },
    );
    expect(failure(await run('agent_profile_fetch', { profile_slug: 'no-such-person' })).code).toBe(
      'not_found',
    );
    expect(output(await run('agent_company_fetch', { company: 'globex' })).name).toBe('Globex');
  });

  it('agent_profiles_tracking: every post of each profile up to count, whatever the paging; unknown and private profiles skipped', async () => {
    const ada = person('ada-lovelace').id;
    const alan = person('alan-turing').id;
    const out = output(
      await run('agent_profiles_tracking', {
        profile_urns: ['ada-lovelace', urnOf('alan-turing'), 'no-such-person', 'hidden-hal'],
        count: 100,
      }),
    );
    expect(TASK_OUTPUTS.agent_profiles_tracking.safeParse(out).success).toBe(true);
    expect(ids(out.posts)).toEqual(
      postsBy(
        (p) =>
          p.author.kind === 'person' && (p.author.profileId === ada || p.author.profileId === alan),
      ),
    );
    for (const p of out.posts)
      expect(['ada-lovelace', 'alan-turing']).toContain(p.post_author.author_slug);
    const newest = out.posts.find(
      (p: any) => p.content === 'Our new compiler for AI agents ships today.',
    )!;
    expect(newest).toMatchObject({
      likes_count: 42,
      comments_count: 7,
      shares_count: 3,
      post_author: { full_name: 'Ada Lovelace' },
    });
    const three = output(
      await run('agent_profiles_tracking', { profile_urns: [urnOf('ada-lovelace')], count: 3 }),
    );
    expect(three.posts).toHaveLength(3);
  });

  it('agent_company_fetch and agent_company_posts_fetch: the page and all its posts', async () => {
    expect(output(await run('agent_company_fetch', { company: 'acme-robotics' }))).toMatchObject({
      company_urn: 'urn:li:fsd_company:1035',
      name: 'Acme Robotics',
      slug: 'acme-robotics',
    });
    const out = output(
      await run('agent_company_posts_fetch', { company: 'acme-robotics', count: 100 }),
    );
    expect(ids(out.posts)).toEqual(
      postsBy((p) => p.author.kind === 'company' && p.author.companyId === 1035),
    );
    expect(
      out.posts.every(
        (p: any) =>
          p.post_author.author_type === 'company' && p.post_author.author_slug === 'acme-robotics',
      ),
    ).toBe(true);
    const tracked = output(
      await run('agent_company_tracking', {
        company: 'https://www.linkedin.com/company/globex/',
        watchlist_id: 'w',
        count: 1,
      }),
    );
    expect(tracked.posts).toHaveLength(1);
  });

  it('agent_profiles_search: by keywords and degree, page by page up to count', async () => {
    const acme = output(
      await run('agent_profiles_search', { keywords: 'Acme', start: 0, count: 10 }),
    );
    expect(acme.profiles.map((p: any) => p.public_identifier).sort()).toEqual([
      'ada-lovelace',
      'alan-turing',
    ]);
    const first = output(
      await run('agent_profiles_search', {
        keywords: 'Acme',
        network_degree: ['first'],
        start: 0,
        count: 10,
      }),
    );
    expect(first.profiles).toEqual([
      expect.objectContaining({
        profile_urn: urnOf('ada-lovelace'),
        full_name: 'Ada Lovelace',
        network_degree: 'first',
      }),
    ]);
    const many = output(
      await run('agent_profiles_search', { keywords: 'at', start: 0, count: 25 }),
    );
    expect(many.count).toBe(25);
    expect(new Set(many.profiles.map((p: any) => p.profile_urn)).size).toBe(25);
  });

  it('agent_keyword_tracking: a "duckdb" watchlist collects every matching post, excluded words applied', async () => {
    const out = output(
      await run('agent_keyword_tracking', {
        keyword: 'duckdb',
        watchlist_id: 'w',
        excluded_keywords: ['crypto'],
        count: 49,
      }),
    );
    expect(TASK_OUTPUTS.agent_keyword_tracking.safeParse(out).success).toBe(true);
    const expected = postsBy(
      (p) =>
        /duckdb/i.test(p.text) &&
        !/crypto/i.test(p.text) &&
        !(p.author.kind === 'person' && person('hidden-hal').id === p.author.profileId),
    );
    expect(ids(out.posts)).toEqual(expected);
    for (const p of out.posts) {
      const post = world.fake.dataset.posts.find((x) => x.activityId === p.linkedin_post_urn)!;
      const author = authorOf(post, world.fake.dataset);
      expect(p.content).toBe(post.text);
      expect([p.post_author.full_name, p.post_author.author_slug]).toEqual([
        author.name,
        /\/(?:in|company)\/([^/]+)/.exec(author.publicUrl)![1],
      ]);
      expect(Date.parse(p.posted_at)).toBe(Number(BigInt(post.activityId) >> 22n));
      // Drifted answers leave some counts out (read as 0); every other voice gives them all.
      if (voice !== 'drifted')
        expect([p.likes_count, p.comments_count, p.shares_count]).toEqual([
          post.likes,
          post.comments,
          post.shares,
        ]);
    }
    // The results page is never opened: that would write the query into the member's search history.
    expect(world.fake.state.searchHistory).toEqual([]);
    if (voice === SDUI_VOICE)
      expect(
        new Set(
          world.fake.state.sduiRequests.map(
            (r) => (r.body as any).clientArguments.payload.searchId,
          ),
        ).size,
      ).toBe(1);
  });

  it('agent_connections_fetch: every connection when 500 are asked for, through the network’s pages', async () => {
    const out = output(await run('agent_connections_fetch', { start: 0, count: 500 }));
    const all = world.fake.dataset.profiles.filter((p) => p.distance === 'DISTANCE_1');
    expect(out.count).toBe(all.length);
    expect(out.connections.map((c: any) => c.profile_urn).sort()).toEqual(
      all.map((p) => `urn:li:fsd_profile:${p.id}`).sort(),
    );
    expect(output(await run('agent_connections_fetch', { start: 0, count: 5 })).count).toBe(5);
  });

  it('agent_like_post: as the member; as a page only where the network can, never as the member in its place', async () => {
    const post = world.fake.dataset.posts[0]!;
    const urn = `urn:li:activity:${post.activityId}`;
    expect(
      output(await run('agent_like_post', { social_urn: urn, reaction_type: 'PRAISE' })),
    ).toEqual({ liked: true });
    expect(world.fake.state.likes).toEqual([
      expect.objectContaining({
        threadUrn: urn,
        reactionType: 'PRAISE',
        actorUrn: `urn:li:fsd_profile:${world.fake.dataset.self.id}`,
      }),
    ]);
    const asPage = await run('agent_like_post', {
      social_urn: urn,
      actor_type: 'company',
      company_title: 'Acme Robotics',
    });
    if (measured) {
      expect(output(asPage)).toEqual({ liked: true });
      expect(world.fake.state.likes[1]).toMatchObject({
        threadUrn: urn,
        actorUrn: 'urn:li:fsd_company:1035',
        via: 'graphql',
      });
    } else {
      expect(failure(asPage).code).toBe('network_changed');
      expect(world.fake.state.likes).toHaveLength(1);
    }
  });

  it('agent_comment_post: as the member and as a page (the page in the body)', async () => {
    const urn = `urn:li:activity:${world.fake.dataset.posts[0]!.activityId}`;
    expect(
      output(
        await run('agent_comment_post', {
          social_urn: urn,
          comment_text: 'Splendid (really): 100%, ok?',
        }),
      ).commented,
    ).toBe(true);
    expect(
      output(
        await run('agent_comment_post', {
          social_urn: urn,
          comment_text: 'From the team',
          actor_type: 'company',
          company_title: 'acme-robotics',
        }),
      ).commented,
    ).toBe(true);
    expect(world.fake.state.comments.map((c) => [c.text, c.actorUrn])).toEqual([
      ['Splendid (really): 100%, ok?', `urn:li:fsd_profile:${world.fake.dataset.self.id}`],
      ['From the team', 'urn:li:fsd_company:1035'],
    ]);
  });

  it('agent_connection_request: sends once; connected and already invited people get their codes', async () => {
    const out = output(
      await run('agent_connection_request', {
        profile_urn: urnOf('alan-turing'),
        note: 'Hello Alan',
      }),
    );
    expect(out).toEqual({
      sent: true,
      invitation_urn: world.fake.state.invitations[0]!.invitationUrn,
    });
    expect(world.fake.state.invitations).toEqual([
      expect.objectContaining({ profileUrn: urnOf('alan-turing'), message: 'Hello Alan' }),
    ]);
    expect(
      failure(await run('agent_connection_request', { profile_urn: urnOf('alan-turing') })),
    ).toMatchObject({ code: 'invitation_pending', retryable: false });
    expect(
      failure(await run('agent_connection_request', { profile_urn: urnOf('ada-lovelace') })).code,
    ).toBe('already_connected');
    expect(world.fake.state.invitations).toHaveLength(1);
  });

  it('agent_send_message: from the own mailbox to a first-degree connection only', async () => {
    const out = output(
      await run('agent_send_message', {
        profile_urn: urnOf('ada-lovelace'),
        message_text: 'Hello Ada',
      }),
    );
    expect(out).toMatchObject({
      sent: true,
      conversation_urn: world.fake.state.messages[0]!.conversationUrn,
    });
    expect(world.fake.state.messages).toEqual([
      expect.objectContaining({
        recipientUrn: urnOf('ada-lovelace'),
        mailboxUrn: `urn:li:fsd_profile:${world.fake.dataset.self.id}`,
        text: 'Hello Ada',
      }),
    ]);
    expect(
      failure(
        await run('agent_send_message', { profile_urn: urnOf('alan-turing'), message_text: 'Hi' }),
      ).code,
    ).toBe('not_first_degree');
    expect(world.fake.state.messages).toHaveLength(1);
  });
});
