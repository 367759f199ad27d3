import type { NetworkMap } from '../../contract/network-map.js';
import { entryOf } from '../network-map.js';
import { normalized, type JsonNode } from '../normalized.js';
import { Restli, type RestliValue } from '../query.js';
import type { NetworkFetch } from '../session.js';

/**
 * The GraphQL search (`voyagerSearchDashClusters`), asked with `accept: application/json` so results
 * come inline at `data.searchDashClustersByAll.elements[].items[].item` (network-facts, "People
 * search" and "Details that trip parsers"). The queryId comes from the map.
 */
export interface SearchRequest {
  resultType: 'PEOPLE' | 'CONTENT';
  keywords?: string;
  /** Extra filters as `(key:<key>,value:List(<values>))`. */
  filters?: Record<string, string[]>;
  start: number;
  count: number;
}

export interface SearchAnswer {
  items: JsonNode[];
  total: number | null;
}

export async function graphqlSearch(map: NetworkMap, fetch: NetworkFetch, req: SearchRequest, signal: AbortSignal): Promise<SearchAnswer> {
  const entry = entryOf(map, 'search');
  const queryParameters: RestliValue[] = [{ key: 'resultType', value: [req.resultType] }];
  for (const [key, values] of Object.entries(req.filters ?? {})) {
    if (values.length) queryParameters.push({ key, value: values });
  }
  const query: Record<string, RestliValue> = {};
  if (req.keywords) query.keywords = req.keywords;
  query.flagshipSearchIntent = 'SEARCH_SRP';
  query.queryParameters = queryParameters;
  query.includeFiltersInResponse = false;

  const { json } = await fetch(entry, {
    query: [
      ['variables', new Restli({ start: req.start, count: req.count, origin: 'GLOBAL_SEARCH_HEADER', query })],
      ['queryId', entry.query_id],
    ],
    accept: 'json',
    signal,
  });
  const clusters = normalized(json, 'search').required('data', 'searchDashClustersByAll');
  const items = clusters
    .required('elements')
    .requiredItems()
    .flatMap((cluster) => cluster.at('items').items())
    .map((item) => item.at('item'));
  return { items, total: clusters.num('paging', 'total') };
}
