import { isIP } from 'node:net';
import { isLocalName, isPublicAddress } from './outbound-guard.js';

/**
 * Webhooks (Slack's and the team's own) are https only and never point at the service's own
 * network; the address a name resolves to is checked at connect time by the shared guard
 * (http/outbound-guard.ts).
 */

/** Why a webhook URL is refused, or null when it may be called. */
export function webhookUrlProblem(value: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (allowPrivate)
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'must be an https URL';
  if (url.protocol !== 'https:') return 'must be an https URL';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if ((isIP(host) && !isPublicAddress(host)) || isLocalName(host))
    return 'must not point to a private or local address';
  return null;
}
