import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { requireMember } from '../auth/require-member.js';
import { requireAdmin } from '../auth/require-admin.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import { MemberView } from '../../contract/members.js';
import { EndWarmUpBody } from '../../contract/budget-settings.js';
import { getMember } from '../teams/team-view.js';
import { withSafety } from '../budgets/team-view.js';
import { endWarmUp } from '../budgets/warm-up.js';

/** An admin ends a member's warm-up early (docs/budgets.md, "Warm-up"). */
export const warmUpRoutes = new Hono<AppEnv>().patch(
  '/api-team-members/warm-up',
  describe({
    summary:
      'End a member’s warm-up now: their account gets the team’s full write budgets (admins only)',
    description:
      'Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>` from auth-verify-otp. ' +
      '`{"email": …, "ends_now": true, "i_accept_the_risk": true}`: a new account sends at a fraction of the team’s write budgets ' +
      'for its first days (docs/budgets.md, "Warm-up"); ending that early is riskier, so it needs the risk accepted. ' +
      'An account that has not checked in yet will not start one. Answers the member as GET /api-team shows them.',
    tag: 'Team',
    security: 'member',
    responses: { 200: { description: 'The member', schema: MemberView } },
    errors: {
      400: "Without the risk accepted: `Invalid 'ends_now': ending grace@example.com's warm-up gives their account the team's full budgets at once; send \"i_accept_the_risk\": true to allow it`",
      401: '`Missing API Key`, `Invalid API Key`, or `Invalid agent token` (the bearer token is not a member of the key’s team)',
      403: '`Access denied`: only an admin of the team may change its members',
      404: '`Member not found` in this team',
    },
  }),
  requireApiKey(),
  requireMember({ recordActivity: false }),
  requireAdmin,
  validate('json', EndWarmUpBody, {
    example: { email: 'grace@example.com', ends_now: true, i_accept_the_risk: true },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const { ctx, team, agent } = c.var;
    if (!(await endWarmUp(ctx.db, team.id, body.email, body.i_accept_the_risk === true)))
      throw new HttpError(404, 'Member not found');
    ctx.log.info('member_warm_up_ended', { team_id: team.id, by: agent.userId });
    // Tasks held by the member's lower budgets may run now.
    await ctx.signals.taskReady(team.id);
    const [view] = (
      await withSafety(ctx.db, team.id, [(await getMember(ctx.db, team.id, body.email))!])
    ).members;
    return c.json(view!);
  },
);
