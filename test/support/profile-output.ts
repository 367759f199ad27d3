import type { ProfileOutput } from '../../src/contract/task-outputs.js';

/**
 * A profile fetch's output (`agent_profile_fetch`) as an agent reports it: by default a person the
 * network tells nothing about beyond their identity, `urn:li:fsd_profile:ACoAAx` at `/in/p/`. A test
 * names only the fields it is about; the profile URL follows `public_identifier` unless given.
 */
export function profileOutput(over: Partial<ProfileOutput> = {}): ProfileOutput {
  const slug = over.public_identifier ?? 'p';
  return {
    profile_urn: 'urn:li:fsd_profile:ACoAAx',
    member_urn: null,
    public_identifier: slug,
    name: 'P',
    headline: '',
    location: '',
    profile_url: `https://www.linkedin.com/in/${slug}/`,
    connections: null,
    followers: null,
    about: '',
    experience: [],
    education: [],
    skills: [],
    network_degree: null,
    ...over,
  };
}

/** A second-degree engineer in Arlington, working at `company` when given (the sequence tests' visits). */
export function engineerProfile(
  urn: string,
  slug: string,
  name: string,
  company: string | null,
): ProfileOutput {
  return profileOutput({
    profile_urn: urn,
    public_identifier: slug,
    name,
    headline: 'Engineer',
    location: 'Arlington',
    experience: company
      ? [
          {
            title: 'Engineer',
            company_name: company,
            location: null,
            description: null,
            start: null,
            end: null,
          },
        ]
      : [],
    network_degree: 'second',
  });
}
