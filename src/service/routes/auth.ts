import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { readBody } from '../http/validate.js';
import { HttpError } from '../http/http-error.js';
import { SendOtpBody, VerifyOtpBody, type VerifyOtpResponse } from '../../contract/auth.js';
import { consumeOtp, issueOtp, withdrawOtp } from '../auth/otp-store.js';
import { otpEmail } from '../mail/otp-email.js';
import { joinOnSignIn } from '../teams/join-on-sign-in.js';
import { revealApiKey } from '../teams/api-keys.js';
import { issueAgentToken } from '../auth/agent-tokens.js';

/** Every address gets this answer, known or not (a new address signs up at verify). */
const SENT_MESSAGE = 'A 6-digit code has been sent to this address. It is valid for 1 hour.';

/** Spec: POST /network-agent/auth-send-otp and auth-verify-otp, the two operations without a key. */
export const authRoutes = new Hono<AppEnv>()
  .post('/network-agent/auth-send-otp', async (c) => {
    const { db, secretKey, mailer, log } = c.var.ctx;
    const body = await readBody(c, SendOtpBody);
    const issued = await db.transaction((tx) => issueOtp(tx, secretKey, body.email, body.full_name));
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
  })
  .post('/network-agent/auth-verify-otp', async (c) => {
    const { db, secretKey } = c.var.ctx;
    const body = await readBody(c, VerifyOtpBody);
    // One transaction that commits on both outcomes: a wrong guess must use up a try.
    const result = await db.transaction(async (tx) => {
      const check = await consumeOtp(tx, secretKey, body.email, body.otp);
      if (!check.ok) return null;
      const member = await joinOnSignIn(tx, secretKey, body.email, check.fullName);
      const apiKey = await revealApiKey(tx, secretKey, member.team.id);
      const agentToken = await issueAgentToken(tx, member.user.id);
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
  });
