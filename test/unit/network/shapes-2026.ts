/**
 * Answers in the shapes public sources measured in 2026 (docs/network-internal-api.md, "Newer
 * evidence"), written by hand for the unit tests: a third voice of the network beside the recorded
 * fixtures (fixtures/*.json) and the fake network's four voices. Every builder returns a fresh
 * object, so a test may cut parts out of it.
 */

type Json = Record<string, any>;

export const ADA_ID = 'ACoAAAdaLovelace000002';
export const ADA = `urn:li:fsd_profile:${ADA_ID}`;
export const SELF = 'urn:li:fsd_profile:ACoAAGraceHopper000001';

/** An activity id that encodes `ms` (`id >> 22` is the epoch in ms). */
export const activityId = (ms: number, salt = 1) => ((BigInt(ms) << 22n) | BigInt(salt)).toString();
export const T0 = Date.parse('2026-10-01T08:00:00.000Z');

const vector = (name: string) => ({
  $type: 'com.linkedin.common.VectorImage',
  rootUrl: `https://media.licdn.example/${name}/`,
  artifacts: [
    { width: 200, fileIdentifyingUrlPathSegment: '200.jpg' },
    { width: 800, fileIdentifyingUrlPathSegment: '800.jpg' },
  ],
});

/** Top card with a MemberRelationship: first degree (`*connection`), followers, no connections count. */
export function topCard(
  union: Json,
  extraIncluded: Json[] = [],
  followers: number | null = 10432,
): Json {
  const relUrn = `urn:li:fsd_memberRelationship:${ADA_ID}`;
  return {
    data: {
      $type: 'com.linkedin.restli.common.CollectionResponse',
      '*elements': [ADA],
      paging: { start: 0, count: 10 },
    },
    included: [
      ...extraIncluded,
      {
        $type: 'com.linkedin.voyager.dash.relationships.MemberRelationship',
        entityUrn: relUrn,
        memberRelationshipUnion: union,
        someNewField: { x: 1 },
      },
      ...(followers === null
        ? []
        : [
            {
              $type: 'com.linkedin.voyager.dash.feed.FollowingState',
              entityUrn: `urn:li:fsd_followingState:urn:li:member:1002`,
              followerCount: followers,
              following: false,
            },
          ]),
      {
        $type: 'com.linkedin.voyager.dash.identity.profile.Profile',
        entityUrn: ADA,
        publicIdentifier: 'ada-lovelace',
        firstName: 'Ada',
        lastName: 'Lovelace',
        '*memberRelationship': relUrn,
        ...(followers === null
          ? {}
          : { '*followingState': 'urn:li:fsd_followingState:urn:li:member:1002' }),
      },
    ],
  };
}
export const connected = () =>
  topCard({ '*connection': `urn:li:fsd_connection:${ADA_ID}` }, [
    {
      $type: 'com.linkedin.voyager.dash.relationships.Connection',
      entityUrn: `urn:li:fsd_connection:${ADA_ID}`,
      createdAt: 1,
    },
  ]);
export const secondDegree = () =>
  topCard({
    noConnection: { memberDistance: 'DISTANCE_2', invitationUnion: { noInvitation: {} } },
  });
export const pendingInvitation = () =>
  topCard(
    {
      noConnection: {
        memberDistance: 'DISTANCE_3',
        invitationUnion: { '*invitation': 'urn:li:fsd_invitation:7200' },
      },
    },
    [
      {
        $type: 'com.linkedin.voyager.dash.relationships.invitation.Invitation',
        entityUrn: 'urn:li:fsd_invitation:7200',
        invitationState: 'PENDING',
        invitationType: 'SENT',
      },
    ],
  );

/** `networkinfo` answers 410 since 2026. */
export const gone = () => ({
  status: 410,
  json: {
    data: { $type: 'com.linkedin.restli.common.ErrorResponse', status: 410, message: 'Gone' },
    included: [],
  },
});

interface PostSpec {
  urn: string;
  text?: string;
  author?: { name: string; headline?: string; url?: string; urn?: string };
  counts?: { numLikes: number; numComments: number; numShares: number };
}

/**
 * A feed answer (organization/updatesV2, profileUpdatesV2, feed/updates/<urn>) as measured in 2026:
 * `included` in reverse order, counts as SocialActivityCounts entities keyed by the post URN (not
 * linked from the update), a reshared original in `included` that is not one of `*elements`.
 */
