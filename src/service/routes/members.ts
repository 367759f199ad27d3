import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import type { AgentIdentity, TeamRow } from '../auth/identities.js';
import type { Queryable } from '../db/database.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { requireMember } from '../auth/require-member.js';
import { requireAdmin } from '../auth/require-admin.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import {
  AddMemberBody,
  MemberView,
  RemoveMemberQuery,
  RemoveMemberResponse,
  SetRoleBody,
  TeamView,
} from '../../contract/members.js';
import { getMember, listMembers } from '../teams/team-view.js';
import { inviteMember, removeMember, setMemberRole } from '../teams/membership-changes.js';
import { inviteEmail } from '../mail/invite-email.js';
import { takeInvitation } from '../teams/invitation-cap.js';
import { HttpError } from '../http/http-error.js';
import { PatchTeamBody, SetWorkingHoursBody } from '../../contract/budget-settings.js';
import { withSafety } from '../budgets/team-view.js';
import { patchTeamSafety } from '../budgets/patch-team.js';
import { loadWarmUp, patchWarmUp } from '../budgets/warm-up.js';
import { SetSummaryMailBody } from '../../contract/weekly-summary.js';
import { patchAiInstructions, teamAiView } from '../ai/team-ai.js';
import { patchReplyLabels, teamReplyLabels } from '../ai/reply-labels.js';

/** The key is shared by the team, so the member's own agent token says who is asking. */
const member = [requireApiKey(), requireMember({ recordActivity: false })] as const;

const MEMBER_NOTE =
  'Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>` from auth-verify-otp.';
const AUTH_ERRORS = {
  401: '`Missing API Key`, `Invalid API Key`, or `Invalid agent token` (the bearer token is not a member of the key’s team)',
};
const ADMIN_ERRORS = {
  ...AUTH_ERRORS,
  403: '`Access denied`: only an admin of the team may change its members',
};

/** The team as GET and PATCH /api-team answer it. */
async function teamView(db: Queryable, team: TeamRow, agent: AgentIdentity): Promise<TeamView> {
  const {
    budgets,
    pacing,
    contactWindowDays,
    aiWrites,
    weeklySummary,
    withdrawPendingAfterDays,
    teamStopsTogether,
    writesPaused,
    members,
  } = await withSafety(db, team.id, await listMembers(db, team.id));
  return {
    team: {
      id: team.id,
      name: team.name,
      plan: team.plan,
      agent_active: members.some((m) => m.agent_active),
      budgets,
      pacing,
      contact_window_days: contactWindowDays,
      ai_writes: aiWrites,
      weekly_summary: weeklySummary,
      withdraw_pending_after_days: withdrawPendingAfterDays,
      team_stops_together: teamStopsTogether,
      writes_paused: writesPaused,
      warm_up: await loadWarmUp(db, team.id),
      ...(await teamAiView(db, team)),
      reply_labels: await teamReplyLabels(db, team.id),
    },
    me: { id: agent.userId, email: agent.email, role: agent.role },
    members,
  };
}

/** Team and members: GET /api-team, and the admin's POST/PATCH/DELETE /api-team-members. */
/**
 * Sets one of a member's own settings: theirs, or anyone's for an admin (403 otherwise; 404 for
 * nobody of that e-mail in the team). Answers the member as the team view shows them.
 */
