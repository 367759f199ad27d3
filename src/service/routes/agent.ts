import { Hono } from 'hono';
import { z } from '../../contract/zod.js';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { requireMember } from '../auth/require-member.js';
import { revokeAgentToken } from '../auth/agent-tokens.js';
import { readBody } from '../http/validate.js';
import { HttpError } from '../http/http-error.js';
import {
  ClaimBody,
  CompleteBody,
  ExtendBody,
  FailBody,
  HeartbeatBody,
  type HeartbeatResponse,
} from '../../contract/agent.js';
import { newerNetworkMap, recordHeartbeat } from '../tasks/agent-heartbeat.js';
import { claimWithin } from '../tasks/claim-long-poll.js';
import { extendLease } from '../tasks/extend.js';
import { completeTask } from '../tasks/complete.js';
import { failTask } from '../tasks/fail.js';

/** docs/agent-protocol.md: how often an agent should call in, told to it in every heartbeat answer. */
export const HEARTBEAT_EVERY_S = 60;
export const CLAIM_WAIT_S = 20;

const TaskId = z.uuid();
function taskIdParam(value: string): string {
  if (!TaskId.safeParse(value).success) throw new HttpError(400, 'Invalid task id');
  return value;
}

const member = () => [requireApiKey(), requireMember({ recordActivity: true })] as const;

/** The agent protocol (docs/agent-protocol.md): heartbeat, claim, extend, complete, fail, sign-out. */
export const agentRoutes = new Hono<AppEnv>()
  .post('/agent/heartbeat', ...member(), async (c) => {
    const hb = await readBody(c, HeartbeatBody);
    const { db, signals, log } = c.var.ctx;
    const { team, agent } = c.var;
    const { becameEligible } = await recordHeartbeat(db, team.id, agent.userId, hb);
    // A member back from a pause or a sign-out may have tasks waiting for it: wake its claim.
    if (becameEligible) await signals.taskReady(team.id);
    const networkMap = await newerNetworkMap(db, log, hb.network_map_version ?? 0, hb.network_map_format);
    const answer: HeartbeatResponse = {
      server_time: new Date().toISOString(),
      member: { id: agent.userId, email: agent.email, full_name: agent.fullName, role: agent.role },
      team: { id: team.id, name: team.name },
      heartbeat_every_s: HEARTBEAT_EVERY_S,
      claim_wait_s: CLAIM_WAIT_S,
      ...(networkMap ? { network_map: networkMap } : {}),
    };
    return c.json(answer);
  })
  .post('/agent/tasks/claim', ...member(), async (c) => {
    const body = await readBody(c, ClaimBody);
    const { team, agent, ctx } = c.var;
    const task = await claimWithin(
      ctx,
      { teamId: team.id, userId: agent.userId, excludeTypes: body.exclude_types ?? [] },
      body.wait_s * 1000,
      c.req.raw.signal,
    );
    if (!task) return c.body(null, 204);
    return c.json({ task });
  })
  .post('/agent/tasks/:id/extend', ...member(), async (c) => {
    const taskId = taskIdParam(c.req.param('id'));
    const { attempt } = await readBody(c, ExtendBody);
    return c.json(await extendLease(c.var.ctx.db, { teamId: c.var.team.id, userId: c.var.agent.userId, taskId, attempt }));
  })
  .post('/agent/tasks/:id/complete', ...member(), async (c) => {
    const taskId = taskIdParam(c.req.param('id'));
    const { attempt, output } = await readBody(c, CompleteBody);
    const { ctx, team, agent } = c.var;
    return c.json(await completeTask(ctx.db, ctx.log, { teamId: team.id, userId: agent.userId, taskId, attempt, output }));
  })
  .post('/agent/tasks/:id/fail', ...member(), async (c) => {
    const taskId = taskIdParam(c.req.param('id'));
    const { attempt, error } = await readBody(c, FailBody);
    const { ctx, team, agent } = c.var;
    return c.json(await failTask(ctx.db, ctx.signals, { teamId: team.id, userId: agent.userId, taskId, attempt, error }));
  })
  // Signing out is not activity: it must not keep the team agent-active.
  .post('/agent/sign-out', requireApiKey(), requireMember({ recordActivity: false }), async (c) => {
    await revokeAgentToken(c.var.ctx.db, c.var.agent.tokenHash);
    return c.json({ success: true as const });
  });