export function updates2026(
  posts: PostSpec[],
  opts: { token?: string | null; reshared?: PostSpec } = {},
): Json {
  const included: Json[] = [];
  const urns: string[] = [];
  const entity = (p: PostSpec) => {
    const updateUrn = `urn:li:fsd_update:(${p.urn},MEMBER_SHARES,EMPTY,DEFAULT,false)`;
    included.push({
      $type: 'com.linkedin.voyager.feed.render.UpdateV2',
      entityUrn: updateUrn,
      updateMetadata: { urn: p.urn, trackingData: { trackingId: 'x' } },
      actor: {
        urn: p.author?.urn ?? 'urn:li:company:1035',
        name: { text: p.author?.name ?? 'Acme Robotics', attributesV2: [] },
        ...(p.author?.headline ? { description: { text: p.author.headline } } : {}),
        navigationContext: {
          actionTarget: p.author?.url ?? 'https://www.linkedin.com/company/acme-robotics/posts',
        },
        image: {
          attributes: [
            { detailData: { nonEntityCompanyLogo: { vectorImage: vector('acme-logo') } } },
          ],
        },
      },
      ...(p.text === undefined ? {} : { commentary: { text: { text: p.text } } }),
      '*socialDetail': `urn:li:fsd_socialDetail:(${p.urn},${p.urn},urn:li:highlightedReply:-)`,
    });
    included.push({
      $type: 'com.linkedin.voyager.dash.social.SocialDetail',
      entityUrn: `urn:li:fsd_socialDetail:(${p.urn},${p.urn},urn:li:highlightedReply:-)`,
      threadUrn: p.urn,
    });
    if (p.counts)
      included.push({
        $type: 'com.linkedin.voyager.dash.feed.SocialActivityCounts',
        entityUrn: `urn:li:fsd_socialActivityCounts:${p.urn}`,
        urn: p.urn,
        ...p.counts,
      });
    return updateUrn;
  };
  for (const p of posts) urns.push(entity(p));
  if (opts.reshared) entity(opts.reshared);
  return {
    data: {
      $type: 'com.linkedin.restli.common.CollectionResponse',
      '*elements': urns,
      paging: { start: 0, count: urns.length, total: 501 },
      metadata: {
        $type: 'com.linkedin.voyager.feed.Metadata',
        paginationToken: opts.token ?? null,
      },
    },
    included: included.reverse(),
  };
}

/** One update by URN (`feed/updates/<urn>`): the update is `data` itself, references into `included`. */
export function updateByUrn(p: PostSpec): Json {
  const doc = updates2026([p]);
  const update = doc.included.find((e: Json) => e.$type.endsWith('UpdateV2'));
  return { data: update, included: doc.included.filter((e: Json) => e !== update) };
}

/** REST people search (`search/dash/clusters`): a leading empty cluster, `itemUnion.*entityResult`, total a ceiling. */
export function peopleSearchRest(
  people: Array<{ id: string; slug: string; name: string; headline?: string; distance?: string }>,
): Json {
  const included = people.map((p) => ({
    $type: 'com.linkedin.voyager.dash.search.EntityResultViewModel',
    entityUrn: `urn:li:fsd_entityResultViewModel:(urn:li:fsd_profile:${p.id},SEARCH_SRP,DEFAULT)`,
    trackingUrn: 'urn:li:member:1',
    title: { text: p.name },
    ...(p.headline ? { primarySubtitle: { text: p.headline } } : {}),
    navigationUrl: `https://www.linkedin.com/in/${p.slug}?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3A${p.id}`,
    entityCustomTrackingInfo: { memberDistance: p.distance ?? 'DISTANCE_2' },
  }));
  return {
    data: {
      $type: 'com.linkedin.restli.common.CollectionResponse',
      paging: { start: 0, count: 10, total: 1000 },
      elements: [
        { $type: 'com.linkedin.voyager.dash.search.SearchClusterViewModel', items: [] },
        {
          $type: 'com.linkedin.voyager.dash.search.SearchClusterViewModel',
          items: included.map((r) => ({ itemUnion: { '*entityResult': r.entityUrn } })),
        },
      ],
    },
    included: included.reverse(),
  };
}

