import type { FakeCompany, FakeDataset, FakeDate, FakePost, FakeProfile } from './dataset.js';

/**
 * The network's answers, in its real shapes (docs/network-facts.md): normalised `{data, included}`
 * with `$type`, `entityUrn` and `*field` references for REST calls; inline JSON for GraphQL asked with
 * `accept: application/json`. `changed` drops one required field per answer, as a network release
 * that renames a field would.
 */

type Json = Record<string, unknown>;
const CDN = 'https://media.licdn.example/dms/image/';

export function vectorImage(name: string): Json {
  return {
    $type: 'com.linkedin.common.VectorImage',
    rootUrl: `${CDN}${name}/`,
    artifacts: [
      { width: 100, height: 100, fileIdentifyingUrlPathSegment: '100_100/photo.jpg', expiresAt: 1_900_000_000_000 },
      { width: 800, height: 800, fileIdentifyingUrlPathSegment: '800_800/photo.jpg', expiresAt: 1_900_000_000_000 },
    ],
  };
}

const collection = (id: string, elements: string[]): Json => ({
  $type: 'com.linkedin.restli.common.CollectionResponse',
  entityUrn: `urn:li:collectionResponse:${id}`,
  '*elements': elements,
  paging: { start: 0, count: elements.length, total: elements.length },
});

const dateRange = (start?: FakeDate, end?: FakeDate) =>
  start ? { $type: 'com.linkedin.voyager.dash.common.DateRange', start: { ...start }, ...(end ? { end: { ...end } } : {}) } : undefined;

export function errorBody(status: number, code?: string, message?: string): Json {
  return { data: { $type: 'com.linkedin.restli.common.ErrorResponse', status, ...(code ? { code } : {}), message: message ?? code ?? 'error' }, included: [] };
}

export function meAnswer(self: FakeProfile, changed: boolean): Json {
  const miniUrn = `urn:li:fs_miniProfile:${self.id}`;
  return {
    data: { $type: 'com.linkedin.voyager.common.Me', plainId: self.memberId, premiumSubscriber: false, '*miniProfile': miniUrn },
    included: [
      {
        $type: 'com.linkedin.voyager.identity.shared.MiniProfile',
        entityUrn: miniUrn,
        ...(changed ? {} : { dashEntityUrn: `urn:li:fsd_profile:${self.id}` }),
        objectUrn: `urn:li:member:${self.memberId}`,
        firstName: self.firstName,
        lastName: self.lastName,
        occupation: self.headline,
        publicIdentifier: self.slug,
        trackingId: 'dHJhY2tpbmc=',
      },
    ],
  };
}

