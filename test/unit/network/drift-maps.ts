import { chooseNetworkMap } from '../../../src/agent/network-map-choice.js';
import type { MapAlternative, NetworkMap } from '../../../src/contract/network-map.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import { type FakeDrift, HEADLINE_TYPE } from '../../fake-network/drifts.js';

/**
 * For each drift of the fake network (test/fake-network/drifts.ts), the map an operator would
 * publish to follow it: the built-in map, one version higher, changed as docs/network-map.md says
 * (paths, names, query values), and accepted by the extension as a published map is.
 */
const REPAIRS: Record<Exclude<FakeDrift, 'none'>, (map: NetworkMap) => void> = {
  decoration_renamed: (map) => {
    for (const alt of map.calls.profile)
      swapQuery(alt, /FullProfileWithEntities-/, 'FullProfileWithEntitiesV2-');
  },
  field_moved: (map) => {
    map.fields.profile.headline!.unshift(`headlineUnion."${HEADLINE_TYPE}".text`);
  },
  post_text_moved: (map) => {
    map.fields.post.content!.unshift('commentaryV2.text.text', 'commentaryV2.text');
    map.fields.post.counts!.unshift('socialDetail.socialCountsV2', 'socialCountsV2');
    map.fields.post_result.content!.unshift('summaryV2.text');
    map.fields.post_result.counts!.unshift('insightsResolutionResults[].socialCountsInsightV2');
  },
  sdui_renamed: (map) => {
    for (const alt of map.calls.content_search) {
      const names = alt.read?.names;
      if (!names) continue;
      names.text = [...(names.text ?? []), 'feed-commentary-text'];
      names.comments = [...(names.comments ?? []), 'commentCounter:'];
      names.state_key_separators = [...(names.state_key_separators ?? ['-', '_']), ':'];
    }
  },
  write_path_renamed: (map) => {
    for (const alt of map.calls.like)
      if (alt.path === 'voyagerSocialDashReactions') alt.path = 'voyagerSocialDashReactionsV2';
  },
  finder_renamed: (map) => {
    for (const alt of map.calls.profile_posts)
      swapQuery(alt, /^memberShareFeed$/, 'memberShareFeedV2');
  },
  action_renamed: (map) => {
    for (const alt of map.calls.invitation)
      swapQuery(alt, /^verifyQuotaAndCreateV2$/, 'verifyQuotaAndCreateV3');
  },
};

function swapQuery(alt: MapAlternative, from: RegExp, to: string) {
  for (const pair of alt.query ?? [])
    if (typeof pair[1] === 'string' && from.test(pair[1])) pair[1] = pair[1].replace(from, to);
}

export function repairedMap(drift: Exclude<FakeDrift, 'none'>): NetworkMap {
  const map = structuredClone(BUILT_IN_NETWORK_MAP);
  map.version += 1;
  REPAIRS[drift](map);
  const choice = chooseNetworkMap(BUILT_IN_NETWORK_MAP, map);
  if (!choice.ok || !choice.replaced)
    throw new Error(`map refused: ${choice.ok ? 'not newer' : choice.error}`);
  return { ...choice.map, pacing: { between_pages_ms: [0, 5] } };
}
