import type { VerifyOtpResponse } from '../../src/contract/auth.js';
import type { TestService } from './test-service.js';

export interface SignedIn {
  apiKey: string;
  agentToken: string;
  user: VerifyOtpResponse['user'];
  team: { id: string; name: string };
  role: VerifyOtpResponse['role'];
  /** `x-api-key` only: public API calls. */
  keyHeaders: Record<string, string>;
  /** `x-api-key` + `authorization: Bearer <agent_token>`: member and `/agent/` calls. */
  memberHeaders: Record<string, string>;
}

/**
 * Signs a user in the way a person does: send-otp, read the code from the mailed .eml, verify-otp,
 * then (unless `consent: false`) acknowledge the consent text through `/agent/consent` as the popup's
 * "I understand, start" does, so the member's agent may claim.
 * A new address gets its own team (as admin); an invited one joins the inviting team.
 * The resend throttle of the address is reset first (by back-dating its row, never by sleeping),
 * so a test may sign the same person in several times.
 */
export async function signIn(
  svc: TestService,
  email: string,
  fullName?: string,
  opts: { consent?: boolean } = {},
): Promise<SignedIn> {
  await svc.ctx.db.query(
    `UPDATE otp_codes SET sent_at = now() - interval '2 hours', window_started_at = now() - interval '2 hours'
      WHERE email = lower($1)`,
    [email],
  );
  const send = await svc.call('POST', '/network-agent/auth-send-otp', {
    body: fullName === undefined ? { email } : { email, full_name: fullName },
  });
  if (send.status !== 200)
    throw new Error(`auth-send-otp for ${email}: ${send.status} ${await send.text()}`);
  const otp = await svc.latestCode(email.toLowerCase());
  const verify = await svc.call('POST', '/network-agent/auth-verify-otp', { body: { email, otp } });
  if (verify.status !== 200)
    throw new Error(`auth-verify-otp for ${email}: ${verify.status} ${await verify.text()}`);
  const answer = (await verify.json()) as VerifyOtpResponse;
  const { api_key: apiKey, ...team } = answer.team;
  const memberHeaders = { 'x-api-key': apiKey, authorization: `Bearer ${answer.agent_token}` };
  if (opts.consent !== false) await acknowledgeConsentOverHttp(svc, memberHeaders);
  return {
    apiKey,
    agentToken: answer.agent_token,
    user: answer.user,
    team,
    role: answer.role,
    keyHeaders: { 'x-api-key': apiKey },
    memberHeaders,
  };
}

/** GET the consent text this member is asked, then acknowledge that version. */
export async function acknowledgeConsentOverHttp(
  svc: TestService,
  memberHeaders: Record<string, string>,
): Promise<void> {
  const asked = await svc.call('GET', '/agent/consent', { headers: memberHeaders });
  if (asked.status !== 200)
    throw new Error(`GET /agent/consent: ${asked.status} ${await asked.text()}`);
  const { version } = (await asked.json()) as { version: string };
  const given = await svc.call('POST', '/agent/consent', {
    headers: memberHeaders,
    body: { version },
  });
  if (given.status !== 200)
    throw new Error(`POST /agent/consent: ${given.status} ${await given.text()}`);
}
