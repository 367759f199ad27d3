import type { VerifyOtpResponse } from '../contract/auth.js';

/**
 * The signed-in dashboard session: the verify answer's team key and agent token. Kept in
 * sessionStorage, not localStorage: it dies with the tab, and other tabs do not inherit it.
 */
export type Session = VerifyOtpResponse;

const STORAGE_KEY = 'network-agent.dashboard.session';

export function loadSession(): Session | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Session;
    return s && typeof s.agent_token === 'string' && typeof s.team?.api_key === 'string' ? s : null;
  } catch {
    return null;
  }
}

export function saveSession(s: Session): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(s));
}

export function clearSession(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
