import type { AgentErrorCode, AgentTaskError } from '../contract/task-types.js';
import type { NetworkCallName } from '../contract/network-map.js';

/**
 * A failure of a network call or of reading its answer, in the protocol's error codes
 * (docs/agent-protocol.md). `retryable` is what the agent reports to the service: limits, challenges
 * and sign-outs are not, because the right reaction is to stop, not to try again soon.
 */
export class NetworkError extends Error {
  readonly code: AgentErrorCode;
  readonly retryable: boolean;
  /** The HTTP status that caused it; absent when the answer was read and not understood. */
  readonly status: number | undefined;
  constructor(
    code: AgentErrorCode,
    message: string,
    options: { retryable?: boolean; status?: number } = {},
  ) {
    super(message);
    this.name = 'NetworkError';
    this.code = code;
    this.retryable = options.retryable ?? RETRYABLE.has(code);
    this.status = options.status;
  }
}

const RETRYABLE: ReadonlySet<AgentErrorCode> = new Set(['network_error', 'timeout']);

/** What errorFromAnswer needs to know about one answer. */
export interface AnswerFacts {
  call: NetworkCallName;
  status: number;
  /** The final URL after redirects (fetch follows them; see session.ts for why). */
  url: string;
  contentType: string;
  /** Parsed JSON when the answer was JSON, else the text. */
  body: unknown;
  /** A server-driven action's answer: a component stream, not JSON. */
  stream?: boolean;
}

const INVITATION_LIMIT_CODES = new Set([
  'CANT_INVITE_CONNECTION_LIMIT_REACHED',
  'MAX_INVITATION_SENT',
]);

/** The network's own error code, from `{data: {status, code, message}}` or a bare `{status, code}`. */
function networkCode(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const inner = (b.data && typeof b.data === 'object' ? b.data : b) as Record<string, unknown>;
  const code = inner.code ?? inner.serviceErrorCode;
  return typeof code === 'string' ? code : null;
}

/** A 404 about the route itself: the network's "No route" error, or a page where JSON belongs. */
function routeGone(a: AnswerFacts): boolean {
  if (typeof a.body === 'string') return /html/i.test(a.contentType);
  const b = a.body as { message?: unknown; data?: { message?: unknown } } | null;
  const message = b?.data?.message ?? b?.message;
  return typeof message === 'string' && /^no route\b/i.test(message);
}

