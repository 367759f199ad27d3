import type { ProfileSummary } from '../../contract/task-outputs.js';
import type { z } from 'zod/mini';
import type { JsonNode } from '../normalized.js';
import type { FieldReader } from './fields.js';
import { imageViewModelUrl } from './images.js';
import { degreeOf } from './relationship.js';
import { pageOfUrl, profileUrnIn } from './urns.js';

/**
 * One people-search result (an EntityResultViewModel). Its `entityUrn` is composite,
 * `urn:li:fsd_entityResultViewModel:(urn:li:fsd_profile:<id>,SEARCH_SRP,DEFAULT)`: the profile URN is
 * taken out of it (or out of the result's URL). A result without a profile (a company, a group) or
 * without a name is not a person and is left out.
 */
export function readPersonResult(
  node: JsonNode,
  f: FieldReader,
): z.infer<typeof ProfileSummary> | null {
  const result = f.of(node, 'person_result');
  const profileUrn = result
    .strings('profile_urn')
    .map(profileUrnIn)
    .find((u) => u !== null);
  const name = result.str('name');
  if (!profileUrn || !name) return null;
  const url = result.str('url');
  const page = pageOfUrl(url);
  const image = result.node('image');
  return {
    profile_urn: profileUrn,
    public_identifier: page?.type === 'person' ? page.slug : null,
    full_name: name,
    headline: result.str('headline'),
    location: result.str('location'),
    profile_url: url ? url.split('?')[0]! : null,
    image_url: image ? imageViewModelUrl(image) : null,
    network_degree: degreeOf(result.str('distance')),
  };
}
