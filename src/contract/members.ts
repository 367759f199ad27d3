import { z } from 'zod';
import { strictBody } from './common.js';
import { Role } from './auth.js';
import { CallHealth } from './agent.js';

/**
 * Team membership endpoints (issue: "an admin adds members by e-mail and sets roles"). They are
 * called with the team's `x-api-key` and the caller's own `authorization: Bearer <agent_token>`
 * (the token from auth-verify-otp), because the key is shared and does not say who is asking.
 */

const emailMessage = "Missing or invalid 'email'";
const Email = z.string({ error: emailMessage }).trim().toLowerCase().pipe(z.email({ error: emailMessage }));

export const AddMemberBody = strictBody({
  email: Email,
  role: z.enum(['admin', 'member'], { error: "Invalid 'role': must be 'admin' or 'member'" }).default('member'),
});

export const SetRoleBody = strictBody({
  email: Email,
  role: z.enum(['admin', 'member'], { error: "Invalid 'role': must be 'admin' or 'member'" }),
});

export const RemoveMemberQuery = z.object({ email: Email });

export const MemberView = z.object({
  user_id: z.string().nullable(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: Role,
  status: z.enum(['active', 'invited']),
  joined_at: z.string().nullable(),
  last_active_at: z.string().nullable(),
  agent_active: z.boolean(),
  network_signed_in: z.boolean().nullable(),
  network_public_identifier: z.string().nullable(),
  paused: z.boolean().nullable(),
  extension_version: z.string().nullable(),
  invite_limited_until: z.string().nullable(),
  /** The network map version the member's extension runs with, and the calls of it that failed lately. */
  network_map_version: z.number().int().nullable(),
  network_health: z.array(CallHealth),
});
export type MemberView = z.infer<typeof MemberView>;

export const TeamView = z.object({
  team: z.object({ id: z.string(), name: z.string(), plan: z.string(), agent_active: z.boolean() }),
  me: z.object({ id: z.string(), email: z.string(), role: Role }),
  members: z.array(MemberView),
});
export type TeamView = z.infer<typeof TeamView>;

export const RemoveMemberResponse = z.object({ success: z.literal(true), message: z.string() });
export type RemoveMemberResponse = z.infer<typeof RemoveMemberResponse>;
