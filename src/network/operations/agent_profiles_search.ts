import type { SearchProfilesOutput } from '../../contract/task-outputs.js';
import { NetworkError } from '../errors.js';
import { imageViewModelUrl } from '../parse/images.js';
import { degreeOf } from '../parse/profile.js';
import { graphqlSearch } from '../parse/search.js';
import type { JsonNode } from '../normalized.js';
import type { Operation } from './context.js';

const NETWORK_FILTER = { first: 'F', second: 'S', third: 'O' } as const;

/**
 * search-profiles: people search with resultType PEOPLE. Title and company are the search page's
 * free-text filters; the location has no free-text filter (the network wants a geo URN), so it joins
 * the keywords.
 */
export const agentProfilesSearch: Operation<'agent_profiles_search'> = async (input, ctx) => {
  const keywords = [input.keywords, input.location].filter((v) => v && v.trim()).join(' ');
  const filters: Record<string, string[]> = {};
  if (input.network_degree?.length) filters.network = input.network_degree.map((d) => NETWORK_FILTER[d]);
  if (input.title?.trim()) filters.title = [input.title.trim()];
  if (input.company?.trim()) filters.company = [input.company.trim()];

  const answer = await graphqlSearch(ctx.map, ctx.fetch, { resultType: 'PEOPLE', keywords: keywords || undefined, filters, start: input.start, count: input.count }, ctx.signal);
  const profiles = answer.items
    .map((item) => item.at('entityResult'))
    .filter((r) => r.present)
    .map(profileOf)
    .slice(0, input.count);
  const output: SearchProfilesOutput = { profiles, start: input.start, count: profiles.length, total: answer.total };
  return output;
};

function profileOf(result: JsonNode): SearchProfilesOutput['profiles'][number] {
  const composite = result.requiredStr('entityUrn');
  // `urn:li:fsd_entityResultViewModel:(urn:li:fsd_profile:<id>,SEARCH_SRP,DEFAULT)`
  const profileUrn = /urn:li:fsd_profile:[A-Za-z0-9_-]+/.exec(composite)?.[0];
  if (!profileUrn) throw new NetworkError('network_changed', `Search result without a profile URN at ${result.path}.entityUrn: ${composite}`);
  const url = result.str('navigationUrl');
  const slug = url ? /\/in\/([^/?#]+)/.exec(url)?.[1] : undefined;
  return {
    profile_urn: profileUrn,
    public_identifier: slug ? decodeURIComponent(slug) : null,
    full_name: result.requiredStr('title', 'text'),
    headline: result.str('primarySubtitle', 'text'),
    location: result.str('secondarySubtitle', 'text'),
    profile_url: url ? url.split('?')[0]! : null,
    image_url: imageViewModelUrl(result.at('image')),
    network_degree: degreeOf(result.str('entityCustomTrackingInfo', 'memberDistance')),
  };
}
