import { defineItem } from './storage-item.js';
import type { Role } from '../contract/auth.js';

/**
 * What signing in through the popup gives the extension (auth-verify-otp answer): the service it
 * talks to, the team's API key and this member's agent token. Kept in chrome.storage.local, which
 * only our extension's own pages and worker can read (content scripts never ask for it).
 */
export interface Credentials {
  service_url: string;
  api_key: string;
  agent_token: string;
  user: { id: string; email: string; full_name: string };
  team: { id: string; name: string };
  role: Role;
}

export const credentialsItem = defineItem<Credentials | null>('local:credentials', {
  fallback: null,
});

/** The service URL last entered in the popup, so a signed-out popup offers it again. */
export const lastServiceUrlItem = defineItem<string | null>('local:last_service_url', {
  fallback: null,
});

export const getCredentials = () => credentialsItem.getValue();
export const saveCredentials = (c: Credentials) => credentialsItem.setValue(c);
export const clearCredentials = () => credentialsItem.setValue(null);
