import type { FakeCompany, FakeDataset, FakeDate, FakePost, FakeProfile } from './dataset.js';
import {
  commentaryAsString,
  driftedCounts,
  measuredIn2026,
  postTime,
  postUrn,
  relativeTime,
  thinPerson,
  thinPost,
  type FakeVoice,
} from './voices.js';

/**
 * The network's answers, in its real shapes (docs/network-internal-api.md): normalised `{data, included}`
 * with `$type`, `entityUrn` and `*field` references for REST calls; inline JSON for GraphQL asked with
 * `accept: application/json`. `changed` drops one required field per answer, as a network release
 * that renames a field would. `voice` (default `today`) selects how the answer drifts; see voices.ts.
 * The generic drift pass (extra fields, reversed `included`) is applied by the server afterwards.
 */

type Json = Record<string, unknown>;
const CDN = 'https://media.licdn.example/dms/image/';

export function vectorImage(name: string): Json {
  return {
    $type: 'com.linkedin.common.VectorImage',
    rootUrl: `${CDN}${name}/`,
    artifacts: [
      {
        width: 100,
        height: 100,
        fileIdentifyingUrlPathSegment: '100_100/photo.jpg',
        expiresAt: 1_900_000_000_000,
      },
      {
        width: 800,
        height: 800,
        fileIdentifyingUrlPathSegment: '800_800/photo.jpg',
        expiresAt: 1_900_000_000_000,
      },
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
  start
    ? {
        $type: 'com.linkedin.voyager.dash.common.DateRange',
        start: { ...start },
        ...(end ? { end: { ...end } } : {}),
      }
    : undefined;

/** Adds an entity to `included` unless one with the same `entityUrn` is there already. */
function pushOnce(included: Json[], ...entities: Json[]) {
  for (const e of entities)
    if (!included.some((x) => x.entityUrn === e.entityUrn)) included.push(e);
}

export function errorBody(status: number, code?: string, message?: string): Json {
  return {
    data: {
      $type: 'com.linkedin.restli.common.ErrorResponse',
      status,
      ...(code ? { code } : {}),
      message: message ?? code ?? 'error',
    },
    included: [],
  };
}

export function meAnswer(self: FakeProfile, changed: boolean): Json {
  const miniUrn = `urn:li:fs_miniProfile:${self.id}`;
  return {
    data: {
      $type: 'com.linkedin.voyager.common.Me',
      plainId: self.memberId,
      premiumSubscriber: false,
      '*miniProfile': miniUrn,
    },
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

const geoUrnOf = (p: FakeProfile) => `urn:li:fsd_geo:${p.geoId}`;
const geoEntity = (p: FakeProfile): Json => ({
  $type: 'com.linkedin.voyager.dash.common.Geo',
  entityUrn: geoUrnOf(p),
  defaultLocalizedName: p.location,
});
const profilePicture = (p: FakeProfile): Json => ({
  displayImageReference: { vectorImage: vectorImage(`${p.slug}-photo`) },
});

/**
 * Where a profile's location is, per voice. today/paged/measured: `geoLocation.*geo` to a Geo entity.
 * drifted (facts: "`locationName` (or `geoLocation.*geo`)"): thin people have none; of the others,
 * `memberId % 3 === 0` carry `locationName`, the rest `geoLocation.*geo`.
 */
function location(p: FakeProfile, voice: FakeVoice, included: Json[]): Json {
  if (voice === 'drifted') {
    if (thinPerson(p.memberId)) return {};
    if (p.memberId % 3 === 0) return { locationName: p.location };
  }
  pushOnce(included, geoEntity(p));
  return {
    geoLocation: {
      $type: 'com.linkedin.voyager.dash.identity.profile.ProfileGeoLocation',
      '*geo': geoUrnOf(p),
    },
  };
}

/**
 * `identity/dash/profiles?q=memberIdentity&decorationId=…FullProfileWithEntities-<N>`.
 * drifted: no `summary` anywhere; thin people without headline, location and picture; positions at a
 * known company carry only `*company` (a Company entity in included) instead of `companyName`
 * (facts: "`companyName` (or `*company`)"). measured_2026: at most 20 skills.
 */
export function profileAnswer(p: FakeProfile, changed: boolean, voice: FakeVoice = 'today'): Json {
  const drifted = voice === 'drifted';
  const thin = drifted && thinPerson(p.memberId);
  const urn = `urn:li:fsd_profile:${p.id}`;
  const included: Json[] = [];
  const groupUrns: string[] = [];
  p.positions.forEach((pos, i) => {
    const groupUrn = `urn:li:fsd_profilePositionGroup:(${p.id},${900 + i})`;
    const positionUrn = `urn:li:fsd_profilePosition:(${p.id},${800 + i})`;
    const companyOnlyByRef = drifted && pos.companyId !== undefined;
    groupUrns.push(groupUrn);
    if (companyOnlyByRef) {
      pushOnce(included, {
        $type: 'com.linkedin.voyager.dash.organization.Company',
        entityUrn: `urn:li:fsd_company:${pos.companyId}`,
        name: pos.companyName,
      });
    }
    included.push(
      {
        $type: 'com.linkedin.voyager.dash.identity.profile.ProfilePositionGroup',
        entityUrn: groupUrn,
        ...(companyOnlyByRef
          ? { '*company': `urn:li:fsd_company:${pos.companyId}` }
          : { companyName: pos.companyName }),
        dateRange: dateRange(pos.start, pos.end),
        '*profilePositionInPositionGroup': `urn:li:collectionResponse:ppg-${p.id}-${i}`,
      },
      collection(`ppg-${p.id}-${i}`, [positionUrn]),
      {
        $type: 'com.linkedin.voyager.dash.identity.profile.Position',
        entityUrn: positionUrn,
        title: pos.title,
        ...(companyOnlyByRef ? {} : { companyName: pos.companyName }),
        ...(pos.companyId
          ? {
              companyUrn: `urn:li:fsd_company:${pos.companyId}`,
              '*company': `urn:li:fsd_company:${pos.companyId}`,
            }
          : {}),
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
  // facts, "Newer evidence": "Skills come capped at 20" (measured 2026-10).
  const skills = measuredIn2026(voice) ? p.skills.slice(0, 20) : p.skills;
  const skillUrns = skills.map((name, i) => {
    const sUrn = `urn:li:fsd_skill:(${p.id},${600 + i})`;
    included.push({
      $type: 'com.linkedin.voyager.dash.identity.profile.Skill',
      entityUrn: sUrn,
      name,
    });
    return sUrn;
  });
  included.push(
    collection(`pg-${p.id}`, groupUrns),
    collection(`edu-${p.id}`, educationUrns),
    collection(`skills-${p.id}`, skillUrns),
  );
  const loc = thin ? {} : location(p, voice, included);
  included.push({
    $type: 'com.linkedin.voyager.dash.identity.profile.Profile',
    entityUrn: urn,
    objectUrn: `urn:li:member:${p.memberId}`,
    ...(changed ? {} : { publicIdentifier: p.slug }),
    firstName: p.firstName,
    lastName: p.lastName,
    ...(thin ? {} : { headline: p.headline }),
    ...(p.summary && !drifted ? { summary: p.summary } : {}),
    ...loc,
    '*profilePositionGroups': `urn:li:collectionResponse:pg-${p.id}`,
    '*profileEducations': `urn:li:collectionResponse:edu-${p.id}`,
    '*profileSkills': `urn:li:collectionResponse:skills-${p.id}`,
    '*memberRelationship': `urn:li:fsd_memberRelationship:${p.id}`,
    ...(thin ? {} : { profilePicture: profilePicture(p) }),
  });
  return {
    data: {
      $type: 'com.linkedin.restli.common.CollectionResponse',
      '*elements': [urn],
      paging: { start: 0, count: 10 },
    },
    included,
  };
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

/** What the top card knows of the relationship with the signed-in member. */
export interface TopCardRelationship {
  /** A pending invitation the signed-in member sent to this profile. */
  invitation?: { urn: string; sentTime: number; message: string | null };
}

/**
 * measured_2026: `identity/dash/profiles?q=memberIdentity&decorationId=…WebTopCardCore-<N>` (or
 * `…TopCardSupplementary-<N>`; both answer this same shape). Facts, "Newer evidence": distance and
 * relationship come from a `MemberRelationship` entity whose union is `self`, `*connection` or
 * `noConnection` (with `memberDistance` and an `invitationUnion`); one source reports a follower
 * count in the top card; no connections count anywhere.
 *
 * `data.*elements` → the Profile, whose `*memberRelationship` → `urn:li:fsd_memberRelationship:<id>`
 * and `*followingState` → `urn:li:fsd_followingState:urn:li:fsd_profile:<id>` (`followerCount`).
 */
export function topCardAnswer(p: FakeProfile, rel: TopCardRelationship, changed: boolean): Json {
  const urn = `urn:li:fsd_profile:${p.id}`;
  const relUrn = `urn:li:fsd_memberRelationship:${p.id}`;
  const followUrn = `urn:li:fsd_followingState:${urn}`;
  const included: Json[] = [];
  let union: Json;
  if (p.distance === 'SELF') union = { self: {} };
  else if (p.distance === 'DISTANCE_1') {
    const connUrn = `urn:li:fsd_connection:${p.id}`;
    union = { '*connection': connUrn };
    included.push({
      $type: 'com.linkedin.voyager.dash.relationships.Connection',
      entityUrn: connUrn,
      createdAt: p.connectedAt,
      connectedMember: urn,
    });
  } else {
    let invitationUnion: Json = { noInvitation: {} };
    if (rel.invitation) {
      invitationUnion = { '*invitation': rel.invitation.urn };
      included.push({
        $type: 'com.linkedin.voyager.dash.relationships.invitation.Invitation',
        entityUrn: rel.invitation.urn,
        invitationState: 'PENDING',
        invitationType: 'CONNECTION',
        sentTime: rel.invitation.sentTime,
        ...(rel.invitation.message ? { customMessage: rel.invitation.message } : {}),
        inviteeMember: urn,
      });
    }
    union = {
      noConnection: {
        $type: 'com.linkedin.voyager.dash.relationships.NoConnection',
        memberDistance: p.distance,
        invitationUnion,
      },
    };
  }
  included.push(
    {
      $type: 'com.linkedin.voyager.dash.relationships.MemberRelationship',
      entityUrn: relUrn,
      ...(changed ? {} : { memberRelationshipUnion: union }),
    },
    {
      $type: 'com.linkedin.voyager.dash.feed.FollowingState',
      entityUrn: followUrn,
      followerCount: p.followers,
      following: false,
      followeeCount: 0,
    },
    geoEntity(p),
    {
      $type: 'com.linkedin.voyager.dash.identity.profile.Profile',
      entityUrn: urn,
      objectUrn: `urn:li:member:${p.memberId}`,
      publicIdentifier: p.slug,
      firstName: p.firstName,
      lastName: p.lastName,
      headline: p.headline,
      geoLocation: {
        $type: 'com.linkedin.voyager.dash.identity.profile.ProfileGeoLocation',
        '*geo': geoUrnOf(p),
      },
      profilePicture: profilePicture(p),
      '*memberRelationship': relUrn,
      '*followingState': followUrn,
    },
  );
  return {
    data: {
      $type: 'com.linkedin.restli.common.CollectionResponse',
      '*elements': [urn],
      paging: { start: 0, count: 10 },
    },
    included,
  };
}

interface Author {
  name: string;
  headline: string;
  url: string;
  /** The public page of the author, without tracking parameters. */
  publicUrl: string;
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
      publicUrl: `https://www.linkedin.com/in/${p.slug}/`,
      image: `${p.slug}-photo`,
      urn: `urn:li:member:${p.memberId}`,
      miniProfileUrn: `urn:li:fs_miniProfile:${p.id}`,
    };
  }
  const id = post.author.companyId;
  const c = ds.companies.find((x) => x.id === id)!;
  return {
    name: c.name,
    headline: `${c.followers} followers`,
    url: `https://www.linkedin.com/company/${c.slug}/posts`,
    publicUrl: `https://www.linkedin.com/company/${c.slug}/`,
    image: `${c.slug}-logo`,
    urn: `urn:li:company:${c.id}`,
  };
}

const countsOf = (post: FakePost) => ({
  numLikes: post.likes,
  numComments: post.comments,
  numShares: post.shares,
});

/**
 * Where a post's counts live in a voice: `linked` (a SocialActivityCounts entity linked from the
 * SocialDetail by `*totalSocialActivityCounts`, the main facts), `separate` (the entity keyed by the
 * post URN, not linked: measured_2026, facts "Newer evidence"), or `absent` (drifted, some posts).
 */
function countsPlacement(
  post: FakePost,
  ds: FakeDataset,
  voice: FakeVoice,
): 'linked' | 'separate' | 'absent' {
  if (measuredIn2026(voice)) return 'separate';
  if (voice === 'drifted') return driftedCounts(ds, post);
  return 'linked';
}

/** The UpdateV2 entity URN of a post in REST feed answers. */
const updateV2Urn = (urn: string, post: FakePost) =>
  `urn:li:fs_updateV2:(${urn},${post.author.kind === 'person' ? 'MEMBER_SHARES' : 'COMPANY_SHARES'},EMPTY,DEFAULT,false)`;

/**
 * Pushes a post's REST UpdateV2 entity (and its author, social detail, counts and, for a reshare, the
 * original's UpdateV2) into `included`; returns the UpdateV2 URN.
 */
function pushUpdateV2(
  post: FakePost,
  ds: FakeDataset,
  voice: FakeVoice,
  changed: boolean,
  included: Json[],
): string {
  const drifted = voice === 'drifted';
  const urn = postUrn(post, ds, voice);
  const updateUrn = updateV2Urn(urn, post);
  if (included.some((e) => e.entityUrn === updateUrn)) return updateUrn;
  const socialUrn = `urn:li:fs_socialDetail:${urn}`;
  const placement = countsPlacement(post, ds, voice);
  const countsUrn =
    placement === 'separate'
      ? `urn:li:fsd_socialActivityCounts:${urn}`
      : `urn:li:fs_socialActivityCounts:${urn}`;
  const a = authorOf(post, ds);
  const thin = drifted && thinPost(ds, post);
  const authorProfile =
    post.author.kind === 'person'
      ? ds.profiles.find((x) => x.id === (post.author as { profileId: string }).profileId)
      : undefined;
  if (a.miniProfileUrn) {
    pushOnce(included, {
      $type: 'com.linkedin.voyager.identity.shared.MiniProfile',
      entityUrn: a.miniProfileUrn,
      firstName: a.name.split(' ')[0],
      lastName: a.name.split(' ').slice(1).join(' '),
      publicIdentifier: authorProfile?.slug,
      ...(drifted && authorProfile && thinPerson(authorProfile.memberId)
        ? {}
        : {
            occupation: a.headline,
            picture: { 'com.linkedin.common.VectorImage': vectorImage(a.image) },
          }),
    });
  }
  let reshare: Json = {};
  if (post.resharedPostId) {
    const original = ds.posts.find((x) => x.activityId === post.resharedPostId);
    if (original)
      reshare = { '*resharedUpdate': pushUpdateV2(original, ds, voice, changed, included) };
  }
  if (placement !== 'absent') {
    included.push({
      $type: 'com.linkedin.voyager.feed.shared.SocialActivityCounts',
      entityUrn: countsUrn,
      urn,
      ...countsOf(post),
      reactionTypeCounts: [
        {
          $type: 'com.linkedin.voyager.feed.shared.ReactionTypeCount',
          reactionType: 'LIKE',
          count: post.likes,
        },
      ],
    });
  }
  included.push(
    {
      $type: 'com.linkedin.voyager.feed.SocialDetail',
      entityUrn: socialUrn,
      urn,
      ...(placement === 'linked' ? { '*totalSocialActivityCounts': countsUrn } : {}),
    },
    {
      $type: 'com.linkedin.voyager.feed.render.UpdateV2',
      entityUrn: updateUrn,
      ...(changed
        ? {}
        : {
            updateMetadata: {
              $type: 'com.linkedin.voyager.feed.render.UpdateMetadata',
              urn,
              actionsPosition: 'ACTOR_COMPONENT',
            },
          }),
      actor: {
        $type: 'com.linkedin.voyager.feed.render.ActorComponent',
        urn: a.urn,
        name: { text: a.name },
        ...(thin ? {} : { description: { text: a.headline } }),
        navigationContext: { actionTarget: a.url },
        ...(thin
          ? {}
          : {
              image: {
                attributes: a.miniProfileUrn
                  ? [{ '*miniProfile': a.miniProfileUrn }]
                  : [{ vectorImage: vectorImage(a.image) }],
              },
            }),
        subDescription: { text: relativeTime(postTime(post)) },
      },
      commentary:
        drifted && commentaryAsString(ds, post)
          ? { $type: 'com.linkedin.voyager.feed.render.TextComponent', text: post.text }
          : { $type: 'com.linkedin.voyager.feed.render.TextComponent', text: { text: post.text } },
      ...(thin ? {} : restContent(post)),
      ...reshare,
      '*socialDetail': socialUrn,
    },
  );
  return updateUrn;
}

/**
 * REST feed answer (`identity/profileUpdatesV2`, `feed/updates`, `organization/updatesV2`): UpdateV2
 * entities, normalised. `nextToken`: `metadata.paginationToken` of the next page; `null` for none
 * (the field is then absent); left out, the old `token-<n>` form (fixtures).
 */
export function updatesAnswer(
  posts: FakePost[],
  ds: FakeDataset,
  start: number,
  changed: boolean,
  voice: FakeVoice = 'today',
  nextToken?: string | null,
): Json {
  const included: Json[] = [];
  const urns = posts.map((post) => pushUpdateV2(post, ds, voice, changed, included));
  const token =
    nextToken === undefined ? (urns.length ? `token-${start + urns.length}` : null) : nextToken;
  return {
    data: {
      $type: 'com.linkedin.restli.common.CollectionResponse',
      '*elements': urns,
      paging: { start, count: urns.length },
      metadata: {
        $type: 'com.linkedin.voyager.feed.Metadata',
        ...(token ? { paginationToken: token } : {}),
      },
    },
    included,
  };
}

/**
 * One update by URN (`feed/updates/<urn>`, measured_2026; `feed/updates?q=activityByUrn` in the
 * others): `data` is the UpdateV2 itself (its references resolved from `included`).
 */
export function singleUpdateAnswer(
  post: FakePost,
  ds: FakeDataset,
  changed: boolean,
  voice: FakeVoice,
): Json {
  const included: Json[] = [];
  const updateUrn = pushUpdateV2(post, ds, voice, changed, included);
  const data = included.find((e) => e.entityUrn === updateUrn)!;
  return { data, included: included.filter((e) => e !== data) };
}

function restContent(post: FakePost): Json {
  if (post.images?.length) {
    return {
      content: {
        'com.linkedin.voyager.feed.render.ImageComponent': {
          images: post.images.map((i) => ({ attributes: [{ vectorImage: vectorImage(i) }] })),
        },
      },
    };
  }
  if (post.video) {
    return {
      content: {
        'com.linkedin.voyager.feed.render.LinkedInVideoComponent': {
          videoPlayMetadata: videoMetadata(post.video),
        },
      },
    };
  }
  return {};
}

function videoMetadata(name: string): Json {
  return {
    entityUrn: `urn:li:digitalmediaAsset:${name}`,
    thumbnail: vectorImage(`${name}-thumb`),
    progressiveStreams: [
      { streamingLocations: [{ url: `https://dms.licdn.example/playlist/${name}.mp4` }] },
    ],
  };
}

/**
 * `organization/companies?q=universalName`. drifted: industries and following info inline instead of
 * references (facts: "industries and following info may be references too"); companies with an even
 * id (globex) without tagline, specialities and foundedOn.
 */
export function companyAnswer(c: FakeCompany, changed: boolean, voice: FakeVoice = 'today'): Json {
  const drifted = voice === 'drifted';
  const sparse = drifted && c.id % 2 === 0;
  const urn = `urn:li:fs_normalized_company:${c.id}`;
  const industryUrns = c.industries.map((_, i) => `urn:li:fs_industry:${c.id * 10 + i}`);
  const followUrn = `urn:li:fs_followingInfo:urn:li:company:${c.id}`;
  const industries = c.industries.map((name, i) => ({
    $type: 'com.linkedin.voyager.common.Industry',
    entityUrn: industryUrns[i],
    localizedName: name,
  }));
  const following = {
    $type: 'com.linkedin.voyager.common.FollowingInfo',
    entityUrn: followUrn,
    followerCount: c.followers,
    following: false,
  };
  return {
    data: {
      $type: 'com.linkedin.restli.common.CollectionResponse',
      '*elements': [urn],
      paging: { start: 0, count: 10 },
    },
    included: [
      ...(drifted ? [] : [...industries, following]),
      {
        $type: 'com.linkedin.voyager.organization.Company',
        entityUrn: urn,
        ...(changed ? {} : { name: c.name }),
        universalName: c.slug,
        ...(sparse ? {} : { tagline: c.tagline }),
        description: c.description,
        url: `https://www.linkedin.com/company/${c.slug}`,
        companyPageUrl: c.website,
        staffCount: c.staffCount,
        staffCountRange: { ...c.staffRange },
        ...(drifted ? { companyIndustries: industries } : { '*companyIndustries': industryUrns }),
        headquarter: { ...c.hq },
        ...(sparse ? {} : { specialities: c.specialities, foundedOn: { year: c.foundedYear } }),
        ...(drifted ? { followingInfo: following } : { '*followingInfo': followUrn }),
        logo: { image: { 'com.linkedin.common.VectorImage': vectorImage(`${c.slug}-logo`) } },
      },
    ],
  };
}

/** `relationships/dash/connections`. drifted: thin people without headline and picture. */
export function connectionsAnswer(
  people: FakeProfile[],
  start: number,
  total: number,
  changed: boolean,
  voice: FakeVoice = 'today',
): Json {
  const included: Json[] = [];
  const urns = people.map((p) => {
    const urn = `urn:li:fsd_connection:${p.id}`;
    const profileUrn = `urn:li:fsd_profile:${p.id}`;
    const thin = voice === 'drifted' && thinPerson(p.memberId);
    included.push(
      {
        $type: 'com.linkedin.voyager.dash.relationships.Connection',
        entityUrn: urn,
        createdAt: p.connectedAt,
        connectedMember: profileUrn,
        '*connectedMemberResolutionResult': profileUrn,
      },
      {
        $type: 'com.linkedin.voyager.dash.identity.profile.Profile',
        entityUrn: profileUrn,
        firstName: p.firstName,
        lastName: p.lastName,
        ...(thin ? {} : { headline: p.headline }),
        publicIdentifier: p.slug,
        ...(thin ? {} : { profilePicture: profilePicture(p) }),
      },
    );
    return urn;
  });
  return {
    data: {
      $type: 'com.linkedin.restli.common.CollectionResponse',
      ...(changed ? {} : { '*elements': urns }),
      paging: { start, count: urns.length, total },
    },
    included,
  };
}

/** A people result of the search. drifted: thin people without subtitles and image. */
export function personResult(p: FakeProfile, voice: FakeVoice = 'today'): Json {
  const thin = voice === 'drifted' && thinPerson(p.memberId);
  return {
    $type: 'com.linkedin.voyager.dash.search.EntityResultViewModel',
    entityUrn: `urn:li:fsd_entityResultViewModel:(urn:li:fsd_profile:${p.id},SEARCH_SRP,DEFAULT)`,
    trackingUrn: `urn:li:member:${p.memberId}`,
    title: { text: `${p.firstName} ${p.lastName}` },
    ...(thin
      ? {}
      : { primarySubtitle: { text: p.headline }, secondarySubtitle: { text: p.location } }),
    navigationUrl: `https://www.linkedin.com/in/${p.slug}?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3A${p.id}`,
    entityCustomTrackingInfo: { memberDistance: p.distance },
    ...(thin
      ? {}
      : {
          image: {
            attributes: [
              {
                detailData: {
                  nonEntityProfilePicture: { vectorImage: vectorImage(`${p.slug}-photo`) },
                },
              },
            ],
          },
        }),
  };
}

/**
 * drifted: a CONTENT search result as an EntityResultViewModel instead of a full update (facts,
 * "Newer evidence": "some carry `entityResult` items with `summary.text` and `trackingUrn`").
 * Our choices where the facts are silent: the author's page at `actorNavigationUrl`; the counts at
 * `insightsResolutionResults[0].socialActivityCountsInsight` `{numLikes, numComments, numShares}`
 * (absent for posts whose drifted counts are absent).
 */
export function contentResult(post: FakePost, ds: FakeDataset, voice: FakeVoice): Json {
  const urn = postUrn(post, ds, voice);
  const a = authorOf(post, ds);
  const thin = voice === 'drifted' && thinPost(ds, post);
  const counts =
    voice === 'drifted' && driftedCounts(ds, post) === 'absent'
      ? {}
      : {
          insightsResolutionResults: [
            {
              $type: 'com.linkedin.voyager.dash.search.InsightsResolutionResult',
              socialActivityCountsInsight: {
                $type: 'com.linkedin.voyager.dash.search.SocialActivityCountsInsight',
                ...countsOf(post),
              },
            },
          ],
        };
  return {
    $type: 'com.linkedin.voyager.dash.search.EntityResultViewModel',
    entityUrn: `urn:li:fsd_entityResultViewModel:(${urn},SEARCH_SRP,DEFAULT)`,
    trackingUrn: urn,
    title: { text: a.name },
    ...(thin ? {} : { primarySubtitle: { text: a.headline } }),
    secondarySubtitle: { text: relativeTime(postTime(post)) },
    summary: { text: post.text },
    navigationUrl: `https://www.linkedin.com/feed/update/${urn}/`,
    actorNavigationUrl: a.publicUrl,
    ...(thin
      ? {}
      : {
          image: {
            attributes: [
              { detailData: { nonEntityProfilePicture: { vectorImage: vectorImage(a.image) } } },
            ],
          },
        }),
    ...counts,
  };
}

/**
 * A post as a GraphQL `com.linkedin.voyager.dash.feed.Update` (content search results, the GraphQL
 * profile-updates query): post URN at `metadata.backendUrn`. drifted: commentary sometimes a string,
 * thin posts without media and author headline, counts absent on some.
 */
export function feedUpdate(post: FakePost, ds: FakeDataset, voice: FakeVoice = 'today'): Json {
  const a = authorOf(post, ds);
  const urn = postUrn(post, ds, voice);
  const drifted = voice === 'drifted';
  const thin = drifted && thinPost(ds, post);
  const counts =
    drifted && driftedCounts(ds, post) === 'absent'
      ? {}
      : { totalSocialActivityCounts: countsOf(post) };
  return {
    $type: 'com.linkedin.voyager.dash.feed.Update',
    entityUrn: `urn:li:fsd_update:(${urn},${post.author.kind === 'person' ? 'MEMBER_SHARES' : 'COMPANY_SHARES'},EMPTY,DEFAULT,false)`,
    metadata: { backendUrn: urn },
    actor: {
      name: { text: a.name },
      ...(thin ? {} : { description: { text: a.headline } }),
      navigationContext: { actionTarget: a.url },
      ...(thin
        ? {}
        : {
            image: {
              attributes: [
                { detailData: { nonEntityProfilePicture: { vectorImage: vectorImage(a.image) } } },
              ],
            },
          }),
      subDescription: { text: relativeTime(postTime(post)) },
    },
    commentary:
      drifted && commentaryAsString(ds, post) ? { text: post.text } : { text: { text: post.text } },
    socialDetail: { threadUrn: urn, ...counts },
    ...(post.images?.length && !thin
      ? {
          content: {
            imageComponent: {
              images: post.images.map((i) => ({
                attributes: [{ detailData: { vectorImage: vectorImage(i) } }],
              })),
            },
          },
        }
      : {}),
  };
}

export interface SearchShape {
  /** Results as `*entityResult` / `*update` references into `included` (else inline). Default: the accept header's choice. */
  refs?: boolean;
  /** drifted: a cluster before the results with no `items` key, or with `items: []`. */
  leadingEmpty?: 'noItems' | 'emptyItems';
  /** No result cluster at all when there are no items (paged: a page past the end). */
  noClusterWhenEmpty?: boolean;
}

/**
 * `voyagerSearchDashClusters` answer. Items are `{entityResult}` or `{searchFeedUpdate: {update}}`.
 * Plain JSON: results inline under `data.searchDashClustersByAll`. Normalised: one level deeper
 * (`data.data…`) with `*entityResult` / `*update` references into `included` (docs/network-internal-api.md,
 * "Normalised answers"). `shape.refs` gives the other combination (drifted people search).
 */
export function searchAnswer(
  items: Json[],
  start: number,
  total: number,
  normalisedAccept: boolean,
  changed: boolean,
  shape: SearchShape = {},
): Json {
  const refs = shape.refs ?? normalisedAccept;
  const paging = { start, count: items.length, total };
  const included: Json[] = [];
  const outItems = items.map((item) => {
    if (!refs) return { $type: 'com.linkedin.voyager.dash.search.SearchItem', item };
    if (item.entityResult) {
      const r = item.entityResult as Json;
      pushOnce(included, r);
      return {
        $type: 'com.linkedin.voyager.dash.search.SearchItem',
        item: { '*entityResult': r.entityUrn },
      };
    }
    const update = (item.searchFeedUpdate as Json).update as Json;
    pushOnce(included, update);
    return {
      $type: 'com.linkedin.voyager.dash.search.SearchItem',
      item: { searchFeedUpdate: { '*update': update.entityUrn } },
    };
  });
  const clusters: Json[] = [];
  if (shape.leadingEmpty) {
    clusters.push({
      $type: 'com.linkedin.voyager.dash.search.SearchClusterViewModel',
      title: { text: 'People also viewed' },
      ...(shape.leadingEmpty === 'emptyItems' ? { items: [] } : {}),
    });
  }
  if (outItems.length || !shape.noClusterWhenEmpty)
    clusters.push({
      $type: 'com.linkedin.voyager.dash.search.SearchClusterViewModel',
      items: outItems,
    });
  const collectionBody = {
    $type: 'com.linkedin.voyager.dash.search.SearchClusterCollection',
    paging,
    elements: clusters,
  };
  const inner = changed ? {} : { searchDashClustersByAll: collectionBody };
  if (normalisedAccept) return { data: { data: inner }, included };
  return refs ? { data: inner, included } : { data: inner };
}

/** A result of the REST `search/dash/clusters` form: a full entity, or a hollow wrapper (measured content search). */
export type RestSearchItem =
  | { entityResult: Json }
  | { hollow: { entityUrn: string; trackingUrn: string; withEntity: boolean } }
  | { wrapper: { trackingId: string } };

/**
 * measured_2026: `search/dash/clusters?…&q=all&query=(…)`. Always normalised (the only form the facts
 * measured): `data.elements[].items[].itemUnion["*entityResult"]`, resolved from `included`.
 * Hollow CONTENT results (facts, "Newer evidence": "each result a wrapper with only a tracking
 * id/URN, no text or counts"): `withEntity` → an EntityResultViewModel in `included` holding only
 * `entityUrn` (composite with the post URN) and `trackingUrn`; otherwise the `*entityResult` URN has
 * no entity in `included` at all.
 */
export function restClustersAnswer(
  items: RestSearchItem[],
  start: number,
  total: number,
  changed: boolean,
): Json {
  const included: Json[] = [];
  const outItems = items.map((item) => {
    if ('wrapper' in item) {
      // sdui_2026: a SearchUpdateWrapper holding only a tracking id, inline (no entity to resolve).
      return {
        $type: 'com.linkedin.voyager.dash.search.SearchItem',
        itemUnion: {
          searchUpdate: {
            $type: 'com.linkedin.voyager.dash.search.SearchUpdateWrapper',
            trackingId: item.wrapper.trackingId,
          },
        },
      };
    }
    let urn: string;
    if ('entityResult' in item) {
      urn = item.entityResult.entityUrn as string;
      pushOnce(included, item.entityResult);
    } else {
      urn = item.hollow.entityUrn;
      if (item.hollow.withEntity)
        pushOnce(included, {
          $type: 'com.linkedin.voyager.dash.search.EntityResultViewModel',
          entityUrn: urn,
          trackingUrn: item.hollow.trackingUrn,
        });
    }
    return {
      $type: 'com.linkedin.voyager.dash.search.SearchItem',
      itemUnion: { '*entityResult': urn },
    };
  });
  const clusters = outItems.length
    ? [{ $type: 'com.linkedin.voyager.dash.search.SearchClusterViewModel', items: outItems }]
    : [];
  return {
    data: {
      $type: 'com.linkedin.restli.common.CollectionResponse',
      ...(changed ? {} : { elements: clusters }),
      paging: { start, count: items.length, total },
      metadata: {
        $type: 'com.linkedin.voyager.dash.search.SearchClusterCollectionMetadata',
        totalResultCount: total,
      },
    },
    included,
  };
}

/**
 * GraphQL `voyagerFeedDashProfileUpdates` (facts, "A profile's posts": "the newer web app uses
 * graphql?variables=(count,start,profileUrn)&queryId=voyagerFeedDashProfileUpdates.<hash>"; post URN at
 * `metadata.backendUrn`). Key `feedDashProfileUpdatesByMemberShareFeed` (our choice). Plain JSON:
 * `data.feedDashProfileUpdatesByMemberShareFeed.elements[]` inline; normalised: one level deeper with
 * `*elements` into `included`.
 */
export function graphqlProfileUpdatesAnswer(
  posts: FakePost[],
  ds: FakeDataset,
  start: number,
  nextToken: string | null,
  normalisedAccept: boolean,
  changed: boolean,
  voice: FakeVoice,
): Json {
  const updates = posts.map((p) => feedUpdate(p, ds, voice));
  const paging = { start, count: updates.length };
  const metadata = {
    $type: 'com.linkedin.voyager.dash.feed.ProfileUpdatesMetadata',
    ...(nextToken ? { paginationToken: nextToken } : {}),
  };
  if (!normalisedAccept) {
    return {
      data: changed
        ? {}
        : {
            feedDashProfileUpdatesByMemberShareFeed: {
              $type: 'com.linkedin.restli.common.CollectionResponse',
              paging,
              metadata,
              elements: updates,
            },
          },
    };
  }
  const body = {
    $type: 'com.linkedin.restli.common.CollectionResponse',
    paging,
    metadata,
    '*elements': updates.map((u) => u.entityUrn),
  };
  return {
    data: { data: changed ? {} : { feedDashProfileUpdatesByMemberShareFeed: body } },
    included: updates,
  };
}

/**
 * `relationships/sentInvitationViewsV2?q=invitationType&invitationType=CONNECTION` (facts,
 * "Invitation"; shape our choice): `data.*elements` of SentInvitationView entities, each
 * `*invitation` → an Invitation (`invitationUrn` the `urn:li:fsd_invitation:<n>` we answered at
 * creation, `sentTime`, `sharedSecret`, `message`, `*toMember` → a MiniProfile); `paging.total` as
 * the voice tells it (measured_2026: 0 against real rows).
 */
export function sentInvitationsAnswer(
  invitations: {
    invitationUrn: string;
    profile: FakeProfile;
    message: string | null;
    sentTime: number;
    sharedSecret: string;
  }[],
  start: number,
  changed: boolean,
  total: number,
): Json {
  const included: Json[] = [];
  const urns = invitations.map((inv) => {
    const n = inv.invitationUrn.split(':').pop()!;
    const viewUrn = `urn:li:fs_relSentInvitationView:${n}`;
    const invUrn = `urn:li:fs_relInvitation:${n}`;
    const miniUrn = `urn:li:fs_miniProfile:${inv.profile.id}`;
    pushOnce(
      included,
      {
        $type: 'com.linkedin.voyager.identity.shared.MiniProfile',
        entityUrn: miniUrn,
        dashEntityUrn: `urn:li:fsd_profile:${inv.profile.id}`,
        firstName: inv.profile.firstName,
        lastName: inv.profile.lastName,
        occupation: inv.profile.headline,
        publicIdentifier: inv.profile.slug,
      },
      {
        $type: 'com.linkedin.voyager.relationships.invitation.Invitation',
        entityUrn: invUrn,
        invitationUrn: inv.invitationUrn,
        invitationType: 'CONNECTION',
        sentTime: inv.sentTime,
        sharedSecret: inv.sharedSecret,
        ...(inv.message ? { message: inv.message } : {}),
        toMemberId: inv.profile.id,
        '*toMember': miniUrn,
      },
      {
        $type: 'com.linkedin.voyager.relationships.invitation.SentInvitationView',
        entityUrn: viewUrn,
        '*invitation': invUrn,
      },
    );
    return viewUrn;
  });
  return {
    data: {
      $type: 'com.linkedin.restli.common.CollectionResponse',
      ...(changed ? {} : { '*elements': urns }),
      paging: { start, count: urns.length, total },
    },
    included,
  };
}
