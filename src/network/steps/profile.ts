import type { Education, Experience } from '../../contract/task-outputs.js';
import type { z } from 'zod/mini';
import { callNetwork, type CallContext } from '../call.js';
import type { JsonNode } from '../normalized.js';
import { notUnderstood, oneEntity } from '../read/answer.js';
import { lacking } from '../read/completeness.js';
import type { FieldReader } from '../read/fields.js';
import { vectorImageUrl } from '../read/images.js';
import { hasRelationship, readRelationship, type Relationship } from '../read/relationship.js';
import { profileUrnIn } from '../read/urns.js';

interface FullProfile {
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
export function fetchFullProfile(
  ctx: CallContext,
  identity: string,
  /** `urn`: only its URN is wanted (a slug resolved), so only the URN is required of it. */
  want: 'profile' | 'urn' = 'profile',
): Promise<FullProfile> {
  return callNetwork(ctx, 'profile', { identity }, (answer) => {
    const { fields: f } = answer;
    const entity = oneEntity('profile', answer, identity);
    const p = f.of(entity, 'profile');
    const urn = p
      .strings('profile_urn')
      .map(profileUrnIn)
      .find((u) => u !== null);
    if (!urn) throw notUnderstood('profile', answer, 'profile URN (entityUrn)');
    // A profile cannot do without a name and a headline (read/completeness.ts): an answer without
    // is a way that no longer gives profiles, not a profile with an empty headline.
    const firstName = p.str('first_name');
    const headline = p.str('headline');
    const required: Record<string, boolean> =
      want === 'urn' ? {} : { name: firstName !== null, headline: headline !== null };
    if (!f.completeness.result(required))
      throw lacking('profile', answer.alt.id, f.completeness.mostlyMissing()!);
    const relationship = readRelationship(entity, f);
    const image = p.object('image');
    return {
      profile_urn: urn,
      member_urn: p.str('member_urn'),
      public_identifier: p.str('public_identifier'),
      first_name: firstName ?? '',
      last_name: p.str('last_name') ?? '',
      headline,
      location: p.str('location'),
      about: p.str('summary'),
      image_url: image ? vectorImageUrl(image) : null,
      experience: p.list('positions').map((x) => experienceOf(x, f)),
      education: p.list('educations').map((x) => educationOf(x, f)),
      skills: p
        .list('skills')
        .map((s) => f.of(s, 'skill').str('name'))
        .filter((s): s is string => !!s),
      relationship: hasRelationship(relationship) ? relationship : null,
    };
  });
}

function experienceOf(node: JsonNode, f: FieldReader): z.infer<typeof Experience> {
  const x = f.of(node, 'position');
  return {
    title: x.str('title'),
    company_name: x.str('company_name'),
    company_urn: x.str('company_urn'),
    location: x.str('location'),
    description: x.str('description'),
    start: yearMonth(x.object('start')),
    end: yearMonth(x.object('end')),
  };
}

function educationOf(node: JsonNode, f: FieldReader): z.infer<typeof Education> {
  const x = f.of(node, 'education');
  return {
    school_name: x.str('school_name'),
    degree: x.str('degree'),
    field_of_study: x.str('field_of_study'),
    start: yearMonth(x.object('start')),
    end: yearMonth(x.object('end')),
  };
}

function yearMonth(node: JsonNode | null): { year: number; month: number | null } | null {
  const year = node?.num('year') ?? null;
  if (year === null) return null;
  const month = node!.num('month');
  return { year, month: month !== null && month >= 1 && month <= 12 ? month : null };
}