export function profileAnswer(p: FakeProfile, changed: boolean): Json {
  const urn = `urn:li:fsd_profile:${p.id}`;
  const included: Json[] = [];
  const groupUrns: string[] = [];
  p.positions.forEach((pos, i) => {
    const groupUrn = `urn:li:fsd_profilePositionGroup:(${p.id},${900 + i})`;
    const positionUrn = `urn:li:fsd_profilePosition:(${p.id},${800 + i})`;
    groupUrns.push(groupUrn);
    included.push(
      {
        $type: 'com.linkedin.voyager.dash.identity.profile.ProfilePositionGroup',
        entityUrn: groupUrn,
        companyName: pos.companyName,
        dateRange: dateRange(pos.start, pos.end),
        '*profilePositionInPositionGroup': `urn:li:collectionResponse:ppg-${p.id}-${i}`,
      },
      collection(`ppg-${p.id}-${i}`, [positionUrn]),
      {
        $type: 'com.linkedin.voyager.dash.identity.profile.Position',
        entityUrn: positionUrn,
        title: pos.title,
        companyName: pos.companyName,
        ...(pos.companyId ? { companyUrn: `urn:li:fsd_company:${pos.companyId}`, '*company': `urn:li:fsd_company:${pos.companyId}` } : {}),
        ...(pos.locationName ? { locationName: pos.locationName } : {}),
        ...(pos.description ? { description: pos.description } : {}),
        dateRange: dateRange(pos.start, pos.end),
      },
    );
  });
  const educationUrns = p.educations.map((e, i) => {
    const eUrn = `urn:li:fsd_profileEducation:(${p.id},${700 + i})`;
    included.push({
      $type: 'com.linkedin.voyager.dash.identity.profile.Education',
      entityUrn: eUrn,
      schoolName: e.schoolName,
      ...(e.degreeName ? { degreeName: e.degreeName } : {}),
      ...(e.fieldOfStudy ? { fieldOfStudy: e.fieldOfStudy } : {}),
      ...(e.start ? { dateRange: dateRange(e.start, e.end) } : {}),
    });
    return eUrn;
  });
  const skillUrns = p.skills.map((name, i) => {
    const sUrn = `urn:li:fsd_skill:(${p.id},${600 + i})`;
    included.push({ $type: 'com.linkedin.voyager.dash.identity.profile.Skill', entityUrn: sUrn, name });
    return sUrn;
  });
  const geoUrn = `urn:li:fsd_geo:${100_000 + p.memberId}`;
  included.push(
    collection(`pg-${p.id}`, groupUrns),
    collection(`edu-${p.id}`, educationUrns),
    collection(`skills-${p.id}`, skillUrns),
    { $type: 'com.linkedin.voyager.dash.common.Geo', entityUrn: geoUrn, defaultLocalizedName: p.location },
    {
      $type: 'com.linkedin.voyager.dash.identity.profile.Profile',
      entityUrn: urn,
      objectUrn: `urn:li:member:${p.memberId}`,
      ...(changed ? {} : { publicIdentifier: p.slug }),
      firstName: p.firstName,
      lastName: p.lastName,
      headline: p.headline,
      ...(p.summary ? { summary: p.summary } : {}),
      geoLocation: { $type: 'com.linkedin.voyager.dash.identity.profile.ProfileGeoLocation', '*geo': geoUrn },
      '*profilePositionGroups': `urn:li:collectionResponse:pg-${p.id}`,
      '*profileEducations': `urn:li:collectionResponse:edu-${p.id}`,
      '*profileSkills': `urn:li:collectionResponse:skills-${p.id}`,
      '*memberRelationship': `urn:li:fsd_memberRelationship:${p.id}`,
      profilePicture: { displayImageReference: { vectorImage: vectorImage(`${p.slug}-photo`) } },
    },
  );
  return { data: { $type: 'com.linkedin.restli.common.CollectionResponse', '*elements': [urn], paging: { start: 0, count: 10 } }, included };
}

export function networkInfoAnswer(p: FakeProfile, changed: boolean): Json {
  return {
    data: {
      $type: 'com.linkedin.voyager.identity.profile.ProfileNetworkInfo',
      entityUrn: `urn:li:fs_profileNetworkInfo:${p.id}`,
      ...(changed ? {} : { followersCount: p.followers }),
      connectionsCount: p.connections,
      distance: { $type: 'com.linkedin.voyager.common.MemberDistance', value: p.distance },
      following: false,
      followable: true,
    },
    included: [],
  };
}

interface Author {
  name: string;
  headline: string;
  url: string;
  image: string;
  urn: string;
  miniProfileUrn?: string;
}

export function authorOf(post: FakePost, ds: FakeDataset): Author {
  if (post.author.kind === 'person') {
    const id = post.author.profileId;
    const p = ds.profiles.find((x) => x.id === id)!;
    return {
      name: `${p.firstName} ${p.lastName}`,
      headline: p.headline,
      url: `https://www.linkedin.com/in/${p.slug}?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3A${p.id}`,
      image: `${p.slug}-photo`,
      urn: `urn:li:member:${p.memberId}`,
      miniProfileUrn: `urn:li:fs_miniProfile:${p.id}`,
    };
  }
  const id = post.author.companyId;
  const c = ds.companies.find((x) => x.id === id)!;
  return { name: c.name, headline: `${c.followers} followers`, url: `https://www.linkedin.com/company/${c.slug}/posts`, image: `${c.slug}-logo`, urn: `urn:li:company:${c.id}` };
}

