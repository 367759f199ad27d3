import type { OperationDoc } from './operation-doc.js';
import {
  AddMemberBody,
  MemberView,
  RemoveMemberQuery,
  RemoveMemberResponse,
  SetRoleBody,
  TeamView,
} from '../../contract/members.js';

const AUTH_ERRORS: OperationDoc['responses'] = {
  401: { description: '`Missing API Key`, `Invalid API Key`, or `Invalid agent token` (the bearer token is not a member of the key’s team)' },
};
const ADMIN_ERRORS: OperationDoc['responses'] = {
  ...AUTH_ERRORS,
  400: { description: 'Invalid body or query; the message names the field' },
  403: { description: '`Access denied`: only an admin of the team may change its members' },
};
const MEMBER_NOTE =
  'Called with the team’s `x-api-key` and the caller’s own `authorization: Bearer <agent_token>` from auth-verify-otp.';

export const memberOperations: OperationDoc[] = [
  {
    method: 'get',
    path: '/api-team',
    operationId: 'getTeam',
    summary: 'The team, the caller, and every member with their extension status',
    description:
      `${MEMBER_NOTE} \`team.agent_active\` is true when any member’s extension was active in the last 48 hours. ` +
      'Members are ordered by joining date (the oldest admin runs likes, comments and connection requests); invitations come last.',
    tag: 'Team',
    security: 'member',
    responses: { 200: { description: 'The team', schema: TeamView }, ...AUTH_ERRORS },
  },
  {
    method: 'post',
    path: '/api-team-members',
    operationId: 'addTeamMember',
    summary: 'Invite a member by e-mail (admins only)',
    description:
      `${MEMBER_NOTE} The person joins the team with this role at their next sign-in; if they belong to another team, they move to this one then.`,
    tag: 'Team',
    security: 'member',
    body: AddMemberBody,
    responses: {
      201: { description: 'Invited', schema: MemberView },
      ...ADMIN_ERRORS,
      409: { description: 'Already a member of (or invited to) this team' },
    },
  },
  {
    method: 'patch',
    path: '/api-team-members',
    operationId: 'setTeamMemberRole',
    summary: 'Set a member’s role (admins only)',
    description: `${MEMBER_NOTE} The last admin who has signed in cannot be demoted (400); make another member admin first.`,
    tag: 'Team',
    security: 'member',
    body: SetRoleBody,
    responses: {
      200: { description: 'Role set', schema: MemberView },
      ...ADMIN_ERRORS,
      404: { description: '`Member not found` in this team' },
    },
  },
  {
    method: 'delete',
    path: '/api-team-members',
    operationId: 'removeTeamMember',
    summary: 'Remove a member or withdraw an invitation (admins only)',
    description: `${MEMBER_NOTE} The member’s agent tokens stop working at once. The last admin cannot be removed (400).`,
    tag: 'Team',
    security: 'member',
    query: RemoveMemberQuery,
    responses: {
      200: { description: 'Removed', schema: RemoveMemberResponse },
      ...ADMIN_ERRORS,
      404: { description: '`Member not found` in this team' },
    },
  },
];
