import { normalizeProfileSlug } from '../../contract/urns.js';
import type { NetworkPost } from '../../contract/task-outputs.js';
import { NetworkError } from '../errors.js';
import { fetchFullProfile } from '../steps/profile.js';
import { collectPosts } from '../steps/posts.js';
import type { Operation, OperationContext } from './context.js';

/**
 * fetch-profiles-posts and people-watchlist collection: recent posts of several profiles, up to
 * `count` each, page by page. A profile that no longer exists or is not visible (404, 403) is
 * skipped: one deleted or private account must not sink a whole watchlist; every other failure
 * (signed out, limits, a changed network) stops the task.
 */
export const agentProfilesTracking: Operation<'agent_profiles_tracking'> = async (input, ctx) => {
  const count = input.count ?? 20;
  const posts: NetworkPost[] = [];
  let first = true;
  for (const identifier of input.profile_urns) {
    if (!first) await ctx.pause();
    first = false;
    try {
      const urn = await profileUrnOf(identifier, ctx);
      posts.push(...(await collectPosts(ctx, 'profile_posts', { profile_urn: urn }, count)));
    } catch (err) {
      if (err instanceof NetworkError && (err.code === 'not_found' || err.code === 'access_denied'))
        continue;
      throw err;
    }
  }
  return { posts };
};

/**
 * Identifiers come as fsd_profile URNs, person/fs_profileView/fs_miniProfile URNs (whose id is the
 * same profile id), bare `ACoAA…` ids, member URNs or slugs. Profile ids map straight to the
 * fsd_profile URN; member numbers and slugs go through the profile call, which answers the URN.
 */
async function profileUrnOf(identifier: string, ctx: OperationContext): Promise<string> {
  const v = identifier.trim();
  const urnId =
    /^urn:li:(?:fsd_profile|fs_profileView|fs_miniProfile|person):([A-Za-z0-9_-]+)$/.exec(v)?.[1];
  if (urnId?.startsWith('ACo')) return `urn:li:fsd_profile:${urnId}`;
  if (/^ACo[A-Za-z0-9_-]{8,}$/.test(v)) return `urn:li:fsd_profile:${v}`;
  const memberId = /^urn:li:member:(\d+)$/.exec(v)?.[1];
  const identity = memberId ?? urnId ?? normalizeProfileSlug(v);
  if (!identity) throw new NetworkError('not_found', `Not a profile identifier: ${v}`);
  return (await fetchFullProfile(ctx, identity, 'urn')).profile_urn;
}
