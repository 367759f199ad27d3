import type { FakeDataset, FakePost, FakeProfile } from './dataset.js';

/** A profile by slug (any case), `ACoAA…` profile id or member number. */
export function findProfile(ds: FakeDataset, identity: string): FakeProfile | undefined {
  const member = /^(?:urn:li:member:)?(\d+)$/.exec(identity)?.[1];
  return ds.profiles.find(
    (p) =>
      p.slug === identity.toLowerCase() ||
      p.id === identity ||
      (member !== undefined && String(p.memberId) === member),
  );
}

/** A post by its activity, ugcPost or share URN (all name the activity id). */
export function findPost(ds: FakeDataset, urn: string) {
  const id = /^urn:li:(?:activity|ugcPost|share):(\d+)$/.exec(urn)?.[1];
  return id ? ds.posts.find((p) => p.activityId === id) : undefined;
}

/** A post by a member whose profile is private: refused wherever it is read or acted on. */
export const authorIsPrivate = (ds: FakeDataset, post: FakePost) =>
  post.author.kind === 'person' &&
  !!ds.profiles.find((x) => x.id === (post.author as { profileId: string }).profileId)?.private;