/** Keyword search answering entity results: text in `summary`, time in the id and in "14h • ". */
export function contentSearchEntityResults(
  posts: Array<PostSpec & { counts?: PostSpec['counts'] }>,
  total = posts.length,
): Json {
  return {
    data: {
      searchDashClustersByAll: {
        paging: { start: 0, count: posts.length, total },
        elements: [
          { items: [] },
          {
            items: posts.map((p) => ({
              item: {
                entityResult: {
                  $type: 'com.linkedin.voyager.dash.search.EntityResultViewModel',
                  entityUrn: `urn:li:fsd_entityResultViewModel:(${p.urn},SEARCH_SRP,DEFAULT)`,
                  trackingUrn: p.urn,
                  title: { text: p.author?.name ?? 'Acme Robotics' },
                  primarySubtitle: { text: p.author?.headline ?? '48,000 followers' },
                  secondarySubtitle: { text: '14h • ' },
                  summary: { text: p.text ?? '' },
                  navigationUrl: `https://www.linkedin.com/feed/update/${p.urn}/`,
                  actorNavigationUrl:
                    p.author?.url ?? 'https://www.linkedin.com/company/acme-robotics/',
                  ...(p.counts
                    ? {
                        insightsResolutionResults: [
                          { socialActivityCountsInsight: { ...p.counts } },
                        ],
                      }
                    : {}),
                },
              },
            })),
          },
        ],
      },
    },
  };
}

/** Keyword search answering hollow results (2026-10): a tracking URN, nothing else. */
export function contentSearchHollow(urns: string[]): Json {
  const half = Math.ceil(urns.length / 2);
  return {
    data: {
      paging: { start: 0, count: urns.length, total: 1000 },
      elements: [
        {
          items: urns.map((urn) => ({
            itemUnion: {
              '*entityResult': `urn:li:fsd_entityResultViewModel:(${urn},SEARCH_SRP,DEFAULT)`,
            },
          })),
        },
      ],
    },
    // Half the wrappers resolve to an entity with nothing but its URNs; the other half resolve to nothing.
    included: urns.slice(0, half).map((urn) => ({
      $type: 'com.linkedin.voyager.dash.search.EntityResultViewModel',
      entityUrn: `urn:li:fsd_entityResultViewModel:(${urn},SEARCH_SRP,DEFAULT)`,
      trackingUrn: urn,
    })),
  };
}

/**
 * Keyword search answering hollow results as measured 2026-10: each a SearchUpdateWrapper with only
 * a tracking id, no post URN; half inline, half behind a reference. `urnAt` puts a post URN where
 * no map path looks (an encoded share link), for the results at those positions.
 */
export function contentSearchHollowNoUrn(n: number, urnAt: Record<number, string> = {}): Json {
  const wrapper = (i: number) => ({
    $type: 'com.linkedin.voyager.dash.search.SearchUpdateWrapper',
    entityUrn: `urn:li:fsd_searchUpdateWrapper:${i}`,
    trackingId: Buffer.from(`tracking-${i}`).toString('base64'),
    ...(urnAt[i]
      ? {
          actions: [
            { shareUrl: `https://www.linkedin.com/sharing?u=${encodeURIComponent(urnAt[i]!)}` },
          ],
        }
      : {}),
  });
  const items = Array.from({ length: n }, (_, i) =>
    i % 2
      ? { itemUnion: { '*searchFeedUpdate': `urn:li:fsd_searchUpdateWrapper:${i}` } }
      : { itemUnion: { searchFeedUpdate: wrapper(i) } },
  );
  return {
    data: { paging: { start: 0, count: n, total: 1000 }, elements: [{ items }] },
    included: Array.from({ length: n }, (_, i) => i)
      .filter((i) => i % 2)
      .map(wrapper),
  };
}

/** The GraphQL reaction mutation's answer, naming the reaction (whose first part is who reacted). */
export function reactionCreated(actorUrn: string, threadUrn: string): Json {
  return {
    data: {
      data: {
        createSocialDashReactions: {
          resourceKey: `urn:li:fsd_reaction:(${actorUrn},${threadUrn},0)`,
          $type: 'com.linkedin.voyager.dash.social.Reaction',
        },
      },
    },
  };
}

export const companyAcme = (): Json => ({
  data: { '*elements': ['urn:li:fs_normalized_company:1035'], paging: { start: 0, count: 1 } },
  included: [
    {
      $type: 'com.linkedin.voyager.organization.Company',
      entityUrn: 'urn:li:fs_normalized_company:1035',
      name: 'Acme Robotics',
      universalName: 'acme-robotics',
    },
  ],
});

export const errorBody = (status: number, code?: string) => ({
  data: {
    $type: 'com.linkedin.restli.common.ErrorResponse',
    status,
    ...(code ? { code } : {}),
    message: code ?? 'error',
  },
  included: [],
});