/** REST feed answer (`identity/profileUpdatesV2`, `feed/updates`): UpdateV2 entities, normalised. */
export function updatesAnswer(posts: FakePost[], ds: FakeDataset, start: number, changed: boolean): Json {
  const included: Json[] = [];
  const urns: string[] = [];
  for (const post of posts) {
    const activity = `urn:li:activity:${post.activityId}`;
    const updateUrn = `urn:li:fs_updateV2:(${activity},MEMBER_SHARES,EMPTY,DEFAULT,false)`;
    const socialUrn = `urn:li:fs_socialDetail:${activity}`;
    const countsUrn = `urn:li:fs_socialActivityCounts:${activity}`;
    const a = authorOf(post, ds);
    urns.push(updateUrn);
    if (a.miniProfileUrn && !included.some((e) => e.entityUrn === a.miniProfileUrn)) {
      included.push({
        $type: 'com.linkedin.voyager.identity.shared.MiniProfile',
        entityUrn: a.miniProfileUrn,
        firstName: a.name.split(' ')[0],
        lastName: a.name.split(' ').slice(1).join(' '),
        occupation: a.headline,
        picture: { 'com.linkedin.common.VectorImage': vectorImage(a.image) },
      });
    }
    included.push(
      { $type: 'com.linkedin.voyager.feed.shared.SocialActivityCounts', entityUrn: countsUrn, urn: activity, numLikes: post.likes, numComments: post.comments, numShares: post.shares },
      { $type: 'com.linkedin.voyager.feed.SocialDetail', entityUrn: socialUrn, urn: activity, '*totalSocialActivityCounts': countsUrn },
      {
        $type: 'com.linkedin.voyager.feed.render.UpdateV2',
        entityUrn: updateUrn,
        ...(changed ? {} : { updateMetadata: { $type: 'com.linkedin.voyager.feed.render.UpdateMetadata', urn: activity, actionsPosition: 'ACTOR_COMPONENT' } }),
        actor: {
          $type: 'com.linkedin.voyager.feed.render.ActorComponent',
          urn: a.urn,
          name: { text: a.name },
          description: { text: a.headline },
          navigationContext: { actionTarget: a.url },
          image: { attributes: a.miniProfileUrn ? [{ '*miniProfile': a.miniProfileUrn }] : [{ vectorImage: vectorImage(a.image) }] },
        },
        commentary: { $type: 'com.linkedin.voyager.feed.render.TextComponent', text: { text: post.text } },
        ...restContent(post),
        '*socialDetail': socialUrn,
      },
    );
  }
  return {
    data: {
      $type: 'com.linkedin.restli.common.CollectionResponse',
      '*elements': urns,
      paging: { start, count: urns.length },
      metadata: { paginationToken: urns.length ? `token-${start + urns.length}` : null },
    },
    included,
  };
}

function restContent(post: FakePost): Json {
  if (post.images?.length) {
    return { content: { 'com.linkedin.voyager.feed.render.ImageComponent': { images: post.images.map((i) => ({ attributes: [{ vectorImage: vectorImage(i) }] })) } } };
  }
  if (post.video) {
    return { content: { 'com.linkedin.voyager.feed.render.LinkedInVideoComponent': { videoPlayMetadata: videoMetadata(post.video) } } };
  }
  return {};
}

function videoMetadata(name: string): Json {
  return {
    entityUrn: `urn:li:digitalmediaAsset:${name}`,
    thumbnail: vectorImage(`${name}-thumb`),
    progressiveStreams: [{ streamingLocations: [{ url: `https://dms.licdn.example/playlist/${name}.mp4` }] }],
  };
}

export function companyAnswer(c: FakeCompany, changed: boolean): Json {
  const urn = `urn:li:fs_normalized_company:${c.id}`;
  const industryUrns = c.industries.map((_, i) => `urn:li:fs_industry:${c.id * 10 + i}`);
  const followUrn = `urn:li:fs_followingInfo:urn:li:company:${c.id}`;
  return {
    data: { $type: 'com.linkedin.restli.common.CollectionResponse', '*elements': [urn], paging: { start: 0, count: 10 } },
    included: [
      ...c.industries.map((name, i) => ({ $type: 'com.linkedin.voyager.common.Industry', entityUrn: industryUrns[i], localizedName: name })),
      { $type: 'com.linkedin.voyager.common.FollowingInfo', entityUrn: followUrn, followerCount: c.followers, following: false },
      {
        $type: 'com.linkedin.voyager.organization.Company',
        entityUrn: urn,
        ...(changed ? {} : { name: c.name }),
        universalName: c.slug,
        tagline: c.tagline,
        description: c.description,
        url: `https://www.linkedin.com/company/${c.slug}`,
        companyPageUrl: c.website,
        staffCount: c.staffCount,
        staffCountRange: { ...c.staffRange },
        '*companyIndustries': industryUrns,
        headquarter: { ...c.hq },
        specialities: c.specialities,
        foundedOn: { year: c.foundedYear },
        '*followingInfo': followUrn,
        logo: { image: { 'com.linkedin.common.VectorImage': vectorImage(`${c.slug}-logo`) } },
      },
    ],
  };
}

