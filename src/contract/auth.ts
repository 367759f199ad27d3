import { z } from 'zod';
import { strictBody } from './common.js';

const emailMessage = "Missing or invalid 'email'";
const Email = z
  .string({ error: emailMessage })
  .trim()
  .toLowerCase()
  .max(254, { error: emailMessage })
  .pipe(z.email({ error: emailMessage }));

export const SendOtpBody = strictBody({
  email: Email,
  full_name: z
    .string({ error: "Invalid 'full_name': must be a string" })
    .trim()
    .max(200, { error: "Invalid 'full_name': must be 200 characters or fewer" })
    // A NUL cannot be stored in a text column, and line breaks would reach mail headers.
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: "Invalid 'full_name': must not contain control characters" })
    .optional(),
});
export type SendOtpBody = z.infer<typeof SendOtpBody>;

/** The same answer whether or not the address is known (no account enumeration). */
export const SendOtpResponse = z.object({ success: z.literal(true), message: z.string() });

export const VerifyOtpBody = strictBody({
  email: Email,
  otp: z.string({ error: "Missing or invalid 'otp'" }).trim().min(1, { error: "Missing or invalid 'otp'" }),
});
export type VerifyOtpBody = z.infer<typeof VerifyOtpBody>;

export const ROLES = ['admin', 'member'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const User = z.object({ id: z.string(), full_name: z.string(), email: z.string() });
export const Team = z.object({ id: z.string(), name: z.string() });

export const VerifyOtpResponse = z.object({
  user: User,
  team: Team.extend({ api_key: z.string() }),
  /** docs/agent-protocol.md: a fresh secret bound to this user, for `/agent/` calls. */
  agent_token: z.string(),
  role: Role,
});
export type VerifyOtpResponse = z.infer<typeof VerifyOtpResponse>;
