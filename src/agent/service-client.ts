import type { VerifyOtpResponse as VerifyOtpAnswer } from '../contract/auth.js';
import type { ClaimedTask, HeartbeatBody } from '../contract/agent.js';
import type { AgentTaskError, TaskType } from '../contract/task-types.js';
import type { WorkerChecked } from '../contract/worker-checked.js';
import { checkContract } from '../shared/contract-check.js';

/** The contract's schema of each answer the worker reads (src/contract/worker-checked.ts). */
type AnswerSchema = Extract<keyof WorkerChecked, `answer:${string}`>;

/** The service answered with an error status: `status` and its `{error}` message. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterS: number | null = null,
    /** The agent token the refused call carried: a 401 says nothing of a token stored since. */
    readonly sentToken: string | null = null,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** The service could not be reached at all (down, wrong URL, no permission for its origin). */
export class ServiceUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceUnreachable';
  }
}

interface ServiceClientOptions {
  baseUrl: string;
  /** Both are sent on every `/agent/` call (docs/agent-protocol.md, "Identity"). */
  apiKey?: string;
  agentToken?: string;
  fetchImpl?: typeof fetch;
  /** Called whenever the service answered, whatever the status (it is there). */
  onAnswer?: () => void;
  /**
   * The team's current key, or null: asked once when a keyed call is refused with `Invalid API
   * Key`, which is then sent again with it (team-key.ts says when that saves a sign-out).
   */
  renewKey?: () => Promise<string | null>;
}

/** How one call goes: with the member's key and token (`keyed`), as a GET, once renewed. */
interface CallInit {
  keyed: boolean;
  signal?: AbortSignal;
  get?: boolean;
  renewed?: boolean;
}

const serviceBase = (opts: ServiceClientOptions) => opts.baseUrl.replace(/\/+$/, '');

/**
 * One call to the service: its answer checked against `schema` (null when the service answers
 * 204, or when no answer is read), an error status thrown as a ServiceError, no answer at all as
 * ServiceUnreachable. A keyed call refused with `Invalid API Key` is sent once more with the key
 * `renewKey` gives, which is kept in `opts` for the calls after it.
 */
async function callService<K extends AnswerSchema>(
  opts: ServiceClientOptions,
  path: string,
  body: unknown,
  schema: K | null,
  init: CallInit = { keyed: true },
): Promise<WorkerChecked[K] | null> {
  const base = serviceBase(opts);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.keyed) {
    if (!opts.apiKey || !opts.agentToken)
      throw new ServiceError(401, 'Not signed in to the service');
    headers['x-api-key'] = opts.apiKey;
    headers.authorization = `Bearer ${opts.agentToken}`;
  }
  // `signal` ends the call only until the answer begins: a begun answer is read to the end, so a
  // claim's task is never lost to an interrupt (the service holds it for us by then).
  const untilAnswer = new AbortController();
  const stop = () => untilAnswer.abort(init.signal?.reason);
  if (init.signal?.aborted) stop();
  init.signal?.addEventListener('abort', stop, { once: true });
  let res: Response;
  try {
    res = await (opts.fetchImpl ?? fetch)(`${base}${path}`, {
      method: init.get ? 'GET' : 'POST',
      headers,
      body: init.get ? undefined : JSON.stringify(body ?? {}),
      signal: untilAnswer.signal,
    });
  } catch (err) {
    if (init.signal?.aborted) throw err;
    throw new ServiceUnreachable(
      `The service at ${base} cannot be reached (${(err as Error).message})`,
    );
  } finally {
    init.signal?.removeEventListener('abort', stop);
  }
  opts.onAnswer?.();
  if (res.status === 204) return null;
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Handled below: a non-JSON answer is an error whatever its status.
  }
  if (!res.ok) {
    const parsed = checkContract('answer:error', json);
    const message = parsed.ok ? parsed.data.error : `HTTP ${res.status} from the service`;
    if (message === 'Invalid API Key' && init.keyed && !init.renewed && opts.renewKey) {
      const key = await opts.renewKey();
      if (key) {
        opts.apiKey = key;
        return callService(opts, path, body, schema, { ...init, renewed: true });
      }
    }
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new ServiceError(
      res.status,
      message,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      init.keyed ? (opts.agentToken ?? null) : null,
    );
  }
  if (!schema) return null;
  const parsed = checkContract(schema, json);
  if (!parsed.ok) throw new ServiceError(502, `Unexpected answer from the service at ${path}`);
  return parsed.data;
}

/**
 * The service's HTTP API as the extension uses it: sign-in and the agent protocol, typed by the
 * contract. Every answer is checked against the contract's schema, so a service that says
 * something else fails loudly here instead of half-working further down.
 */
export function createServiceClient(opts: ServiceClientOptions) {
  const base = serviceBase(opts);
  const call = <K extends AnswerSchema>(
    path: string,
    body: unknown,
    schema: K | null,
    init?: CallInit,
  ) => callService(opts, path, body, schema, init);

  return {
    baseUrl: base,
    async sendOtp(email: string, fullName?: string) {
      const body = fullName ? { email, full_name: fullName } : { email };
      return (await call('/network-agent/auth-send-otp', body, 'answer:send-otp', {
        keyed: false,
      }))!;
    },
    async verifyOtp(email: string, otp: string): Promise<VerifyOtpAnswer> {
      return (await call('/network-agent/auth-verify-otp', { email, otp }, 'answer:verify-otp', {
        keyed: false,
      }))!;
    },
    async heartbeat(body: HeartbeatBody) {
      return (await call('/agent/heartbeat', body, 'answer:heartbeat'))!;
    },
    /** Long poll: the task, or null after `wait_s` with nothing to do. */
    async claim(
      waitS: number,
      excludeTypes: TaskType[],
      signal?: AbortSignal,
    ): Promise<ClaimedTask | null> {
      const body = excludeTypes.length
        ? { wait_s: waitS, exclude_types: excludeTypes }
        : { wait_s: waitS };
      const answer = await call('/agent/tasks/claim', body, 'answer:claim', {
        keyed: true,
        signal,
      });
      return answer?.task ?? null;
    },
    async extend(taskId: string, attempt: number) {
      return (await call(
        `/agent/tasks/${encodeURIComponent(taskId)}/extend`,
        { attempt },
        'answer:extend',
      ))!;
    },
    async complete(taskId: string, attempt: number, output: Record<string, unknown>) {
      return (await call(
        `/agent/tasks/${encodeURIComponent(taskId)}/complete`,
        { attempt, output },
        'answer:complete',
      ))!;
    },
    async fail(taskId: string, attempt: number, error: AgentTaskError) {
      return (await call(
        `/agent/tasks/${encodeURIComponent(taskId)}/fail`,
        { attempt, error },
        'answer:fail',
      ))!;
    },
    /** Joins the inviting team: the answer carries its key and a new agent token (the old ones end). */
    async acceptInvitation(teamId: string) {
      return (await call(
        '/api-team-invitations/accept',
        { team_id: teamId },
        'answer:accept-invitation',
      ))!;
    },
    async declineInvitation(teamId: string) {
      await call('/api-team-invitations/decline', { team_id: teamId }, null);
    },
    /** The team's current key, fetched with the key and token this client holds (docs/api.md). */
    async teamKey() {
      // `renewed`: a refused key fetch is the answer, not a reason to fetch the key again.
      return (await call('/api-team-key', null, 'answer:team-key', {
        keyed: true,
        get: true,
        renewed: true,
      }))!;
    },
    async signOut() {
      return (await call('/agent/sign-out', {}, 'answer:sign-out'))!;
    },
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
