import type { z } from 'zod/mini';
import { ErrorBody } from '../contract/common.js';
import { SendOtpResponse, VerifyOtpResponse, type VerifyOtpResponse as VerifyOtpAnswer } from '../contract/auth.js';
import {
  ClaimResponse,
  CompleteResponse,
  ExtendResponse,
  FailResponse,
  HeartbeatResponse,
  SignOutResponse,
  type ClaimedTask,
  type HeartbeatBody,
} from '../contract/agent.js';
import type { AgentTaskError, TaskType } from '../contract/task-types.js';
import { AcceptInvitationResponse } from '../contract/invitations.js';

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

export interface ServiceClientOptions {
  baseUrl: string;
  /** Both are sent on every `/agent/` call (docs/agent-protocol.md, "Identity"). */
  apiKey?: string;
  agentToken?: string;
  fetchImpl?: typeof fetch;
  /** Called whenever the service answered, whatever the status (it is there). */
  onAnswer?: () => void;
}


/**
 * The service's HTTP API as the extension uses it: sign-in and the agent protocol, typed by the
 * contract. Every answer is checked against the contract's schema, so a service that says
 * something else fails loudly here instead of half-working further down.
 */
export function createServiceClient(opts: ServiceClientOptions) {
  const base = opts.baseUrl.replace(/\/+$/, '');

  async function call<T extends z.ZodMiniType>(
    path: string,
    body: unknown,
    schema: T | null,
    init: { keyed: boolean; signal?: AbortSignal } = { keyed: true },
  ): Promise<z.infer<T> | null> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (init.keyed) {
      if (!opts.apiKey || !opts.agentToken) throw new ServiceError(401, 'Not signed in to the service');
      headers['x-api-key'] = opts.apiKey;
      headers.authorization = `Bearer ${opts.agentToken}`;
    }
    let res: Response;
    try {
      res = await (opts.fetchImpl ?? fetch)(`${base}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body ?? {}),
        signal: init.signal,
      });
    } catch (err) {
      if (init.signal?.aborted) throw err;
      throw new ServiceUnreachable(`The service at ${base} cannot be reached (${(err as Error).message})`);
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
      const parsed = ErrorBody.safeParse(json);
      const retryAfter = Number(res.headers.get('retry-after'));
      throw new ServiceError(
        res.status,
        parsed.success ? parsed.data.error : `HTTP ${res.status} from the service`,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
        init.keyed ? (opts.agentToken ?? null) : null,
      );
    }
    if (!schema) return json as z.infer<T>;
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ServiceError(502, `Unexpected answer from the service at ${path}`);
    return parsed.data;
  }

  return {
    baseUrl: base,
    async sendOtp(email: string, fullName?: string) {
      const body = fullName ? { email, full_name: fullName } : { email };
      return (await call('/network-agent/auth-send-otp', body, SendOtpResponse, { keyed: false }))!;
    },
    async verifyOtp(email: string, otp: string): Promise<VerifyOtpAnswer> {
      return (await call('/network-agent/auth-verify-otp', { email, otp }, VerifyOtpResponse, { keyed: false }))!;
    },
    async heartbeat(body: HeartbeatBody) {
      return (await call('/agent/heartbeat', body, HeartbeatResponse))!;
    },
    /** Long poll: the task, or null after `wait_s` with nothing to do. */
    async claim(waitS: number, excludeTypes: TaskType[], signal?: AbortSignal): Promise<ClaimedTask | null> {
      const body = excludeTypes.length ? { wait_s: waitS, exclude_types: excludeTypes } : { wait_s: waitS };
      const answer = await call('/agent/tasks/claim', body, ClaimResponse, { keyed: true, signal });
      return answer?.task ?? null;
    },
    async extend(taskId: string, attempt: number) {
      return (await call(`/agent/tasks/${encodeURIComponent(taskId)}/extend`, { attempt }, ExtendResponse))!;
    },
    async complete(taskId: string, attempt: number, output: Record<string, unknown>) {
      return (await call(`/agent/tasks/${encodeURIComponent(taskId)}/complete`, { attempt, output }, CompleteResponse))!;
    },
    async fail(taskId: string, attempt: number, error: AgentTaskError) {
      return (await call(`/agent/tasks/${encodeURIComponent(taskId)}/fail`, { attempt, error }, FailResponse))!;
    },
    /** Joins the inviting team: the answer carries its key and a new agent token (the old ones end). */
    async acceptInvitation(teamId: string) {
      return (await call('/api-team-invitations/accept', { team_id: teamId }, AcceptInvitationResponse))!;
    },
    async declineInvitation(teamId: string) {
      await call('/api-team-invitations/decline', { team_id: teamId }, null);
    },
    async signOut() {
      return (await call('/agent/sign-out', {}, SignOutResponse))!;
    },
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
