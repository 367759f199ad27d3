import type { ProfileOutput } from '../../src/contract/task-outputs.js';

/** A profile fetch's output as an agent reports it (the sequence tests' visits): a second-degree engineer. */
export function profileOutput(
  urn: string,
  slug: string,
  name: string,
  company: string | null,
): ProfileOutput {
  return {
    profile_urn: urn,
    member_urn: null,
    public_identifier: slug,
    name,
    headline: 'Engineer',
    location: 'Arlington',
    profile_url: `https://www.linkedin.com/in/${slug}/`,
    connections: null,
    followers: null,
    about: '',
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
    education: [],
    skills: [],
    network_degree: 'second',
  };
}
