import type { Queryable } from '../db/database.js';
import type { AgentIdentity, TeamRow } from './identities.js';

/**
 * Verified credentials, kept for a few seconds: every `/agent/` call carries the team key and the
 * agent token, and looking both up is most of what a claim costs. A change that withdraws a
 * credential (key rotation, sign-out, a member removed or given another role, a member moving team)
 * calls `credentialsChanged`, which forgets the entries in this process at once and, through
 * NOTIFY, in every other instance on the same PostgreSQL; the short lifetime bounds what a lost
 * notification could leave behind.
 */
export const CREDENTIALS_TTL_MS = 10_000;
export const CREDENTIALS_CHANNEL = 'credentials_changed';

/** What changed: a team's key, a user's memberships or tokens, or one token. */
type CredentialChange = { team: string } | { user: string } | { token: string };

interface Entry<T> {
  value: T;
  expires: number;
}

export class CredentialCache {
  private readonly teams = new Map<string, Entry<TeamRow>>();
  private readonly retired = new Map<string, Entry<TeamRow>>();
  private readonly agents = new Map<string, Entry<AgentIdentity & { teamId: string }>>();

  team(keyHash: Buffer, now = Date.now()): TeamRow | undefined {
    return live(this.teams, keyHash.toString('hex'), now);
  }

  rememberTeam(keyHash: Buffer, team: TeamRow, now = Date.now()): void {
    this.teams.set(keyHash.toString('hex'), { value: team, expires: now + CREDENTIALS_TTL_MS });
  }

  /** The team of a key it has rotated out (usable only with a live member token). */
  retiredTeam(keyHash: Buffer, now = Date.now()): TeamRow | undefined {
    return live(this.retired, keyHash.toString('hex'), now);
  }

  rememberRetiredTeam(keyHash: Buffer, team: TeamRow, now = Date.now()): void {
    this.retired.set(keyHash.toString('hex'), { value: team, expires: now + CREDENTIALS_TTL_MS });
  }

  agent(tokenHash: Buffer, teamId: string, now = Date.now()): AgentIdentity | undefined {
    return live(this.agents, `${tokenHash.toString('hex')}:${teamId}`, now);
  }

  rememberAgent(tokenHash: Buffer, teamId: string, agent: AgentIdentity, now = Date.now()): void {
    this.agents.set(`${tokenHash.toString('hex')}:${teamId}`, {
      value: { ...agent, teamId },
      expires: now + CREDENTIALS_TTL_MS,
    });
  }

  forget(change: CredentialChange): void {
    if ('team' in change) {
      for (const [k, e] of this.teams) if (e.value.id === change.team) this.teams.delete(k);
      for (const [k, e] of this.retired) if (e.value.id === change.team) this.retired.delete(k);
      for (const [k, e] of this.agents) if (e.value.teamId === change.team) this.agents.delete(k);
    } else if ('user' in change) {
      for (const [k, e] of this.agents) if (e.value.userId === change.user) this.agents.delete(k);
    } else {
      for (const k of this.agents.keys())
        if (k.startsWith(`${change.token}:`)) this.agents.delete(k);
    }
  }
}

function live<T>(map: Map<string, Entry<T>>, key: string, now: number): T | undefined {
  const entry = map.get(key);
  if (!entry) return undefined;
  if (entry.expires > now) return entry.value;
  map.delete(key);
  return undefined;
}

/** Every cache of this process (tests run several services in one process; forgetting is cheap). */
const caches = new Set<CredentialCache>();

export function createCredentialCache(): CredentialCache & { close(): void } {
  const cache = new CredentialCache();
  caches.add(cache);
  return Object.assign(cache, { close: () => void caches.delete(cache) });
}

/** Applies a change announced by another instance. */
export function forgetEverywhere(change: CredentialChange): void {
  for (const c of caches) c.forget(change);
}

/**
 * Withdraws cached credentials now, here and (through NOTIFY, delivered at commit when `db` is a
 * transaction) in every instance. Call it wherever a key, a token or a membership changes.
 */
export async function credentialsChanged(db: Queryable, change: CredentialChange): Promise<void> {
  forgetEverywhere(change);
  await db.query('SELECT pg_notify($1, $2)', [CREDENTIALS_CHANNEL, JSON.stringify(change)]);
}

export function parseCredentialChange(payload: string): CredentialChange | null {
  try {
    const v = JSON.parse(payload) as Record<string, unknown>;
    for (const k of ['team', 'user', 'token'] as const)
      if (typeof v[k] === 'string') return { [k]: v[k] } as CredentialChange;
  } catch {
    // Not ours: ignored.
  }
  return null;
}
