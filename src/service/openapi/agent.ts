import type { OperationDoc } from './operation-doc.js';
import {
  ClaimBody,
  ClaimResponse,
  CompleteBody,
  CompleteResponse,
  ExtendBody,
  ExtendResponse,
  FailBody,
  FailResponse,
  HeartbeatBody,
  HeartbeatResponse,
  SignOutResponse,
} from '../../contract/agent.js';

const TAG = 'Agent protocol';
const UNAUTHORIZED = { description: '`Missing API Key`, `Invalid API Key` or `Invalid agent token`' };
const LEASE_LOST = { description: '`Lease lost`: not the current attempt, or not this member’s claim; nothing changed' };
const NOT_FOUND = { description: '`Task not found`' };

/** docs/agent-protocol.md: the calls of the browser extension. */
export const agentOperations: OperationDoc[] = [
  {
    method: 'post',
    path: '/agent/heartbeat',
    operationId: 'agentHeartbeat',
    summary: 'Report liveness and network session state; receive a newer network map',
    description: 'Records the member’s activity (the 48-hour rule). A member whose last heartbeat said signed out or paused is given no tasks.',
    tag: TAG,
    security: 'member',
    body: HeartbeatBody,
    responses: { 200: { description: 'Who the agent is and how often to call', schema: HeartbeatResponse }, 400: { description: 'Invalid body' }, 401: UNAUTHORIZED },
  },
  {
    method: 'post',
    path: '/agent/tasks/claim',
    operationId: 'agentClaimTask',
    summary: 'Long poll for a task this member may run',
    description: 'Answers as soon as a task is claimable, or after `wait_s` (0 to 25, default 20) with 204 and no body. The claim holds a 120 s lease; `attempt` is its fencing token.',
    tag: TAG,
    security: 'member',
    body: ClaimBody,
    responses: {
      200: { description: 'A claimed task', schema: ClaimResponse },
      204: { description: 'No task within `wait_s`' },
      400: { description: 'Invalid body' },
      401: UNAUTHORIZED,
    },
  },
  {
    method: 'post',
    path: '/agent/tasks/{id}/extend',
    operationId: 'agentExtendLease',
    summary: 'Renew the lease of a claimed task',
    tag: TAG,
    security: 'member',
    body: ExtendBody,
    responses: { 200: { description: 'New lease end', schema: ExtendResponse }, 400: { description: 'Invalid id or body' }, 401: UNAUTHORIZED, 404: NOT_FOUND, 409: LEASE_LOST },
  },
  {
    method: 'post',
    path: '/agent/tasks/{id}/complete',
    operationId: 'agentCompleteTask',
    summary: 'Hand in the output of a claimed task',
    description: 'The output must match the task type’s output schema (400 otherwise, the task stays processing). Completing again with the same attempt is 200 and changes nothing.',
    tag: TAG,
    security: 'member',
    body: CompleteBody,
    responses: { 200: { description: 'Completed', schema: CompleteResponse }, 400: { description: 'Invalid id, body or output' }, 401: UNAUTHORIZED, 404: NOT_FOUND, 409: LEASE_LOST },
  },
  {
    method: 'post',
    path: '/agent/tasks/{id}/fail',
    operationId: 'agentFailTask',
    summary: 'Report that a claimed task failed',
    description: 'Retryable errors put the task back to pending after a growing delay (10 s, 20 s, …) until its attempts (3) are spent; otherwise it is failed. `invitation_limit` makes the member invite-limited for 7 days, or until `retry_after`.',
    tag: TAG,
    security: 'member',
    body: FailBody,
    responses: { 200: { description: 'The task’s new status', schema: FailResponse }, 400: { description: 'Invalid id or body' }, 401: UNAUTHORIZED, 404: NOT_FOUND, 409: LEASE_LOST },
  },
  {
    method: 'post',
    path: '/agent/sign-out',
    operationId: 'agentSignOut',
    summary: 'Revoke the agent token of this call',
    tag: TAG,
    security: 'member',
    responses: { 200: { description: 'Signed out', schema: SignOutResponse }, 401: UNAUTHORIZED },
  },
];
