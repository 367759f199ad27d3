import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { requireMember } from '../auth/require-member.js';
import { readBody, readQuery } from '../http/validate.js';
import { HttpError } from '../http/http-error.js';
import { AddMemberBody, RemoveMemberQuery, SetRoleBody, type RemoveMemberResponse, type TeamView } from '../../contract/members.js';
import { getMember, listMembers } from '../teams/team-view.js';
import { inviteMember, removeMember, setMemberRole } from '../teams/membership-changes.js';
import { inviteEmail } from '../mail/invite-email.js';

/** The key is shared by the team, so the member's own agent token says who is asking. */
const member = [requireApiKey(), requireMember({ recordActivity: false })] as const;

const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.agent.role !== 'admin') throw new HttpError(403, 'Access denied');
  await next();
});

/** Team and members: GET /api-team, and the admin's POST/PATCH/DELETE /api-team-members. */
export const memberRoutes = new Hono<AppEnv>()
  .get('/api-team', ...member, async (c) => {
    const { team, agent } = c.var;
    const members = await listMembers(c.var.ctx.db, team.id);
    const view: TeamView = {
      team: { id: team.id, name: team.name, plan: team.plan, agent_active: members.some((m) => m.agent_active) },
      me: { id: agent.userId, email: agent.email, role: agent.role },
      members,
    };
    return c.json(view);
  })
  .post('/api-team-members', ...member, adminOnly, async (c) => {
    const body = await readBody(c, AddMemberBody);
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
  })
  .patch('/api-team-members', ...member, adminOnly, async (c) => {
    const body = await readBody(c, SetRoleBody);
    const { db } = c.var.ctx;
    await db.transaction((tx) => setMemberRole(tx, c.var.team.id, body.email, body.role));
    return c.json((await getMember(db, c.var.team.id, body.email))!);
  })
  .delete('/api-team-members', ...member, adminOnly, async (c) => {
    const query = readQuery(c, RemoveMemberQuery);
    await c.var.ctx.db.transaction((tx) => removeMember(tx, c.var.team.id, query.email));
    const answer: RemoveMemberResponse = { success: true, message: `${query.email} was removed from the team` };
    return c.json(answer);
  });
