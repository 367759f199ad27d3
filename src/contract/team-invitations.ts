import { z } from './zod.js';
import { strictBody } from './common.js';
import { Role, Team } from './auth.js';

/**
 * Invitations to another team, for a person who already belongs to one. Signing in never moves
 * anyone silently: the person sees the invitation (dashboard, popup) with what leaving means, and
 * accepts or declines it. A person without a team joins the inviting team at sign-in, as before.
 */

export const PendingInvitation = z.object({
  team_id: z.string(),
  team_name: z.string(),
  /** The role the inviting admin chose. */
  role: Role,
  invited_at: z.string(),
  /** What accepting means for the team the person leaves. */
  leaving: z.object({
    team_id: z.string(),
    team_name: z.string(),
    /** The person is that team's only admin: its oldest other member becomes admin. */
    only_admin: z.boolean(),
    /** Who becomes admin of the team left behind, when the person was its only one. */
    next_admin: z.nullable(z.string()),
    /** The other members who stay there; 0: the team is left without members. */
    other_members: z.number().check(z.int()),
  }),
});
export type PendingInvitation = z.infer<typeof PendingInvitation>;

export const InvitationsResponse = z.object({ invitations: z.array(PendingInvitation) });
export type InvitationsResponse = z.infer<typeof InvitationsResponse>;

export const InvitationChoiceBody = strictBody({
  team_id: z.uuid({ error: "Missing or invalid 'team_id'" }),
});

/** After accepting: the new team's key and a new agent token (the old ones stop working). */
export const AcceptInvitationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  team: z.extend(Team, { api_key: z.string() }),
  agent_token: z.string(),
  role: Role,
});
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponse>;

export const DeclineInvitationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type DeclineInvitationResponse = z.infer<typeof DeclineInvitationResponse>;
