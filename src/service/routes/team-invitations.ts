import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { requireMember } from '../auth/require-member.js';
import { issueAgentToken, tokenKind } from '../auth/agent-tokens.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import {
  AcceptInvitationResponse,
  DeclineInvitationResponse,
  InvitationChoiceBody,
  InvitationsResponse,
} from '../../contract/team-invitations.js';
import {
  acceptInvitation,
  declineInvitation,
  pendingInvitations,
} from '../teams/team-invitations.js';
import { handKeyTo } from '../teams/api-keys.js';

/** Called with the caller's current team key and their own agent token: the person answers for themselves. */
const member = [requireApiKey(), requireMember({ recordActivity: false })] as const;
const AUTH_ERRORS = { 401: '`Missing API Key`, `Invalid API Key`, or `Invalid agent token`' };
const EXAMPLE = { team_id: '6f1c2a4e-8b0d-4c1e-9a57-2d3f4b5c6d7e' };

/**
 * Invitations to another team waiting for the caller (who already belongs to a team): see them with
 * what leaving means, accept (move, with a new key and token) or decline. Signing in never moves
 * anyone by itself.
 */
export const teamInvitationRoutes = new Hono<AppEnv>()
  .get(
    '/api-team-invitations',
    describe({
      summary: 'Invitations to other teams waiting for you',
      description:
        'Each with the role offered and what leaving your team means: whether you are its only admin, who would become admin, how many members stay.',
      tag: 'Team',
      security: 'member',
      responses: {
        200: { description: 'The invitations, newest first', schema: InvitationsResponse },
      },
      errors: AUTH_ERRORS,
    }),
    ...member,
    async (c) => {
      const { agent, ctx } = c.var;
      const answer: InvitationsResponse = {
        invitations: await pendingInvitations(ctx.db, agent.userId, agent.email),
      };
      return c.json(answer);
    },
  )
  .post(
    '/api-team-invitations/accept',
    describe({
      summary: 'Accept an invitation: leave your team and join the inviting one',
      description:
        'Every agent token of yours stops working, and your old team’s key is rotated; the answer carries the new team’s key and a new agent token. ' +
        'When you were the only admin of the team you leave, its oldest other member becomes admin.',
      tag: 'Team',
      security: 'member',
      responses: { 200: { description: 'Joined', schema: AcceptInvitationResponse } },
      errors: { ...AUTH_ERRORS, 404: '`Invitation not found`' },
    }),
    ...member,
    validate('json', InvitationChoiceBody, { example: EXAMPLE }),
    async (c) => {
      const { team_id } = c.req.valid('json');
      const { agent, ctx } = c.var;
      const answer = await ctx.db.transaction(async (tx): Promise<AcceptInvitationResponse> => {
        const joined = await acceptInvitation(
          tx,
          ctx.secretKey,
          agent.userId,
          agent.email,
          team_id,
        );
        // The new token is for the same kind of client as the one that asked (auth/token-lifetimes.ts).
        const kind = await tokenKind(tx, agent.tokenHash);
        const left = joined.leftTeam
          ? ` You left ${joined.leftTeam}${joined.nextAdmin ? `; ${joined.nextAdmin} is its admin now` : ''}.`
          : '';
        return {
          success: true,
          message: `You joined ${joined.team.name} as ${joined.role}.${left}`,
          team: {
            ...joined.team,
            api_key: await handKeyTo(tx, ctx.secretKey, joined.team.id, agent.userId),
          },
          agent_token: await issueAgentToken(tx, agent.userId, kind),
          role: joined.role,
        };
      });
      return c.json(answer);
    },
  )
  .post(
    '/api-team-invitations/decline',
    describe({
      summary: 'Decline an invitation',
      description:
        'The invitation is withdrawn; you stay in your team. The inviting admin may invite you again.',
      tag: 'Team',
      security: 'member',
      responses: { 200: { description: 'Declined', schema: DeclineInvitationResponse } },
      errors: { ...AUTH_ERRORS, 404: '`Invitation not found`' },
    }),
    ...member,
    validate('json', InvitationChoiceBody, { example: EXAMPLE }),
    async (c) => {
      const { team_id } = c.req.valid('json');
      const { agent, ctx } = c.var;
      await ctx.db.transaction((tx) => declineInvitation(tx, agent.email, team_id));
      const answer: DeclineInvitationResponse = {
        success: true,
        message: 'The invitation was declined',
      };
      return c.json(answer);
    },
  );