export function connectionsAnswer(people: FakeProfile[], start: number, total: number, changed: boolean): Json {
  const included: Json[] = [];
  const urns = people.map((p) => {
    const urn = `urn:li:fsd_connection:${p.id}`;
    const profileUrn = `urn:li:fsd_profile:${p.id}`;
    included.push(
      { $type: 'com.linkedin.voyager.dash.relationships.Connection', entityUrn: urn, createdAt: p.connectedAt, connectedMember: profileUrn, '*connectedMemberResolutionResult': profileUrn },
      {
        $type: 'com.linkedin.voyager.dash.identity.profile.Profile',
        entityUrn: profileUrn,
        firstName: p.firstName,
        lastName: p.lastName,
        headline: p.headline,
        publicIdentifier: p.slug,
        profilePicture: { displayImageReference: { vectorImage: vectorImage(`${p.slug}-photo`) } },
      },
    );
    return urn;
  });
  return {
    data: { $type: 'com.linkedin.restli.common.CollectionResponse', ...(changed ? {} : { '*elements': urns }), paging: { start, count: urns.length, total } },
    included,
  };
}

/** A people result of the GraphQL search, inline (accept: application/json). */
export function personResult(p: FakeProfile): Json {
  return {
    $type: 'com.linkedin.voyager.dash.search.EntityResultViewModel',
    entityUrn: `urn:li:fsd_entityResultViewModel:(urn:li:fsd_profile:${p.id},SEARCH_SRP,DEFAULT)`,
    trackingUrn: `urn:li:member:${p.memberId}`,
    title: { text: `${p.firstName} ${p.lastName}` },
    primarySubtitle: { text: p.headline },
    secondarySubtitle: { text: p.location },
    navigationUrl: `https://www.linkedin.com/in/${p.slug}?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3A${p.id}`,
    entityCustomTrackingInfo: { memberDistance: p.distance },
    image: { attributes: [{ detailData: { nonEntityProfilePicture: { vectorImage: vectorImage(`${p.slug}-photo`) } } }] },
  };
}

/** A content result of the GraphQL search: a FeedUpdate, post URN at `metadata.backendUrn`. */
export function feedUpdate(post: FakePost, ds: FakeDataset): Json {
  const a = authorOf(post, ds);
  return {
    $type: 'com.linkedin.voyager.dash.feed.Update',
    metadata: { backendUrn: `urn:li:activity:${post.activityId}` },
    actor: {
      name: { text: a.name },
      description: { text: a.headline },
      navigationContext: { actionTarget: a.url },
      image: { attributes: [{ detailData: { nonEntityProfilePicture: { vectorImage: vectorImage(a.image) } } }] },
    },
    commentary: { text: { text: post.text } },
    socialDetail: { totalSocialActivityCounts: { numLikes: post.likes, numComments: post.comments, numShares: post.shares } },
    ...(post.images?.length ? { content: { imageComponent: { images: post.images.map((i) => ({ attributes: [{ detailData: { vectorImage: vectorImage(i) } }] })) } } } : {}),
  };
}

/**
 * `voyagerSearchDashClusters` answer. Plain JSON: results inline under
 * `data.searchDashClustersByAll`. Normalised: one level deeper (`data.data…`) with `*entityResult`
 * references into `included` (network-facts, "Details that trip parsers").
 */
export function searchAnswer(items: Json[], start: number, total: number, normalisedAccept: boolean, changed: boolean): Json {
  const paging = { start, count: items.length, total };
  if (!normalisedAccept) {
    const clusters = { $type: 'com.linkedin.voyager.dash.search.SearchClusterCollection', paging, elements: [{ $type: 'com.linkedin.voyager.dash.search.SearchClusterViewModel', items: items.map((item) => ({ item })) }] };
    return { data: changed ? {} : { searchDashClustersByAll: clusters } };
  }
  const included: Json[] = [];
  const refItems = items.map((item, i) => {
    if (item.entityResult) {
      const r = item.entityResult as Json;
      included.push(r);
      return { item: { '*entityResult': r.entityUrn } };
    }
    const urn = `urn:li:fsd_update:${start + i}`;
    included.push({ ...(((item.searchFeedUpdate as Json).update as Json) ?? {}), entityUrn: urn });
    return { item: { searchFeedUpdate: { '*update': urn } } };
  });
  return { data: { data: changed ? {} : { searchDashClustersByAll: { paging, elements: [{ items: refItems }] } } }, included };
}
