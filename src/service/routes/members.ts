import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { requireMember } from '../auth/require-member.js';
import { requireAdmin } from '../auth/require-admin.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { AddMemberBody, MemberView, RemoveMemberQuery, RemoveMemberResponse, SetRoleBody, TeamView } from '../../contract/members.js';
import { getMember, listMembers } from '../teams/team-view.js';
import { inviteMember, removeMember, setMemberRole } from '../teams/membership-changes.js';
import { inviteEmail } from '../mail/invite-email.js';

/** The key is shared by the team, so the member's own agent token says who is asking. */
const member = [requireApiKey(), requireMember({ recordActivity: false })] as const;


const MEMBER_NOTE =
  'Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>` from auth-verify-otp.';
const AUTH_ERRORS = {
  401: '`Missing API Key`, `Invalid API Key`, or `Invalid agent token` (the bearer token is not a member of the key’s team)',
};
const ADMIN_ERRORS = { ...AUTH_ERRORS, 403: '`Access denied`: only an admin of the team may change its members' };

/** Team and members: GET /api-team, and the admin's POST/PATCH/DELETE /api-team-members. */
export const memberRoutes = new Hono<AppEnv>()
  .get(
    '/api-team',
    describe({
      summary: 'The team, the caller, and every member with their extension status',
      description:
        `${MEMBER_NOTE} \`team.agent_active\` is true when any member’s extension was active in the last 48 hours. ` +
        'Members are ordered by joining date (the oldest admin runs likes, comments and connection requests); invitations come last.',
      tag: 'Team',
      security: 'member',
      responses: { 200: { description: 'The team', schema: TeamView } },
      errors: AUTH_ERRORS,
    }),
    ...member,
    async (c) => {
      const { team, agent } = c.var;
      const members = await listMembers(c.var.ctx.db, team.id);
      const view: TeamView = {
        team: { id: team.id, name: team.name, plan: team.plan, agent_active: members.some((m) => m.agent_active) },
        me: { id: agent.userId, email: agent.email, role: agent.role },
        members,
      };
      return c.json(view);
    },
  )
  .post(
    '/api-team-members',
    describe({
      summary: 'Invite a member by e-mail (admins only)',
      description: `${MEMBER_NOTE} The person joins the team with this role at their next sign-in; if they belong to another team, the invitation waits for their answer (/api-team-invitations).`,
      tag: 'Team',
      security: 'member',
      responses: { 201: { description: 'Invited', schema: MemberView } },
      errors: { ...ADMIN_ERRORS, 409: 'Already a member of (or invited to) this team' },
    }),
    ...member,
    requireAdmin,
    validate('json', AddMemberBody, { example: { email: 'grace@example.com', role: 'member' } }),
    async (c) => {
      const body = c.req.valid('json');
      const { db } = c.var.ctx;
      await db.transaction((tx) => inviteMember(tx, c.var.team.id, body.email, body.role));
      const { agent, team } = c.var;
      const invitedBy = agent.fullName ? `${agent.fullName} (${agent.email})` : agent.email;
      try {
        await c.var.ctx.mailer.send(
          inviteEmail(body.email, { teamName: team.name, invitedBy, role: body.role, publicUrl: c.var.ctx.config.PUBLIC_URL }),
        );
      } catch (err) {
        // The invitation stands without the mail: it takes effect at the next sign-in either way.
        c.var.ctx.log.warn('invite_mail_failed', { team_id: team.id, message: (err as Error).message });
      }
      return c.json((await getMember(db, team.id, body.email))!, 201);
    },
  )
  .patch(
    '/api-team-members',
    describe({
      summary: 'Set a member’s role (admins only)',
      description: `${MEMBER_NOTE} The last admin who has signed in cannot be demoted (400); make another member admin first.`,
      tag: 'Team',
      security: 'member',
      responses: { 200: { description: 'Role set', schema: MemberView } },
      errors: { ...ADMIN_ERRORS, 404: '`Member not found` in this team' },
    }),
    ...member,
    requireAdmin,
    validate('json', SetRoleBody, { example: { email: 'grace@example.com', role: 'admin' } }),
    async (c) => {
      const body = c.req.valid('json');
      const { db } = c.var.ctx;
      await db.transaction((tx) => setMemberRole(tx, c.var.team.id, body.email, body.role));
      return c.json((await getMember(db, c.var.team.id, body.email))!);
    },
  )
  .delete(
    '/api-team-members',
    describe({
      summary: 'Remove a member or withdraw an invitation (admins only)',
      description: `${MEMBER_NOTE} The member’s agent tokens stop working at once. The last admin cannot be removed (400).`,
      tag: 'Team',
      security: 'member',
      responses: { 200: { description: 'Removed', schema: RemoveMemberResponse } },
      errors: { ...ADMIN_ERRORS, 404: '`Member not found` in this team' },
    }),
    ...member,
    requireAdmin,
    validate('query', RemoveMemberQuery, { example: { email: 'grace@example.com' } }),
    async (c) => {
      const query = c.req.valid('query');
      await c.var.ctx.db.transaction((tx) => removeMember(tx, c.var.team.id, query.email));
      const answer: RemoveMemberResponse = { success: true, message: `${query.email} was removed from the team` };
      return c.json(answer);
    },
  );
