import type { ProfileOutput } from '../../contract/task-outputs.js';
import { fetchFullProfile } from '../steps/profile.js';
import { relationshipOf } from '../steps/relationship.js';
import type { Operation } from './context.js';

/**
 * fetch-profile: the full profile, then its relationship and counts (two calls). Since 2026 the
 * network gives no connections count and sometimes no follower count: those are null, never a
 * failed task (docs/network-internal-api.md, "Newer evidence"; docs/api.md).
 */
export const agentProfileFetch: Operation<'agent_profile_fetch'> = async (input, ctx) => {
  const profile = await fetchFullProfile(ctx, input.profile_slug);
  const publicIdentifier = profile.public_identifier ?? input.profile_slug;
  const relationship = (await relationshipOf(ctx, publicIdentifier)) ?? profile.relationship;
  const output: ProfileOutput = {
    profile_urn: profile.profile_urn,
    member_urn: profile.member_urn,
    public_identifier: publicIdentifier,
    name: `${profile.first_name} ${profile.last_name}`.trim(),
    headline: profile.headline ?? '',
    location: profile.location ?? '',
    profile_url: `https://www.linkedin.com/in/${publicIdentifier}/`,
    connections: relationship?.connections ?? null,
    followers: relationship?.followers ?? null,
    about: profile.about ?? '',
    experience: profile.experience,
    education: profile.education,
    skills: profile.skills,
    network_degree: relationship?.degree ?? profile.relationship?.degree ?? null,
  };
  return output;
};
