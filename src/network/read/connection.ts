import type { Connection } from '../../contract/task-outputs.js';
import type { z } from 'zod/mini';
import { JsonNode } from '../normalized.js';
import type { FieldReader } from './fields.js';
import { vectorImageUrl } from './images.js';
import { profileUrnIn } from './urns.js';

/**
 * One of the member's connections: a Connection entity (`createdAt`) whose profile is
 * `connectedMemberResolutionResult` (with the ConnectionListWithProfile decoration) or the profile
 * that `connectedMember` names in `included`. Null when the profile cannot be read.
 */
export function readConnection(connection: JsonNode, f: FieldReader): z.infer<typeof Connection> | null {
  let profile = f.object(connection, 'connection', 'profile');
  if (!profile) {
    const urn = f.strings(connection, 'connection', 'profile').find((s) => s.startsWith('urn:'));
    const entity = urn ? connection.doc.resolve(urn) : undefined;
    if (entity !== undefined) profile = new JsonNode(entity, `included<${urn}>`, connection.doc);
  }
  if (!profile) return null;
  const profileUrn = f.strings(profile, 'profile', 'profile_urn').map(profileUrnIn).find((u) => u !== null);
  const firstName = f.str(profile, 'profile', 'first_name');
  if (!profileUrn || firstName === null) return null;
  const slug = f.str(profile, 'profile', 'public_identifier');
  const image = f.object(profile, 'profile', 'image');
  const createdAt = f.num(connection, 'connection', 'created_at');
  return {
    profile_urn: profileUrn,
    public_identifier: slug,
    full_name: `${firstName} ${f.str(profile, 'profile', 'last_name') ?? ''}`.trim(),
    headline: f.str(profile, 'profile', 'headline'),
    profile_url: slug ? `https://www.linkedin.com/in/${slug}/` : null,
    image_url: image ? vectorImageUrl(image) : null,
    connected_at: createdAt === null ? null : new Date(createdAt).toISOString(),
  };
}
