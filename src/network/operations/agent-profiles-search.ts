import type { SearchProfilesOutput } from '../../contract/task-outputs.js';
import { callNetwork } from '../call.js';
import { collectPages } from '../paging.js';
import { startPage } from '../read/answer.js';
import { readPersonResult } from '../read/person-result.js';
import type { Operation } from './context.js';

const NETWORK_FILTER = { first: 'F', second: 'S', third: 'O' } as const;

/**
 * search-profiles: people search, page by page up to `count`. Title, company and location join the
 * keywords: the network's filters for them want ids (`currentCompany`, `geoUrn`) found by other
 * calls, and a free-text filter key it does not know is ignored silently, answering unfiltered
 * results (docs/network-internal-api.md, "People search").
 */
export const agentProfilesSearch: Operation<'agent_profiles_search'> = async (input, ctx) => {
  const keywords = [input.keywords, input.title, input.company, input.location]
    .filter((v) => v?.trim())
    .map((v) => v!.trim())
    .join(' ');
  const network = input.network_degree?.map((d) => NETWORK_FILTER[d]);
  const { items, total } = await collectPages({
    want: input.count,
    start: input.start,
    fetchPage: (page) =>
      callNetwork(
        ctx,
        'people_search',
        { keywords, network, start: page.start, count: page.count },
        (answer) =>
          startPage('people_search', answer, (node) => readPersonResult(node, answer.fields)),
      ),
    key: (p) => p.profile_urn,
    pause: ctx.pause,
  });
  const output: SearchProfilesOutput = {
    profiles: items,
    start: input.start,
    count: items.length,
    total,
  };
  return output;
};
