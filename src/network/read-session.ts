import type { NetworkMap } from '../contract/network-map.js';
import { toTaskError } from './errors.js';
import { fetchMe } from './parse/me.js';
import { createNetworkFetch, csrfTokenFromCookies, type NetworkClientOptions } from './session.js';
import type { NetworkSession } from './types.js';

const documentCookies = () => (globalThis as { document?: { cookie: string } }).document?.cookie ?? '';

/**
 * Who is signed in to the network in this tab, for the heartbeat and the popup. No JSESSIONID cookie
 * means signed out without asking (li_at is HttpOnly and invisible to the page, JSESSIONID is not);
 * otherwise `GET me` says who, or why not (signed out, challenge, rate limit).
 */
export async function readNetworkSession(map: NetworkMap, options: NetworkClientOptions = {}): Promise<NetworkSession> {
  const cookies = options.cookies ?? documentCookies;
  if (!csrfTokenFromCookies(cookies())) {
    return signedOut({ code: 'network_signed_out', message: 'Not signed in to the network (no session cookie)' });
  }
  try {
    const me = await fetchMe(map, createNetworkFetch({ ...options, cookies }), options.signal);
    return {
      signed_in: true,
      member_urn: me.profileUrn,
      public_identifier: me.publicIdentifier,
      full_name: me.fullName || null,
      problem: null,
    };
  } catch (err) {
    const { code, message } = toTaskError(err);
    return signedOut({ code, message });
  }
}

function signedOut(problem: NonNullable<NetworkSession['problem']>): NetworkSession {
  return { signed_in: false, member_urn: null, public_identifier: null, full_name: null, problem };
}
