import { Hono } from 'hono';
import { z } from '../../contract/zod.js';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { requireMember } from '../auth/require-member.js';
import { revokeAgentToken } from '../auth/agent-tokens.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { ClaimsFull } from '../metrics/waiting-claims.js';
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
  SignOutResponse,
} from '../../contract/agent.js';
import { newerNetworkMap, recordHeartbeat } from '../tasks/agent-heartbeat.js';
import { pendingInvitations } from '../teams/team-invitations.js';
import { clientOfResponse, clientOfSignal, startClaim } from '../tasks/claim-long-poll.js';
import { answerLater, socketResponse, type LaterAnswer } from '../http/answer-later.js';
import { errorAnswer } from '../http/error-answer.js';
import { extendLease } from '../tasks/extend.js';
import { completeTask } from '../tasks/complete.js';
import { loadTeamSettings } from '../budgets/team-settings.js';
import { pendingTasks, TeamSafety } from '../budgets/safety.js';
import { failTask } from '../tasks/fail.js';
import { consentRequired, loadConsent } from '../consent/member-consent.js';
import { HeartbeatAnswer } from '../../contract/consent.js';
import { awaitingApprovalCount } from '../approvals/list-approvals.js';

/** docs/agent-protocol.md: how often an agent should call in, told to it in every heartbeat answer. */
const HEARTBEAT_EVERY_S = 60;
const CLAIM_WAIT_S = 20;

const TaskIdParam = z.object({ id: z.uuid({ error: 'Invalid task id' }) });
const taskId = () => validate('param', TaskIdParam);

const member = () => [requireApiKey(), requireMember({ recordActivity: true })] as const;
/** The claim a result or failure settles: the path's task, held by this member of this team. */
const leaseOf = (v: { team: { id: string }; agent: { userId: string } }, taskId: string) => ({
  teamId: v.team.id,
  userId: v.agent.userId,
  taskId,
});

export const TAG = 'Agent protocol';
export const UNAUTHORIZED = '`Missing API Key`, `Invalid API Key` or `Invalid agent token`';
const LEASE_ERRORS = {
  401: UNAUTHORIZED,
  404: '`Task not found`',
  409: '`Lease lost`: not the current attempt, or not this member’s claim; nothing changed',
};

