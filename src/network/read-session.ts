import type { NetworkMap } from '../contract/network-map.js';
import { toTaskError } from './errors.js';
import { sessionMemoryFor, type Me } from './session-memory.js';
import {
  createNetworkFetch,
  csrfTokenFromCookies,
  documentCookies,
  type NetworkClientOptions,
} from './session.js';
import { fetchMe } from './steps/me.js';
import type { NetworkSession } from './types.js';

/**
 * Who is signed in to the network in this tab, for the heartbeat and the popup. No JSESSIONID cookie
 * means signed out without asking (li_at is HttpOnly and invisible to the page, JSESSIONID is not);
 * otherwise `GET me` says who, or why not (signed out, challenge, rate limit). The answer is the
 * session's memory of who the member is, so tasks need not ask again.
 */
/** How long a session read stands for the same session before `me` is asked again. */
const SESSION_RECHECK_MS = 10 * 60_000;

export async function readNetworkSession(
  map: NetworkMap,
  options: NetworkClientOptions & { now?: number } = {},
): Promise<NetworkSession> {
  const cookies = options.cookies ?? documentCookies;
  const csrf = csrfTokenFromCookies(cookies());
  if (!csrf) {
    return signedOut({
      code: 'network_signed_out',
      message: 'Not signed in to the network (no session cookie)',
    });
  }
  const memory = sessionMemoryFor(csrf);
  const now = options.now ?? Date.now();
  try {
    // The same session (same JSESSIONID) asked a moment ago: who it is has not changed, and a call
    // a minute is a cost the member's account pays (docs/network-internal-api.md, "Pacing"). A task
    // that meets a dead session forgets the session (run-task.ts), so the next check asks again.
    if (memory.me && now - memory.meReadAt < SESSION_RECHECK_MS) return signedIn(await memory.me);
    const reading = fetchMe({
      map,
      fetch: createNetworkFetch({ ...options, cookies }),
      signal: options.signal ?? new AbortController().signal,
      memory,
      report: { used: [], failed: [] },
    });
    const me = await reading;
    memory.me = reading;
    memory.meReadAt = now;
    return signedIn(me);
  } catch (err) {
    memory.me = null;
    const { code, message } = toTaskError(err);
    return signedOut({ code, message });
  }
}

function signedIn(me: Me): NetworkSession {
  return {
    signed_in: true,
    member_urn: me.profileUrn,
    public_identifier: me.publicIdentifier,
    full_name: me.fullName || null,
    problem: null,
  };
}

function signedOut(problem: NonNullable<NetworkSession['problem']>): NetworkSession {
  return { signed_in: false, member_urn: null, public_identifier: null, full_name: null, problem };
}
