import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import {
  SendOtpBody,
  SendOtpResponse,
  VerifyOtpBody,
  VerifyOtpResponse,
} from '../../contract/auth.js';
import { consumeOtp, issueOtp, withdrawOtp } from '../auth/otp-store.js';
import { otpEmail } from '../mail/otp-email.js';
import { joinOnSignIn } from '../teams/join-on-sign-in.js';
import { handKeyTo } from '../teams/api-keys.js';
import { issueAgentToken } from '../auth/agent-tokens.js';

/** Every address gets this answer, known or not (a new address signs up at verify). */
const SENT_MESSAGE = 'A 6-digit code has been sent to this address. It is valid for 1 hour.';

/** Spec: POST /network-agent/auth-send-otp and auth-verify-otp, the two operations without a key. */
export const authRoutes = new Hono<AppEnv>()
  .post(
    '/network-agent/auth-send-otp',
    describe({
      summary: 'E-mail a 6-digit sign-in code',
      description:
        'Sends a one-time code to the address, valid for 1 hour and for one use; a new code replaces the previous one. ' +
        'The answer is the same whether or not the address has an account (a new address signs up at verify). ' +
        'At most one code per 30 seconds and 5 per hour per address; beyond that 429 with `Retry-After`. ' +
        '`full_name` names a new account and its team.',
      tag: 'Authentication',
      security: 'none',
      responses: { 200: { description: 'Code sent', schema: SendOtpResponse } },
      errors: {
        400: "`Missing or invalid 'email'`, a wrong type, an unknown field or malformed JSON",
        413: 'Body larger than 1 MiB',
        429: 'Too many codes requested for this address; the `Retry-After` header gives the seconds to wait',
        503: 'The mail could not be sent; ask again',
      },
    }),
    validate('json', SendOtpBody, {
      example: { email: 'ada@example.com', full_name: 'Ada Lovelace' },
    }),
    async (c) => {
      const { db, secretKey, mailer, log } = c.var.ctx;
      const body = c.req.valid('json');
      const issued = await db.transaction((tx) =>
        issueOtp(tx, secretKey, body.email, body.full_name),
      );
      if ('retryAfterS' in issued) {
        throw new HttpError(
          429,
          `Too many codes requested for this address; try again in ${issued.retryAfterS} seconds`,
          { 'Retry-After': String(issued.retryAfterS) },
        );
      }
      try {
        await mailer.send(otpEmail(body.email, issued.code));
      } catch (err) {
        await withdrawOtp(db, body.email, issued.codeHash);
        log.error('otp_mail_failed', { message: (err as Error).message });
        throw new HttpError(503, 'The sign-in code could not be sent; try again in a moment');
      }
      return c.json({ success: true as const, message: SENT_MESSAGE });
    },
  )
  .post(
    '/network-agent/auth-verify-otp',
    describe({
      summary: 'Exchange the code for the team’s API key',
      description:
        'A good code signs the user in: a new user gets a team (as its admin) and an API key; an existing user gets their team back; ' +
        'a user invited by a team admin joins that team now, with the role the admin chose. ' +
        'The answer also carries `agent_token`, a fresh secret bound to this user for the browser extension and the member endpoints: ' +
        'with `"client": "extension"` (the default) it ends after 30 days without an `/agent/` call, with `"client": "dashboard"` a day after sign-in; ' +
        'signing out or leaving the team ends it at once. ' +
        'A code allows 5 wrong tries; after that, or after 1 hour, or once used, it is void.',
      tag: 'Authentication',
      security: 'none',
      responses: { 200: { description: 'Signed in', schema: VerifyOtpResponse } },
      errors: {
        400: "`Missing or invalid 'email'`, `Missing or invalid 'otp'` or `Invalid 'client'`",
        401: '`Invalid or expired OTP`: wrong, expired, used or replaced code; request a new one',
        413: 'Body larger than 1 MiB',
      },
    }),
    validate('json', VerifyOtpBody, {
      example: { email: 'ada@example.com', otp: '123456', client: 'extension' },
    }),
    async (c) => {
      const { db, secretKey } = c.var.ctx;
      const body = c.req.valid('json');
      // One transaction that commits on both outcomes: a wrong guess must use up a try.
      const result = await db.transaction(async (tx) => {
        const check = await consumeOtp(tx, secretKey, body.email, body.otp);
        if (!check.ok) return null;
        const member = await joinOnSignIn(tx, secretKey, body.email, check.fullName);
        const apiKey = await handKeyTo(tx, secretKey, member.team.id, member.user.id);
        const agentToken = await issueAgentToken(tx, member.user.id, body.client ?? 'extension');
        return { member, apiKey, agentToken };
      });
      if (!result) throw new HttpError(401, 'Invalid or expired OTP');
      const { member, apiKey, agentToken } = result;
      const answer: VerifyOtpResponse = {
        user: member.user,
        team: { ...member.team, api_key: apiKey },
        agent_token: agentToken,
        role: member.role,
      };
      return c.json(answer);
    },
  );