/** The agent protocol (docs/agent-protocol.md): heartbeat, claim, extend, complete, fail, sign-out. */
export const agentRoutes = new Hono<AppEnv>()
  .post(
    '/agent/heartbeat',
    describe({
      summary: 'Report liveness and network session state; receive a newer network map',
      description:
        'Records the member’s activity (the 48-hour rule). A member whose last heartbeat said signed out or paused is given no tasks. ' +
        '`consent` says whether the member acknowledged the current consent text (`GET /agent/consent`); ' +
        '`awaiting_approval`, how many writes in the member’s name wait for a person’s approval (`GET /api-approvals`).',
      tag: TAG,
      security: 'member',
      responses: {
        200: { description: 'Who the agent is and how often to call', schema: HeartbeatAnswer },
      },
      errors: { 401: UNAUTHORIZED },
    }),
    ...member(),
    // What the extension read from the network (an identifier, a failing call's message): cleaned like
    // a result, since a heartbeat refused over one character would leave the team without an agent.
    validate('json', HeartbeatBody, {
      text: 'clean',
      example: {
        extension_version: '1.4.0',
        browser: 'Chrome 140',
        network: { signed_in: true, public_identifier: 'ada-lovelace' },
        paused: false,
        network_map_version: 3,
        network_map_format: 1,
      },
    }),
    async (c) => {
      const hb = c.req.valid('json');
      const { db, signals, log } = c.var.ctx;
      const { team, agent } = c.var;
      const { becameEligible } = await recordHeartbeat(db, team.id, agent.userId, hb);
      // A member back from a pause or a sign-out may have tasks waiting for it: wake its claim.
      if (becameEligible) await signals.taskReady(team.id);
      const networkMap = await newerNetworkMap(
        db,
        log,
        hb.network_map_version ?? 0,
        hb.network_map_format,
      );
      const [{ pacing }, safety, pending, invitations, consent, awaiting] = await Promise.all([
        loadTeamSettings(db, team.id),
        TeamSafety.load(db, team.id),
        pendingTasks(db, team.id),
        pendingInvitations(db, agent.userId, agent.email),
        loadConsent(db, team.id, agent.userId),
        awaitingApprovalCount(db, team.id, agent.userId),
      ]);
      const answer: HeartbeatAnswer = {
        server_time: new Date().toISOString(),
        member: {
          id: agent.userId,
          email: agent.email,
          full_name: agent.fullName,
          role: agent.role,
        },
        team: { id: team.id, name: team.name },
        heartbeat_every_s: HEARTBEAT_EVERY_S,
        claim_wait_s: CLAIM_WAIT_S,
        ...(networkMap ? { network_map: networkMap } : {}),
        pacing,
        safety: await safety.memberSafety(agent.userId, pending),
        invitations,
        awaiting_approval: awaiting,
        consent: { version: consent!.current.version, acknowledged: consent!.acknowledged },
      };
      return c.json(answer);
    },
  )
  .post(
    '/agent/tasks/claim',
    describe({
      summary: 'Long poll for a task this member may run',
      description:
        'Answers as soon as a task is claimable, or after `wait_s` (0 to 25, default 20) with 204 and no body. ' +
        'The claim holds a 120 s lease; `attempt` is its fencing token. Kinds the member refused (`POST /agent/consent`) are never handed out.',
      tag: TAG,
      security: 'member',
      responses: {
        200: { description: 'A claimed task', schema: ClaimResponse },
        204: 'No task within `wait_s`',
      },
      errors: {
        401: UNAUTHORIZED,
        403: '`Consent required: …`: the member has not acknowledged the current consent text (`GET /agent/consent`); their tasks wait',
        503:
          '`This member holds its most waiting claims (…)`, `This team holds its most waiting claims (…)` or `This instance holds its most waiting claims (…)`: ' +
          'no task was claimable and the member (`MAX_WAITING_CLAIMS_PER_MEMBER`), the team (`MAX_WAITING_CLAIMS_PER_TEAM`) or the instance (`MAX_WAITING_CLAIMS`) ' +
          'holds its most waiting claims; try again after `Retry-After` seconds',
      },
    }),
    ...member(),
    validate('json', ClaimBody, {
      example: { wait_s: 20, exclude_types: ['agent_connection_request'] },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const { team, agent, ctx } = c.var;
      const { waitingClaims, claims, refusals } = ctx.metrics;
      const socket = socketResponse(c);
      // The claim's statement hands tasks only to a member who acknowledged the current text (claim.ts):
      // the 403 is needed only when it found none.
      const start = await startClaim(
        ctx,
        { teamId: team.id, userId: agent.userId, excludeTypes: body.exclude_types ?? [] },
        body.wait_s * 1000,
        {
          client: socket ? clientOfResponse(socket) : clientOfSignal(c.req.raw.signal),
          whenNoTask: async () => {
            const { credentials } = ctx;
            if (credentials.hasConsented(team.id, agent.userId)) return;
            const seen = credentials.generation;
            const consent = await loadConsent(ctx.db, team.id, agent.userId);
            if (!consent?.acknowledged) throw consentRequired(consent);
            credentials.rememberConsented(team.id, agent.userId, seen);
          },
          waiting: waitingClaims,
        },
      ).catch((err: unknown) => {
        if (err instanceof ClaimsFull) {
          claims.inc({ outcome: 'refused' });
          refusals.inc({ share: err.share });
        }
        throw err;
      });
      const answer = ('task' in start ? Promise.resolve(start.task) : start.waiting.answer).then(
        (task): LaterAnswer => {
          claims.inc({ outcome: task ? 'task' : 'empty' });
          return task ? { status: 200, json: { task } } : { status: 204 };
        },
      );
      // A claim that waits on a socket answers by itself: Hono's chain ends now.
      if ('waiting' in start && socket) {
        const request = { method: 'POST', path: c.req.path };
        return answerLater(socket, answer, (err) => errorAnswer(err, ctx, request));
      }
      const { status, json } = await answer;
      return status === 204 ? c.body(null, 204) : c.json(json);
    },
  )
  .post(
    '/agent/tasks/:id/extend',
    describe({
      summary: 'Renew the lease of a claimed task',
      tag: TAG,
      security: 'member',
      responses: { 200: { description: 'New lease end', schema: ExtendResponse } },
      errors: LEASE_ERRORS,
    }),
    ...member(),
    taskId(),
    validate('json', ExtendBody, { example: { attempt: 1 } }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { attempt } = c.req.valid('json');
      return c.json(
        await extendLease(c.var.ctx.db, {
          teamId: c.var.team.id,
          userId: c.var.agent.userId,
          taskId: id,
          attempt,
        }),
      );
    },
  )
  .post(
    '/agent/tasks/:id/complete',
    describe({
      summary: 'Hand in the output of a claimed task',
      description:
        'The output must match the task type’s output schema (400 otherwise, the task stays processing); text the database ' +
        'cannot store (NUL, a lone surrogate) is cleaned, not refused. Completing again with the same attempt is 200 and changes nothing.',
      tag: TAG,
      security: 'member',
      responses: { 200: { description: 'Completed', schema: CompleteResponse } },
      errors: LEASE_ERRORS,
    }),
    ...member(),
    taskId(),
    // An agent's result: the work on the network is done, so unstorable text is cleaned (contract/text.ts).
    validate('json', CompleteBody, {
      text: 'clean',
      example: { attempt: 1, output: { liked: true } },
    }),
    async (c) => {
      const { attempt, output } = c.req.valid('json');
      const lease = leaseOf(c.var, c.req.valid('param').id);
      return c.json(await completeTask(c.var.ctx.db, c.var.ctx.log, { ...lease, attempt, output }));
    },
  )
  .post(
    '/agent/tasks/:id/fail',
    describe({
      summary: 'Report that a claimed task failed',
      description:
        'Retryable errors put the task back to pending after a growing delay (10 s, 20 s, …) until its attempts (3) are spent; ' +
        'otherwise it is failed. `invitation_limit` makes the member invite-limited for 7 days, or until `retry_after`.',
      tag: TAG,
      security: 'member',
      responses: { 200: { description: 'The task’s new status', schema: FailResponse } },
      errors: LEASE_ERRORS,
    }),
    ...member(),
    taskId(),
    // The agent's report of what the network said: cleaned like a result, never refused over a character.
    validate('json', FailBody, {
      text: 'clean',
      example: {
        attempt: 1,
        error: { code: 'network_error', message: 'The network answered 502', retryable: true },
      },
    }),
    async (c) => {
      const { attempt, error } = c.req.valid('json');
      const lease = leaseOf(c.var, c.req.valid('param').id);
      return c.json(await failTask(c.var.ctx.db, c.var.ctx.signals, { ...lease, attempt, error }));
    },
  )
  // Signing out is not activity: it must not keep the team agent-active.
  .post(
    '/agent/sign-out',
    describe({
      summary: 'Revoke the agent token of this call',
      tag: TAG,
      security: 'member',
      responses: { 200: { description: 'Signed out', schema: SignOutResponse } },
      errors: { 401: UNAUTHORIZED },
    }),
    requireApiKey(),
    requireMember({ recordActivity: false }),
    async (c) => {
      await revokeAgentToken(c.var.ctx.db, c.var.agent.tokenHash);
      return c.json({ success: true as const });
    },
  );
