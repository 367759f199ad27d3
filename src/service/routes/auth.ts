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
import { clientAddress } from '../http/client-address.js';
import {
  countEmailFailure,
  emailLockedError,
  emailLockedFor,
  giveBackCodeRequest,
  reserveCodeCheck,
  takeCodeRequest,
} from '../auth/sign-in-limits.js';
import { signInLockedEmail } from '../mail/sign-in-locked-email.js';

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
        'The code is valid only from the client network address that asked for it, so codes others ask for the address never replace or throttle yours. ' +
        'At most one code per 30 seconds and 5 per hour per address from one client network address, and a limited number per hour from one client network address in all (docs/api.md, "Sign-in limits"); beyond that 429 with `Retry-After`. ' +
        'An address locked for this client network address after too many wrong codes from it gets no code there until 00:00 UTC (429). ' +
        '`full_name` names a new account and its team.',
      tag: 'Authentication',
      security: 'none',
      responses: { 200: { description: 'Code sent', schema: SendOtpResponse } },
      errors: {
        400: "`Missing or invalid 'email'`, a wrong type, an unknown field or malformed JSON",
        413: 'Body larger than 1 MiB',
        429: 'Too many codes requested for this address, or from this network, or the address is locked for the day from this network; the `Retry-After` header gives the seconds to wait',
        503: 'The mail could not be sent; ask again',
      },
    }),
    validate('json', SendOtpBody, {
      example: { email: 'ada@example.com', full_name: 'Ada Lovelace' },
    }),
    async (c) => {
      const { db, secretKey, mailer, log, config } = c.var.ctx;
      const body = c.req.valid('json');
      const client = clientAddress(c, config.TRUSTED_PROXIES);
      const locked = await emailLockedFor(db, config, body.email, client);
      if (locked !== null) throw emailLockedError(locked);
      await takeCodeRequest(db, config, client);
      const issued = await db.transaction((tx) =>
        issueOtp(tx, secretKey, body.email, client, body.full_name),
      );
      if ('retryAfterS' in issued) {
        await giveBackCodeRequest(db, client);
        throw new HttpError(
          429,
          `Too many codes requested for this address; try again in ${issued.retryAfterS} seconds`,
          { 'Retry-After': String(issued.retryAfterS) },
        );
      }
      try {
        await mailer.send(otpEmail(body.email, issued.code));
      } catch (err) {
        await withdrawOtp(db, body.email, client, issued.codeHash);
        await giveBackCodeRequest(db, client);
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
        'The code is checked against the one asked from the same client network address. ' +
        'A code allows 5 wrong tries; after that, or after 1 hour, or once used, it is void. ' +
        'Wrong codes are limited per client network address and per hour on the whole service (429 with `Retry-After`); ' +
        'an address with too many wrong codes from one client network address in a UTC day is locked for that network until 00:00 UTC and its owner is told by mail (docs/api.md, "Sign-in limits").',
      tag: 'Authentication',
      security: 'none',
      responses: { 200: { description: 'Signed in', schema: VerifyOtpResponse } },
      errors: {
        400: "`Missing or invalid 'email'`, `Missing or invalid 'otp'` or `Invalid 'client'`",
        401: '`Invalid or expired OTP`: wrong, expired, used or replaced code; request a new one',
        413: 'Body larger than 1 MiB',
        429: 'Too many wrong codes from this network or on the service, or the address is locked for this network until 00:00 UTC; the `Retry-After` header gives the seconds to wait',
      },
    }),
    validate('json', VerifyOtpBody, {
      example: { email: 'ada@example.com', otp: '123456', client: 'extension' },
    }),
    async (c) => {
      const { db, secretKey, config, mailer, log } = c.var.ctx;
      const body = c.req.valid('json');
      const client = clientAddress(c, config.TRUSTED_PROXIES);
      const reserved = await reserveCodeCheck(db, config, client);
      // One transaction that commits on both outcomes: a wrong guess must use up a try.
      const checked = db.transaction(async (tx) => {
        // The client's code row for the address, locked first: its failures are counted one at a time.
        await tx.query('SELECT 1 FROM otp_codes WHERE email = $1 AND client = $2 FOR UPDATE', [
          body.email,
          client,
        ]);
        const locked = await emailLockedFor(tx, config, body.email, client);
        if (locked !== null) return { outcome: 'locked' as const, retryAfterS: locked };
        const check = await consumeOtp(tx, secretKey, body.email, client, body.otp);
        if (!check.ok)
          return {
            outcome: 'wrong' as const,
            lockedNow: check.wrongTry && (await countEmailFailure(tx, config, body.email, client)),
          };
        const member = await joinOnSignIn(tx, secretKey, body.email, check.fullName);
        const apiKey = await handKeyTo(tx, secretKey, member.team.id, member.user.id);
        const agentToken = await issueAgentToken(tx, member.user.id, body.client ?? 'extension');
        return { outcome: 'signed_in' as const, member, apiKey, agentToken };
      });
      // A check that never finished (the database went away) is no wrong code.
      const result = await checked.catch(async (err: unknown) => {
        await reserved.release().catch(() => {});
        throw err;
      });
      if (result.outcome === 'locked') {
        // Nothing was checked: not a failure of this client.
        await reserved.release();
        throw emailLockedError(result.retryAfterS);
      }
      if (result.outcome === 'wrong') {
        if (result.lockedNow) {
          log.warn('sign_in_address_locked', { email: body.email, client });
          await mailer
            .send(signInLockedEmail(body.email, config.SIGNIN_FAILURES_PER_EMAIL_DAY, client))
            .catch((err: Error) => log.warn('lock_mail_failed', { message: err.message }));
        }
        throw new HttpError(401, 'Invalid or expired OTP');
      }
      await reserved.release();
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