/** GraphQL reports failures inside a 200: `{errors: [...]}` or `{data: {errors: [...]}}`. */
function graphqlErrors(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { errors?: unknown; data?: { errors?: unknown } };
  const errors = Array.isArray(b.errors)
    ? b.errors
    : Array.isArray(b.data?.errors)
      ? b.data.errors
      : null;
  if (!errors?.length) return null;
  const first = errors[0] as { message?: unknown };
  return typeof first?.message === 'string' ? first.message : 'GraphQL error';
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
 * docs/network-internal-api.md, "Limit and refusal signals", with the 2026 corrections: a 403 is one
 * refused target, not a signed-out session; only `/checkpoint/challenge/` is a security check (the
 * ordinary login flow lives under `/checkpoint/` too); 406 and 422 are refusals with a meaning.
 */
export function errorFromAnswer(a: AnswerFacts): NetworkError | null {
  const path = pathOf(a.url);
  const code = networkCode(a.body);
  const where = `${a.call} (HTTP ${a.status}${code ? ` ${code}` : ''})`;
  const status = a.status;
  const error = (kind: AgentErrorCode, message: string) =>
    new NetworkError(kind, message, { status });

  // Redirects were followed: the final URL says where the network sent us.
  if (path.startsWith('/checkpoint/challenge'))
    return error('network_challenge', `Security check (checkpoint) on ${a.call}`);
  if (/^\/(login|uas\/login|authwall|signup|checkpoint\/)/.test(path)) {
    return error(
      'network_signed_out',
      `Signed out: ${a.call} was redirected to the sign-in page (${path})`,
    );
  }
  if (
    code === 'CHALLENGE' ||
    (typeof a.body === 'string' && /CHALLENGE/.test(a.body) && status >= 400)
  ) {
    return error('network_challenge', `Security check (CHALLENGE) on ${a.call}`);
  }

  if (a.call === 'invitation') {
    if (code === 'CANT_RESEND_YET')
      return error('invitation_pending', `Already invited recently: ${where}`);
    if ((code && INVITATION_LIMIT_CODES.has(code)) || status === 429)
      return error('invitation_limit', `Weekly invitation limit reached: ${where}`);
    if (code && /ALREADY_CONNECTED|ALREADY_A_CONNECTION|CANT_INVITE_CONNECTED/.test(code))
      return error('already_connected', `Already connected: ${where}`);
    // "An invalid invitation state answers 406": pending, withdrawn recently, or already connected.
    if (status === 406)
      return error(
        'invitation_pending',
        `The network refused the invitation in its present state (pending, recently withdrawn or already connected): ${where}`,
      );
  }
  if (a.call === 'message') {
    // Messaging a non-connection answers 422 with no code (2026).
    if (
      status === 422 ||
      (code && /NOT_FIRST_DEGREE|NOT_CONNECTED|RECIPIENT_NOT_CONNECTION/.test(code))
    ) {
      return error('not_first_degree', `The recipient is not a first-degree connection: ${where}`);
    }
  }

  if (status === 401) return error('network_signed_out', `Signed out or session refused: ${where}`);
  if (status === 403) {
    // Who is signed in cannot be "private": a 403 there is the session itself refused.
    if (a.call === 'me') return error('network_signed_out', `Session refused: ${where}`);
    return error(
      'access_denied',
      `The network refused access (private, renamed or blocked): ${where}`,
    );
  }
  if (status === 429 || status === 999)
    return error('network_rate_limited', `The network refused further requests: ${where}`);
  // A route the network does not know is a way that is gone, not a target that is: the network
  // says so in its own error body ("No route POST …"), or answers a web page where JSON belongs.
  if (status === 404)
    return routeGone(a)
      ? error('network_changed', `No such route any more: ${where}`)
      : error('not_found', `Not found: ${where}`);
  if (status === 410) return error('network_changed', `Endpoint retired: ${where}`);
  // A stale GraphQL queryId, decoration or body shape answers 400: the map needs an update.
  if (status >= 400 && status < 500)
    return error('network_changed', `Request no longer understood: ${where}`);
  if (status >= 500) return error('network_error', `Network server error: ${where}`);
  if (status >= 300) return error('network_changed', `Unexpected answer: ${where}`);

  // A web page where a component stream belongs is a sign-in or error page served as a success.
  // Like an answer that cannot be read (no status): a read moves on to the next way.
  if (a.stream)
    return /html/i.test(a.contentType)
      ? new NetworkError(
          'network_changed',
          `Expected a component stream from ${a.call}, got ${a.contentType}`,
        )
      : null;
  // An empty success (a like answers 201 with no body) is fine; a page where JSON belongs is not.
  if (a.body !== '' && !/json/i.test(a.contentType)) {
    return error(
      'network_changed',
      `Expected JSON from ${a.call}, got ${a.contentType || 'no content type'}`,
    );
  }
  const gqlError = graphqlErrors(a.body);
  if (gqlError) {
    const notFound = /not[ _]?found|does not exist|no longer available/i.test(gqlError);
    return error(
      notFound ? 'not_found' : 'network_changed',
      `${a.call} answered with an error: ${gqlError.slice(0, 300)}`,
    );
  }
  return null;
}

/** Any thrown thing -> the error half of a TaskResult. */
export function toTaskError(err: unknown): AgentTaskError {
  if (err instanceof NetworkError)
    return { code: err.code, message: err.message.slice(0, 2000), retryable: err.retryable };
  if (err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError')) {
    return { code: 'timeout', message: `Aborted: ${err.message}`, retryable: true };
  }
  // fetch() rejects with a TypeError when the request never got an answer (offline, DNS, TLS).
  if (err instanceof TypeError && /fetch/i.test(err.message)) {
    return { code: 'network_error', message: `Request failed: ${err.message}`, retryable: true };
  }
  const message = err instanceof Error ? err.message : String(err);
  return {
    code: 'network_changed',
    message: `Unexpected failure: ${message}`.slice(0, 2000),
    retryable: false,
  };
}
