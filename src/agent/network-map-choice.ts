import { NETWORK_MAP_FORMAT } from '../contract/constants.js';
import type { NetworkMap } from '../contract/network-map.js';
import { checkContract, describeFailure } from '../shared/contract-check.js';

type MapChoice =
  | { ok: true; map: NetworkMap; replaced: boolean }
  | { ok: false; map: NetworkMap; error: string };

/**
 * Picks the map in force when the service hands one out (heartbeat answer). A well-formed map of our
 * format with a higher version than the current one wins; an equal or older one leaves the current
 * in force; a malformed one is refused with the reason and the current map stays, so a bad push from
 * the service can never leave the extension without a working map.
 */
export function chooseNetworkMap(current: NetworkMap, offered: unknown): MapChoice {
  if (offered === undefined || offered === null) return { ok: true, map: current, replaced: false };
  const format = (offered as { format?: unknown }).format;
  if (format !== NETWORK_MAP_FORMAT)
    return {
      ok: false,
      map: current,
      error: `Refused network map: format ${String(format)} is not ${NETWORK_MAP_FORMAT}`,
    };
  const checked = checkContract('network-map', offered);
  if (!checked.ok)
    return {
      ok: false,
      map: current,
      error: `Refused network map: ${describeFailure(checked, 'map')}`,
    };
  if (checked.data.version <= current.version) return { ok: true, map: current, replaced: false };
  return { ok: true, map: checked.data, replaced: true };
}
