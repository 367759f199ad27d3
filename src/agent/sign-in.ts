import { browser } from 'wxt/browser';
import { INITIAL_STATE, pendingSignInItem, updateState } from './agent-state.js';
import {
  clearCredentials,
  getCredentials,
  lastServiceUrlItem,
  saveCredentials,
} from './credentials.js';
import {
  serviceAddressProblem,
  serviceOrigin,
  servicePermission,
} from '../shared/default-service-url.js';
import type { ActionResult } from '../shared/protocol.js';
import { ServiceError, ServiceUnreachable, createServiceClient } from './service-client.js';

/**
 * Sign-in by e-mail code (popup): send the code, verify it, keep the key and agent token. Every
 * failure becomes one sentence the popup can show as it is.
 */

export function explain(err: unknown, serviceUrl: string): string {
  if (err instanceof ServiceUnreachable)
    return `The service at ${serviceUrl} cannot be reached. Check the address and that the service is running.`;
  if (err instanceof ServiceError) {
    if (err.status === 401 && /OTP/i.test(err.message))
      return 'That code is wrong or has expired. Check the latest e-mail, or send a new code.';
    if (err.status === 429)
      return `Too many codes requested. ${err.retryAfterS ? `Try again in ${err.retryAfterS} seconds.` : 'Try again later.'}`;
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

async function mayReach(serviceUrl: string): Promise<string | null> {
  const problem = serviceAddressProblem(serviceUrl);
  if (problem) return problem;
  const origin = serviceOrigin(serviceUrl)!;
  const granted = await browser.permissions
    .contains({ origins: [servicePermission(origin, import.meta.env.FIREFOX)] })
    .catch(() => false);
  return granted ? null : `The extension may not reach ${origin}: allow it when the browser asks.`;
}

export async function sendCode(req: {
  service_url: string;
  email: string;
  full_name: string;
}): Promise<ActionResult> {
  const serviceUrl = req.service_url.trim().replace(/\/+$/, '');
  const denied = await mayReach(serviceUrl);
  if (denied) return { ok: false, error: denied };
  const email = req.email.trim();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    return { ok: false, error: 'Enter your e-mail address.' };
  try {
    await createServiceClient({ baseUrl: serviceUrl }).sendOtp(
      email,
      req.full_name.trim() || undefined,
    );
  } catch (err) {
    return { ok: false, error: explain(err, serviceUrl) };
  }
  await lastServiceUrlItem.setValue(serviceUrl);
  await pendingSignInItem.setValue({ service_url: serviceUrl, email });
  return { ok: true };
}

export async function verifyCode(req: { otp: string }): Promise<ActionResult> {
  const pending = await pendingSignInItem.getValue();
  if (!pending) return { ok: false, error: 'Send a code first.' };
  const otp = req.otp.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(otp)) return { ok: false, error: 'The code has 6 digits.' };
  try {
    const answer = await createServiceClient({ baseUrl: pending.service_url }).verifyOtp(
      pending.email,
      otp,
    );
    await saveCredentials({
      service_url: pending.service_url,
      api_key: answer.team.api_key,
      agent_token: answer.agent_token,
      user: answer.user,
      team: { id: answer.team.id, name: answer.team.name },
      role: answer.role,
    });
  } catch (err) {
    return { ok: false, error: explain(err, pending.service_url) };
  }
  await pendingSignInItem.setValue(null);
  // A fresh start: the first heartbeat goes out at once.
  await updateState((s) => ({ ...INITIAL_STATE, network: s.network }));
  return { ok: true };
}

export async function restartSignIn(): Promise<ActionResult> {
  await pendingSignInItem.setValue(null);
  return { ok: true };
}

/** Revokes the agent token at the service, then forgets the credentials here whatever happens. */
export async function signOut(): Promise<ActionResult> {
  const creds = await getCredentials();
  if (!creds) return { ok: true };
  let warning: string | null = null;
  try {
    await createServiceClient({
      baseUrl: creds.service_url,
      apiKey: creds.api_key,
      agentToken: creds.agent_token,
    }).signOut();
  } catch (err) {
    // 401: already revoked. Anything else: say so, the token stays valid at the service.
    if (!(err instanceof ServiceError && err.status === 401))
      warning = `Signed out here, but the service was not told: ${explain(err, creds.service_url)}`;
  }
  await clearCredentials();
  await updateState((s) => ({ ...INITIAL_STATE, network: s.network }));
  return warning ? { ok: false, error: warning } : { ok: true };
}
