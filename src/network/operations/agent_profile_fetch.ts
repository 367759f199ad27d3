import type { ProfileOutput } from '../../contract/task-outputs.js';
import type { JsonNode } from '../normalized.js';
import { degreeOf, fetchFullProfile, fetchNetworkInfo } from '../parse/profile.js';
import type { Operation } from './context.js';

/** fetch-profile: the full profile plus followers, connections and distance. */
export const agentProfileFetch: Operation<'agent_profile_fetch'> = async (input, ctx) => {
  const profile = await fetchFullProfile(ctx.map, ctx.fetch, input.profile_slug, ctx.signal);
  const publicIdentifier = profile.requiredStr('publicIdentifier');
  const info = await fetchNetworkInfo(ctx.map, ctx.fetch, publicIdentifier, ctx.signal);

  const positions = profile
    .at('profilePositionGroups', 'elements')
    .items()
    .flatMap((group) => group.at('profilePositionInPositionGroup', 'elements').items());

  const output: ProfileOutput = {
    profile_urn: profile.requiredStr('entityUrn'),
    member_urn: profile.str('objectUrn'),
    public_identifier: publicIdentifier,
    name: `${profile.requiredStr('firstName')} ${profile.str('lastName') ?? ''}`.trim(),
    headline: profile.str('headline') ?? '',
    location: profile.str('locationName') ?? profile.str('geoLocation', 'geo', 'defaultLocalizedName') ?? '',
    profile_url: `https://www.linkedin.com/in/${publicIdentifier}/`,
    connections: info.requiredNum('connectionsCount'),
    followers: info.requiredNum('followersCount'),
    about: profile.str('summary') ?? '',
    experience: positions.map((p) => ({
      title: p.str('title'),
      company_name: p.str('companyName') ?? p.str('company', 'name'),
      company_urn: p.str('companyUrn'),
      location: p.str('locationName'),
      description: p.str('description'),
      start: yearMonth(p.at('dateRange', 'start')),
      end: yearMonth(p.at('dateRange', 'end')),
    })),
    education: profile
      .at('profileEducations', 'elements')
      .items()
      .map((e) => ({
        school_name: e.str('schoolName') ?? e.str('school', 'name'),
        degree: e.str('degreeName'),
        field_of_study: e.str('fieldOfStudy'),
        start: yearMonth(e.at('dateRange', 'start')),
        end: yearMonth(e.at('dateRange', 'end')),
      })),
    skills: profile
      .at('profileSkills', 'elements')
      .items()
      .map((s) => s.str('name'))
      .filter((s): s is string => !!s),
    network_degree: degreeOf(info.str('distance', 'value')),
  };
  return output;
};

function yearMonth(node: JsonNode): { year: number; month: number | null } | null {
  const year = node.num('year');
  if (year === null) return null;
  const month = node.num('month');
  return { year, month: month !== null && month >= 1 && month <= 12 ? month : null };
}
