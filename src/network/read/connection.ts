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
export function readConnection(
  connection: JsonNode,
  f: FieldReader,
): z.infer<typeof Connection> | null {
  let profile = f.object(connection, 'connection', 'profile');
  if (!profile) {
    const urn = f.strings(connection, 'connection', 'profile').find((s) => s.startsWith('urn:'));
    const entity = urn ? connection.doc.resolve(urn) : undefined;
    if (entity !== undefined) profile = new JsonNode(entity, `included<${urn}>`, connection.doc);
  }
  if (!profile) return null;
  const p = f.of(profile, 'profile');
  const profileUrn = p
    .strings('profile_urn')
    .map(profileUrnIn)
    .find((u) => u !== null);
  const firstName = p.str('first_name');
  if (!profileUrn || firstName === null) return null;
  const slug = p.str('public_identifier');
  const image = p.object('image');
  const createdAt = f.num(connection, 'connection', 'created_at');
  return {
    profile_urn: profileUrn,
    public_identifier: slug,
    full_name: `${firstName} ${p.str('last_name') ?? ''}`.trim(),
    headline: p.str('headline'),
    profile_url: slug ? `https://www.linkedin.com/in/${slug}/` : null,
    image_url: image ? vectorImageUrl(image) : null,
    connected_at: createdAt === null ? null : new Date(createdAt).toISOString(),
  };
}
