import type { TeamKeyView } from '../contract/team-key.js';
import { loadSession, saveSession, type Session } from './session.js';
import { wordWaits } from '../ui/time.js';

/** A refused call, with the service's `{error}` message, ready to show as is. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

interface CallOptions {
  body?: unknown;
  query?: Query;
  /** Which credentials to send: none (sign-in), the team key, or the key and the member's token. */
  auth?: 'none' | 'key' | 'member';
  session?: Session | null;
  /** Sent even if the page goes away meanwhile (a sign-out followed by a reload or a closed tab). */
  keepalive?: boolean;
  /** Set on the one retry after the team's key was fetched again. */
  keyRefreshed?: boolean;
}

/** Fired when the service no longer accepts the session (token revoked or expired). */
export const SESSION_REJECTED = 'dashboard:session-rejected';

/**
 * Reports a refused session, unless the page has moved on from it: an answer to a call made before
 * a move to another team (whose old token is revoked) must not sign the new session out.
 */
export function rejectSession(session: Session | null | undefined, message: string): void {
  if (session && loadSession()?.agent_token !== session.agent_token) return;
  window.dispatchEvent(new CustomEvent(SESSION_REJECTED, { detail: message }));
}

export async function call<T>(method: string, path: string, opts: CallOptions = {}): Promise<T> {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const auth = opts.auth ?? 'key';
  if (auth !== 'none') {
    if (!opts.session) throw new ApiError(401, 'Not signed in');
    headers['x-api-key'] = opts.session.team.api_key;
    if (auth === 'member') headers.authorization = `Bearer ${opts.session.agent_token}`;
  }
  if (opts.body !== undefined) headers['content-type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'omit',
      cache: 'no-store',
      keepalive: opts.keepalive,
    });
  } catch {
    throw new ApiError(0, 'The service cannot be reached. Check your connection and try again.');
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const message =
      data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string'
        ? (data as { error: string }).error
        : `Request failed (HTTP ${res.status})`;
    // A key refused while the session's token lives: the team's key was rotated (by an admin, or
    // because someone who held it left). The token fetches the current key; the call is made again.
    if (res.status === 401 && auth === 'key' && opts.session && !opts.keyRefreshed) {
      if (await refreshTeamKey(opts.session))
        return call<T>(method, path, { ...opts, keyRefreshed: true });
      throw new ApiError(res.status, message);
    }
    if (res.status === 401 && auth !== 'none') rejectSession(opts.session, message);
    throw new ApiError(res.status, message);
  }
  return data as T;
}

/** A refusal as a person reads it: the service's waits (in seconds) in minutes and hours. */
export function errorMessage(err: unknown): string {
  return wordWaits(err instanceof Error ? err.message : String(err));
}

/**
 * The team's current key, fetched with the session's own token (docs/api.md "Who holds the key")
 * and kept in the session. False when the service refused (then the session is rejected: the
 * refusal says why) or could not be reached.
 */
export async function refreshTeamKey(session: Session): Promise<boolean> {
  try {
    const { api_key } = await call<TeamKeyView>('GET', '/api-team-key', {
      auth: 'member',
      session,
    });
    session.team.api_key = api_key;
    if (loadSession()?.agent_token === session.agent_token) saveSession(session);
    return true;
  } catch {
    return false;
  }
}
