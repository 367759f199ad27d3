import { defineItem } from './storage-item.js';
import type { NetworkMap } from '../contract/network-map.js';
import { builtInNetworkMap } from './built-in-map.js';
import { chooseNetworkMap } from './network-map-choice.js';

/**
 * The network map in force: the built-in one, or a newer one the service handed out in a heartbeat
 * answer (kept across worker restarts). src/agent/network-map-choice.ts decides which wins.
 */
export const storedMapItem = defineItem<unknown>('local:network_map', { fallback: null });

export async function currentNetworkMap(): Promise<NetworkMap> {
  // What we stored went through chooseNetworkMap, but storage is ours to distrust across versions:
  // an extension update whose built-in map is newer than the stored one wins again.
  return chooseNetworkMap(await builtInNetworkMap(), await storedMapItem.getValue()).map;
}

/** Takes the map a heartbeat answer offered; answers what happened, for the activity log. */
export async function offerNetworkMap(
  offered: unknown,
): Promise<{ replaced: boolean; error: string | null; version: number }> {
  const choice = chooseNetworkMap(await currentNetworkMap(), offered);
  if (!choice.ok) return { replaced: false, error: choice.error, version: choice.map.version };
  if (choice.replaced) await storedMapItem.setValue(choice.map);
  return { replaced: choice.replaced, error: null, version: choice.map.version };
}
