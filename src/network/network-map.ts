import { NetworkMap } from '../contract/network-map.js';
import type { NetworkMapEntryName } from '../contract/network-map.js';

/**
 * The built-in network map: every path, decoration id and GraphQL queryId our operations use, as
 * data (docs/network-facts.md, "Designing for drift"). Operations read their entry from the map in
 * force; none of these strings appears in operation code.
 */
export const BUILT_IN_NETWORK_MAP: NetworkMap = NetworkMap.parse({
  version: 1,
  entries: {
    me: { path: 'me' },
    profile: {
      path: 'identity/dash/profiles',
      decoration_id: 'com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-93',
    },
    // The operation appends `/<publicIdentifier or profile id>/networkinfo`.
    profile_network_info: { path: 'identity/profiles' },
    profile_updates: { path: 'identity/profileUpdatesV2' },
    company: {
      path: 'organization/companies',
      decoration_id: 'com.linkedin.voyager.deco.organization.web.WebFullCompanyMain-12',
    },
    company_updates: { path: 'feed/updates' },
    search: { path: 'graphql', query_id: 'voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0' },
    connections: {
      path: 'relationships/dash/connections',
      decoration_id: 'com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-16',
    },
    reactions: { path: 'voyagerSocialDashReactions' },
    comments: {
      path: 'voyagerSocialDashNormComments',
      decoration_id: 'com.linkedin.voyager.dash.deco.social.NormComment-43',
    },
    messages: { path: 'voyagerMessagingDashMessengerMessages' },
    invitations: {
      path: 'voyagerRelationshipsDashMemberRelationships',
      decoration_id: 'com.linkedin.voyager.dash.deco.relationships.InvitationCreationResultWithInvitee-2',
    },
  },
});

/** One entry of the map together with its name, which the error mapping needs (invitations differ). */
export interface MapEntryRef {
  name: NetworkMapEntryName;
  path: string;
  decoration_id?: string;
  query_id?: string;
}

export function entryOf(map: NetworkMap, name: NetworkMapEntryName): MapEntryRef {
  return { name, ...map.entries[name] };
}

export type MapChoice =
  | { ok: true; map: NetworkMap; replaced: boolean }
  | { ok: false; map: NetworkMap; error: string };

/**
 * Picks the map in force when the service hands one out (heartbeat answer). A well-formed map with a
 * higher version than the current one wins; an equal or older one leaves the current in force; a
 * malformed one is refused with the reason and the current map stays, so a bad push from the service
 * can never leave the extension without a working map.
 */
export function chooseNetworkMap(current: NetworkMap, offered: unknown): MapChoice {
  if (offered === undefined || offered === null) return { ok: true, map: current, replaced: false };
  const parsed = NetworkMap.safeParse(offered);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'map';
    return { ok: false, map: current, error: `Refused network map: ${where}: ${issue?.message ?? 'invalid'}` };
  }
  if (parsed.data.version <= current.version) return { ok: true, map: current, replaced: false };
  return { ok: true, map: parsed.data, replaced: true };
}
