import type { Education, Experience } from '../../contract/task-outputs.js';
import type { z } from 'zod/mini';
import { callNetwork, type CallContext } from '../call.js';
import type { JsonNode } from '../normalized.js';
import { notUnderstood, oneEntity } from '../read/answer.js';
import type { FieldReader } from '../read/fields.js';
import { vectorImageUrl } from '../read/images.js';
import { hasRelationship, readRelationship, type Relationship } from '../read/relationship.js';
import { profileUrnIn } from '../read/urns.js';

export interface FullProfile {
  profile_urn: string;
  member_urn: string | null;
  public_identifier: string | null;
  first_name: string;
  last_name: string;
  headline: string | null;
  location: string | null;
  about: string | null;
  image_url: string | null;
  experience: z.infer<typeof Experience>[];
  education: z.infer<typeof Education>[];
  skills: string[];
  /** When the full profile itself carries the relationship (its `*memberRelationship` resolved). */
  relationship: Relationship | null;
}

/**
 * The full profile by public identifier or profile id (docs/network-internal-api.md, "Profile"):
 * positions through their groups, educations and skills through their collections.
 */
export function fetchFullProfile(ctx: CallContext, identity: string): Promise<FullProfile> {
  return callNetwork(ctx, 'profile', { identity }, (answer) => {
    const { fields: f } = answer;
    const p = oneEntity('profile', answer, identity);
    const urn = f.strings(p, 'profile', 'profile_urn').map(profileUrnIn).find((u) => u !== null);
    if (!urn) throw notUnderstood('profile', answer, 'profile URN (entityUrn)');
    const firstName = f.str(p, 'profile', 'first_name');
    if (firstName === null) throw notUnderstood('profile', answer, `${p.path}.firstName`);
    const relationship = readRelationship(p, f);
    const image = f.object(p, 'profile', 'image');
    return {
      profile_urn: urn,
      member_urn: f.str(p, 'profile', 'member_urn'),
      public_identifier: f.str(p, 'profile', 'public_identifier'),
      first_name: firstName,
      last_name: f.str(p, 'profile', 'last_name') ?? '',
      headline: f.str(p, 'profile', 'headline'),
      location: f.str(p, 'profile', 'location'),
      about: f.str(p, 'profile', 'summary'),
      image_url: image ? vectorImageUrl(image) : null,
      experience: f.list(p, 'profile', 'positions').map((x) => experienceOf(x, f)),
      education: f.list(p, 'profile', 'educations').map((x) => educationOf(x, f)),
      skills: f
        .list(p, 'profile', 'skills')
        .map((s) => f.str(s, 'skill', 'name'))
        .filter((s): s is string => !!s),
      relationship: hasRelationship(relationship) ? relationship : null,
    };
  });
}

function experienceOf(x: JsonNode, f: FieldReader): z.infer<typeof Experience> {
  return {
    title: f.str(x, 'position', 'title'),
    company_name: f.str(x, 'position', 'company_name'),
    company_urn: f.str(x, 'position', 'company_urn'),
    location: f.str(x, 'position', 'location'),
    description: f.str(x, 'position', 'description'),
    start: yearMonth(f.object(x, 'position', 'start')),
    end: yearMonth(f.object(x, 'position', 'end')),
  };
}

function educationOf(x: JsonNode, f: FieldReader): z.infer<typeof Education> {
  return {
    school_name: f.str(x, 'education', 'school_name'),
    degree: f.str(x, 'education', 'degree'),
    field_of_study: f.str(x, 'education', 'field_of_study'),
    start: yearMonth(f.object(x, 'education', 'start')),
    end: yearMonth(f.object(x, 'education', 'end')),
  };
}

function yearMonth(node: JsonNode | null): { year: number; month: number | null } | null {
  const year = node?.num('year') ?? null;
  if (year === null) return null;
  const month = node!.num('month');
  return { year, month: month !== null && month >= 1 && month <= 12 ? month : null };
}
