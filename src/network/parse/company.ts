import type { NetworkMap } from '../../contract/network-map.js';
import { NetworkError } from '../errors.js';
import { entryOf } from '../network-map.js';
import { normalized, type JsonNode } from '../normalized.js';
import type { NetworkFetch } from '../session.js';

/**
 * `organization/companies?q=universalName&universalName=<slug>&decorationId=…WebFullCompanyMain`
 * -> the Company entity (`*elements` of `urn:li:fs_normalized_company:<id>`, network-facts "Company").
 */
export async function fetchCompany(map: NetworkMap, fetch: NetworkFetch, slug: string, signal: AbortSignal): Promise<JsonNode> {
  const entry = entryOf(map, 'company');
  const { json } = await fetch(entry, {
    query: { decorationId: entry.decoration_id, q: 'universalName', universalName: slug },
    signal,
  });
  const elements = normalized(json, 'company').required('data', 'elements').requiredItems();
  if (elements.length === 0) throw new NetworkError('not_found', `No company ${slug}`);
  const company = elements[0]!;
  if (!company.present || typeof company.value !== 'object') {
    throw new NetworkError('network_changed', `The network's company answer has no entity for ${company.path}`);
  }
  return company;
}

/** `urn:li:fs_normalized_company:123` (or any company URN) -> `urn:li:fsd_company:123`. */
export function companyUrnOf(company: JsonNode): string {
  const urn = company.requiredStr('entityUrn');
  const id = /:(\d+)$/.exec(urn)?.[1];
  if (!id) throw new NetworkError('network_changed', `Company URN without a numeric id at ${company.path}.entityUrn: ${urn}`);
  return `urn:li:fsd_company:${id}`;
}
