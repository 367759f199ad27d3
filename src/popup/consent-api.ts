import { getCredentials } from '../agent/credentials.js';
import { ErrorBody } from '../contract/common.js';
import { ConsentView } from '../contract/consent.js';
import { TaskListResponse } from '../contract/task-list.js';
import type { TaskType } from '../contract/task-types.js';
import type { z } from '../contract/zod.js';

/** The service refused: its status and `{error}` message (409: the consent text changed). */
export class ConsentCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The popup's own calls to the service (docs/agent-protocol.md, "Consent"), with the stored key and
 * token: only the popup shows the consent and the actions done in the member's name, so the worker,
 * whose bundle has a size budget, carries none of it. Answers are checked against the contract.
 */
async function call<T extends z.ZodMiniType>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  schema: T,
  body?: unknown,
): Promise<z.infer<T>> {
  const c = await getCredentials();
  if (!c) throw new Error('Not signed in');
  const res = await fetch(`${c.service_url.replace(/\/+$/, '')}${path}`, {
    method,
    headers: {
      'x-api-key': c.api_key,
      authorization: `Bearer ${c.agent_token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).catch(() => {
    throw new Error('the service cannot be reached');
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok)
    throw new ConsentCallError(
      res.status,
      ErrorBody.safeParse(json).data?.error ?? `HTTP ${res.status}`,
    );
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`unexpected answer from the service at ${path}`);
  return parsed.data;
}

export const readConsent = () => call('GET', '/agent/consent', ConsentView);
export const acknowledgeConsent = (version: string, refused: TaskType[]) =>
  call('POST', '/agent/consent', ConsentView, { version, refused_types: refused });
export const withdrawConsent = () => call('DELETE', '/agent/consent', ConsentView);
/** The writes the member's agent ran, each with who queued it. */
export const readActivity = async () =>
  (await call('GET', '/agent/activity', TaskListResponse)).tasks;
