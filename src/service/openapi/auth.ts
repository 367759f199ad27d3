import type { OperationDoc } from './operation-doc.js';
import { SendOtpBody, SendOtpResponse, VerifyOtpBody, VerifyOtpResponse } from '../../contract/auth.js';

export const authOperations: OperationDoc[] = [
  {
    method: 'post',
    path: '/network-agent/auth-send-otp',
    operationId: 'authSendOtp',
    summary: 'E-mail a 6-digit sign-in code',
    description:
      'Sends a one-time code to the address, valid for 1 hour and for one use; a new code replaces the previous one. ' +
      'The answer is the same whether or not the address has an account (a new address signs up at verify). ' +
      'At most one code per 30 seconds and 5 per hour per address; beyond that 429 with `Retry-After`. ' +
      '`full_name` names a new account and its team.',
    tag: 'Authentication',
    security: 'none',
    body: SendOtpBody,
    responses: {
      200: { description: 'Code sent', schema: SendOtpResponse },
      400: { description: "`Missing or invalid 'email'`, a wrong type, an unknown field or malformed JSON" },
      413: { description: 'Body larger than 1 MiB' },
      429: { description: 'Too many codes requested for this address; the `Retry-After` header gives the seconds to wait' },
      503: { description: 'The mail could not be sent; ask again' },
    },
  },
  {
    method: 'post',
    path: '/network-agent/auth-verify-otp',
    operationId: 'authVerifyOtp',
    summary: 'Exchange the code for the team’s API key',
    description:
      'A good code signs the user in: a new user gets a team (as its admin) and an API key; an existing user gets their team back; ' +
      'a user invited by a team admin joins that team now, with the role the admin chose. ' +
      'The answer also carries `agent_token`, a fresh secret bound to this user for the browser extension and the member endpoints. ' +
      'A code allows 5 wrong tries; after that, or after 1 hour, or once used, it is void.',
    tag: 'Authentication',
    security: 'none',
    body: VerifyOtpBody,
    responses: {
      200: { description: 'Signed in', schema: VerifyOtpResponse },
      400: { description: "`Missing or invalid 'email'` or `Missing or invalid 'otp'`" },
      401: { description: '`Invalid or expired OTP`: wrong, expired, used or replaced code; request a new one' },
      413: { description: 'Body larger than 1 MiB' },
    },
  },
];
