import { z } from './zod.js';
import { strictBody } from './common.js';

const emailMessage = "Missing or invalid 'email'";
const Email = z.pipe(
  z
    .string({ error: emailMessage })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: emailMessage })),
  z.email({ error: emailMessage }),
);

export const SendOtpBody = strictBody({
  email: Email,
  full_name: z.optional(
    z.string({ error: "Invalid 'full_name': must be a string" }).check(
      z.trim(),
      z.maxLength(200, { error: "Invalid 'full_name': must be 200 characters or fewer" }),
      // A NUL cannot be stored in a text column, and line breaks would reach mail headers.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
      z.refine((s) => !/[\u0000-\u001f\u007f]/.test(s), {
        error: "Invalid 'full_name': must not contain control characters",
      }),
    ),
  ),
});
export type SendOtpBody = z.infer<typeof SendOtpBody>;

/** The same answer whether or not the address is known (no account enumeration). */
export const SendOtpResponse = z.object({ success: z.literal(true), message: z.string() });

export const VerifyOtpBody = strictBody({
  email: Email,
  otp: z
    .string({ error: "Missing or invalid 'otp'" })
    .check(
      z.trim(),
      z.minLength(1, { error: "Missing or invalid 'otp'" }),
      z.maxLength(20, { error: "Missing or invalid 'otp'" }),
    ),
  /**
   * Which client signs in; it decides how long the answer's `agent_token` lives: `extension` (the
   * default) until 30 days without use, `dashboard` one day.
   */
  client: z.optional(
    z.enum(['extension', 'dashboard'], {
      error: "Invalid 'client': must be 'extension' or 'dashboard'",
    }),
  ),
});
export type VerifyOtpBody = z.infer<typeof VerifyOtpBody>;

const ROLES = ['admin', 'member'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

const User = z.object({ id: z.string(), full_name: z.string(), email: z.string() });
export const Team = z.object({ id: z.string(), name: z.string() });

export const VerifyOtpResponse = z.object({
  user: User,
  team: z.extend(Team, { api_key: z.string() }),
  /** docs/agent-protocol.md: a fresh secret bound to this user, for `/agent/` calls. */
  agent_token: z.string(),
  role: Role,
});
export type VerifyOtpResponse = z.infer<typeof VerifyOtpResponse>;
