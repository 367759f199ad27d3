import type { AgentErrorCode } from '../contract/task-types.js';
import type { NetworkMapEntryName } from '../contract/network-map.js';
import type { TaskResult } from './types.js';

/**
 * A failure of a network call or of reading its answer, in the protocol's error codes
 * (docs/agent-protocol.md). `retryable` is what the agent reports to the service: limits, challenges
 * and sign-outs are not, because the right reaction is to stop, not to try again soon.
 */
export class NetworkError extends Error {
  readonly code: AgentErrorCode;
  readonly retryable: boolean;
  constructor(code: AgentErrorCode, message: string, retryable = RETRYABLE.has(code)) {
    super(message);
    this.name = 'NetworkError';
    this.code = code;
    this.retryable = retryable;
  }
}

const RETRYABLE: ReadonlySet<AgentErrorCode> = new Set(['network_error', 'timeout']);

/** What errorFromAnswer needs to know about one answer. */
export interface NetworkAnswer {
  entry: NetworkMapEntryName;
  status: number;
  /** The final URL after redirects (fetch follows them; see session.ts for why). */
  url: string;
  contentType: string;
  /** Parsed JSON when the answer was JSON, else the text. */
  body: unknown;
}

const INVITATION_LIMIT_CODES = new Set(['CANT_INVITE_CONNECTION_LIMIT_REACHED', 'MAX_INVITATION_SENT']);

/** The network's own error code, from `{data: {status, code, message}}` or a bare `{status, code}`. */
function networkCode(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const inner = (b.data && typeof b.data === 'object' ? b.data : b) as Record<string, unknown>;
  const code = inner.code ?? inner.serviceErrorCode;
  return typeof code === 'string' ? code : null;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/**
 * Maps one answer to a NetworkError, or null when it is a success the caller may read.
 * Table "Limit and refusal signals" of docs/network-facts.md.
 */
export function errorFromAnswer(a: NetworkAnswer): NetworkError | null {
  const path = pathOf(a.url);
  const code = networkCode(a.body);
  const where = `${a.entry} (HTTP ${a.status}${code ? ` ${code}` : ''})`;

  // Redirects were followed: the final URL says where the network sent us.
  if (path.startsWith('/checkpoint/')) return new NetworkError('network_challenge', `Security check (checkpoint) on ${a.entry}`);
  if (/^\/(login|uas\/login|authwall|signup)/.test(path)) return new NetworkError('network_signed_out', `Signed out: ${a.entry} was redirected to the login page`);
  if (code === 'CHALLENGE' || (typeof a.body === 'string' && /CHALLENGE/.test(a.body) && a.status >= 400)) {
    return new NetworkError('network_challenge', `Security check (CHALLENGE) on ${a.entry}`);
  }

  if (a.entry === 'invitations') {
    if (code === 'CANT_RESEND_YET') return new NetworkError('invitation_pending', `Already invited recently: ${where}`);
    if ((code && INVITATION_LIMIT_CODES.has(code)) || a.status === 429) return new NetworkError('invitation_limit', `Weekly invitation limit reached: ${where}`);
    if (code && /ALREADY_CONNECTED|ALREADY_A_CONNECTION|CANT_INVITE_CONNECTED/.test(code)) return new NetworkError('already_connected', `Already connected: ${where}`);
  }
  if (a.entry === 'messages' && code && /NOT_FIRST_DEGREE|NOT_CONNECTED|RECIPIENT_NOT_CONNECTION/.test(code)) {
    return new NetworkError('not_first_degree', `The recipient is not a first-degree connection: ${where}`);
  }

  if (a.status === 401 || a.status === 403) return new NetworkError('network_signed_out', `Signed out or session refused: ${where}`);
  if (a.status === 429 || a.status === 999) return new NetworkError('network_rate_limited', `The network refused further requests: ${where}`);
  if (a.status === 404) return new NetworkError('not_found', `Not found: ${where}`);
  if (a.status === 410) return new NetworkError('network_changed', `Endpoint retired: ${where}`);
  // A stale GraphQL queryId or decoration id answers 400: the map needs an update.
  if (a.status === 400 || a.status === 422) return new NetworkError('network_changed', `Request no longer understood: ${where}`);
  if (a.status >= 500) return new NetworkError('network_error', `Network server error: ${where}`);
  if (a.status >= 300) return new NetworkError('network_changed', `Unexpected answer: ${where}`);

  // An empty success (a like answers 201 with no body) is fine; a page where JSON belongs is not.
  if (a.body !== '' && !/json/i.test(a.contentType)) {
    return new NetworkError('network_changed', `Expected JSON from ${a.entry}, got ${a.contentType || 'no content type'}`);
  }
  return null;
}

/** Any thrown thing -> the error half of a TaskResult. */
export function toTaskError(err: unknown): Extract<TaskResult, { ok: false }>['error'] {
  if (err instanceof NetworkError) return { code: err.code, message: err.message, retryable: err.retryable };
  if (err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError')) {
    return { code: 'timeout', message: `Aborted: ${err.message}`, retryable: true };
  }
  // fetch() rejects with a TypeError when the request never got an answer (offline, DNS, TLS).
  if (err instanceof TypeError && /fetch/i.test(err.message)) {
    return { code: 'network_error', message: `Request failed: ${err.message}`, retryable: true };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'network_changed', message: `Unexpected failure: ${message}`.slice(0, 2000), retryable: false };
}
