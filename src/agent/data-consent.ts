import { browser } from 'wxt/browser';

/**
 * Firefox's built-in data consent (docs/store.md, "Data"). What the extension does for the team
 * (the member's identity, what it reads on the network) is required consent, given at install.
 * Diagnostics are technical data, which Firefox only allows as optional consent: the browser's
 * name and which network calls failed lately go into the heartbeat only when the member allowed
 * "technical and interaction data" (at install or later in about:addons). Chrome has no such
 * consent at run time; there the store listing declares it and they always go.
 */
const TECHNICAL_DATA = 'technicalAndInteraction';

export async function technicalDataAllowed(): Promise<boolean> {
  try {
    const all = (await browser.permissions.getAll()) as { data_collection?: string[] };
    // Only a browser with the consent (Firefox 140+) answers data_collection.
    if (!Array.isArray(all.data_collection)) return true;
    return all.data_collection.includes(TECHNICAL_DATA);
  } catch {
    return false;
  }
}

/** The heartbeat's diagnostics, or what stands in for them without consent. */
export function diagnostics<H, O = undefined>(
  allowed: boolean,
  browserName: string,
  health: H,
  operations?: O,
): { browser: string; network_health: H | undefined; operation_health: O | undefined } {
  return allowed
    ? { browser: browserName, network_health: health, operation_health: operations }
    : { browser: 'not shared', network_health: undefined, operation_health: undefined };
}