async function setMemberSetting(
  vars: { team: TeamRow; agent: AgentIdentity; ctx: AppEnv['Variables']['ctx'] },
  email: string,
  column: 'working_hours' | 'weekly_summary_mail',
  value: unknown,
): Promise<MemberView> {
  const { team, agent, ctx } = vars;
  if (agent.role !== 'admin' && email !== agent.email) throw new HttpError(403, 'Access denied');
  const rows = await ctx.db.query(
    `UPDATE memberships SET ${column} = $3 WHERE team_id = $1 AND email = $2 RETURNING email`,
    [team.id, email, value],
  );
  if (!rows.length) throw new HttpError(404, 'Member not found');
  const [view] = (await withSafety(ctx.db, team.id, [(await getMember(ctx.db, team.id, email))!]))
    .members;
  return view!;
}

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
      return c.json(await teamView(c.var.ctx.db, c.var.team, c.var.agent));
    },
  )
  .patch(
    '/api-team',
    describe({
      summary: 'Set the team’s action budgets, pace and rule for AI clients’ writes (admins only)',
      description:
        `${MEMBER_NOTE} \`budgets\` is keyed by task type, each with \`per_day\` and/or \`per_week\` (a whole number, or null for no limit; ` +
        'the type set to null returns to the defaults). `pacing` sets the seconds between two writes and two reads of one member ' +
        '(`write_min_s`, `write_max_s`, `read_min_s`, `read_max_s`; null returns to the defaults). Safer than the default is always ' +
        'allowed; a higher limit, no limit, or a shorter gap needs `"i_accept_the_risk": true`. Tasks held by a budget run as soon as it allows. ' +
        '`contact_window_days` (0 to 365, default 30; 0 turns it off): days after a member’s invitation or message in which another ' +
        'member’s to the same person is refused (docs/team-pool.md). ' +
        '`ai_writes` (`approve` default, `allow`, `off`): what a write from an AI client over `/mcp` does: await a person’s ' +
        'approval (`/api-approvals`), run at once, or be refused (docs/mcp.md). ' +
        '`weekly_summary` (false by default): every Monday (UTC) the last week’s summary goes to each joined member as a mail ' +
        '(unless they turned it off) and to webhooks as `summary.weekly`. ' +
        '`withdraw_pending_after_days` (0 to 365, default 21; 0 turns it off): pending invitations older than this are withdrawn, ' +
        'as their sender, within the withdrawal budget and working hours. `team_stops_together` (true by default): a challenge or ' +
        'rate limit at one member pauses every member’s writes for 24 hours (`team.writes_paused`, the `team.paused` webhook). ' +
        '`resume_writes: true` ends such a pause early. A later withdrawal or none, `team_stops_together: false` and resuming ' +
        'need `"i_accept_the_risk": true` (docs/budgets.md, "Hygiene" and "The team stops together"). ' +
        '`warm_up` (`{enabled, days, start_factor}`, default on, 14 days from 0.2; null returns to the defaults): a new member’s ' +
        'write budgets start at that share of the team’s when their account first checks in and rise to all of it over the days; ' +
        'off, shorter or a higher start needs `"i_accept_the_risk": true` and holds for accounts checking in from then on (docs/budgets.md, "Warm-up"). ' +
        '`ai_instructions` (at most 2,000 characters; "" for none): what the team tells its model for every AI draft (docs/ai.md). ' +
        '`reply_labels` (`[{name, description}]`, at most 20; [] for none): the team’s own labels its model may sort a reply with, ' +
        'beside `interested`, `not_now`, `not_interested`, `out_of_office`, `referral` and `other` (docs/ai.md, "Replies sorted"). ' +
        'Answers the team as GET does.',
      tag: 'Team',
      security: 'member',
      responses: { 200: { description: 'The team with its new settings', schema: TeamView } },
      errors: {
        ...ADMIN_ERRORS,
        400: "A value out of range, or riskier than the default without the risk accepted (`Invalid 'budgets.agent_connection_request.per_day': 40 is above the default of 25; …`)",
      },
    }),
    ...member,
    requireAdmin,
    validate('json', PatchTeamBody, {
      example: {
        budgets: { agent_connection_request: { per_day: 2, per_week: 10 } },
        pacing: { write_min_s: 60, write_max_s: 120 },
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const { team, agent, ctx } = c.var;
      await ctx.db.transaction(async (tx) => {
        await patchTeamSafety(tx, team.id, body);
        await patchWarmUp(tx, team.id, body);
        await patchAiInstructions(tx, team.id, body);
        await patchReplyLabels(tx, team.id, body.reply_labels);
      });
      ctx.log.info('team_safety_changed', {
        team_id: team.id,
        by: agent.userId,
        risk_accepted: body.i_accept_the_risk === true,
        ...(body.ai_writes ? { ai_writes: body.ai_writes } : {}),
        ...(body.weekly_summary !== undefined ? { weekly_summary: body.weekly_summary } : {}),
      });
      // A raised budget may free waiting tasks: waiting claims look again.
      await ctx.signals.taskReady(team.id);
      return c.json(await teamView(ctx.db, team, agent));
    },
  )
  .put(
    '/api-team-members/working-hours',
    describe({
      summary:
        'Set a member’s working hours: no write action is run outside them (the member, or an admin)',
      description:
        `${MEMBER_NOTE} \`working_hours\`: \`{days: [1..7] (ISO weekdays, 1 Monday), start: "08:00", end: "20:00", time_zone: "Europe/Paris"}\`, ` +
        'or null for none. Likes, comments, connection requests and messages are not claimed outside the window; reads are. ' +
        'A member may set their own; an admin anyone’s.',
      tag: 'Team',
      security: 'member',
      responses: { 200: { description: 'The member', schema: MemberView } },
      errors: {
        ...AUTH_ERRORS,
        403: '`Access denied`: a member may set only their own working hours',
        404: '`Member not found` in this team',
      },
    }),
    ...member,
    validate('json', SetWorkingHoursBody, {
      example: {
        email: 'grace@example.com',
        working_hours: {
          days: [1, 2, 3, 4, 5],
          start: '08:00',
          end: '20:00',
          time_zone: 'Europe/Paris',
        },
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const hours = body.working_hours
        ? JSON.stringify({
            ...body.working_hours,
            days: [...new Set(body.working_hours.days)].sort((a, b) => a - b),
          })
        : null;
      const view = await setMemberSetting(c.var, body.email, 'working_hours', hours);
      await c.var.ctx.signals.taskReady(c.var.team.id);
      return c.json(view);
    },
  )
  .put(
    '/api-team-members/weekly-summary-mail',
    describe({
      summary: 'Turn the weekly summary mail on or off for a member (the member, or an admin)',
      description:
        `${MEMBER_NOTE} \`weekly_summary_mail\`: true (the default) or false. Only the mail: the team's ` +
        '`summary.weekly` webhook event is sent either way. A member may set their own; an admin anyone’s.',
      tag: 'Team',
      security: 'member',
      responses: { 200: { description: 'The member', schema: MemberView } },
      errors: {
        ...AUTH_ERRORS,
        403: '`Access denied`: a member may set only their own',
        404: '`Member not found` in this team',
      },
    }),
    ...member,
    validate('json', SetSummaryMailBody, {
      example: { email: 'grace@example.com', weekly_summary_mail: false },
    }),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(
        await setMemberSetting(c.var, body.email, 'weekly_summary_mail', body.weekly_summary_mail),
      );
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
      errors: {
        ...ADMIN_ERRORS,
        409: 'Already a member of (or invited to) this team',
        429: 'You have sent your invitations for the UTC day (`INVITATIONS_PER_MEMBER_DAY`), or the team has (`INVITATIONS_PER_TEAM_DAY`); the message says which, `Retry-After` gives the seconds to wait',
      },
    }),
    ...member,
    requireAdmin,
    validate('json', AddMemberBody, { example: { email: 'grace@example.com', role: 'member' } }),
    async (c) => {
      const body = c.req.valid('json');
      const { db } = c.var.ctx;
      await db.transaction(async (tx) => {
        await takeInvitation(tx, c.var.ctx.config, c.var.team.id, c.var.agent.userId);
        await inviteMember(tx, c.var.team.id, body.email, body.role);
      });
      const { agent, team } = c.var;
      try {
        await c.var.ctx.mailer.send(
          inviteEmail(body.email, {
            teamName: team.name,
            inviterName: agent.fullName,
            inviterEmail: agent.email,
            role: body.role,
            publicUrl: c.var.ctx.config.PUBLIC_URL,
          }),
        );
      } catch (err) {
        // The invitation stands without the mail: it takes effect at the next sign-in either way.
        c.var.ctx.log.warn('invite_mail_failed', {
          team_id: team.id,
          message: (err as Error).message,
        });
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
      description:
        `${MEMBER_NOTE} The member’s agent tokens stop working at once. When the member was shown the team’s current API key ` +
        '(every sign-in shows it), the key is rotated in the same step: the old key alone is refused at once, while extensions and ' +
        'dashboards of the remaining members keep working (their agent token carries them; `GET /api-team-key` gives the new key). ' +
        'The last admin cannot be removed (400).',
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
      const { ctx, team } = c.var;
      const { keyRotated } = await ctx.db.transaction((tx) =>
        removeMember(tx, ctx.secretKey, team.id, query.email),
      );
      const answer: RemoveMemberResponse = {
        success: true,
        message: keyRotated
          ? `${query.email} was removed from the team; the team's API key was rotated (programs using it need the new one)`
          : `${query.email} was removed from the team`,
      };
      return c.json(answer);
    },
  );
