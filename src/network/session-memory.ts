import type { NetworkCallName } from '../contract/network-map.js';

/** Who is signed in, from the network's `me` answer. */
export interface Me {
  /** `urn:li:fsd_profile:<id>`, the mailbox of the signed-in member. */
  profileUrn: string;
  publicIdentifier: string;
  fullName: string;
}

/**
 * What holds for the whole session in this tab, learned once: who the member is (the mailbox of
 * every message) and which alternative of each call works. A new session (another JSESSIONID, after
 * a sign-out or with another account) starts afresh, and so does a new map version.
 */
export class SessionMemory {
  me: Promise<Me> | null = null;
  /** When `me` was last read from the network (epoch ms). */
  meReadAt = 0;
  private readonly working = new Map<string, string>();
  /** Pages of the web app read for the queryIds they name (map/learn.ts), by path: once a session. */
  readonly pages = new Map<string, Promise<string>>();

  workingAlternative(mapVersion: number, call: NetworkCallName): string | undefined {
    return this.working.get(`${mapVersion}:${call}`);
  }

  rememberWorking(mapVersion: number, call: NetworkCallName, alternative: string): void {
    this.working.set(`${mapVersion}:${call}`, alternative);
  }

  /**
   * The way of a call whose answers come hollow and are read item by item as the last resort,
   * because no better way worked in this session: later cycles go straight to it.
   */
  hollowWay(mapVersion: number, call: NetworkCallName): string | undefined {
    return this.hollow.get(`${mapVersion}:${call}`);
  }

  rememberHollowWay(mapVersion: number, call: NetworkCallName, alternative: string): void {
    this.hollow.set(`${mapVersion}:${call}`, alternative);
    this.rememberWorking(mapVersion, call, alternative);
  }

  private readonly hollow = new Map<string, string>();
}

let current: { session: string; memory: SessionMemory } | null = null;

/** The memory of the session the csrf token names (the content script lives as long as its tab). */
export function sessionMemoryFor(session: string): SessionMemory {
  if (current?.session !== session) current = { session, memory: new SessionMemory() };
  return current.memory;
}

/** Forgets everything (tests; and the content script when the account changes under it). */
export function forgetSession(): void {
  current = null;
}
