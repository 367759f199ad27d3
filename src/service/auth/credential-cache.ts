import type { Queryable } from '../db/database.js';
import type { AgentIdentity, ScopedKey, TeamRow } from './identities.js';

/**
 * Verified credentials: every `/agent/` call carries the team key and the agent token, and looking
 * both up is most of what a claim costs. A change that withdraws a credential (key rotation, a
 * key of one purpose revoked, sign-out, a member removed or given another role, a member moving
 * team, a consent withdrawn) calls `credentialsChanged`, which forgets the entries in this process
 * at once and, through NOTIFY, in every other instance on the same PostgreSQL.
 *
 * While every change is sure to arrive (one process on PGlite; PostgreSQL's LISTEN connection up),
 * an entry lives `TRUSTED_TTL_MS`, so an agent that claims every 25 s is not looked up again; while
 * the LISTEN connection is down, `CREDENTIALS_TTL_MS` bounds what a lost notification could leave
 * behind, and the cache is emptied when the connection drops and when it is back. An agent token is
 * never kept past the instant it ends by age or disuse, nor a rotated-out key past its deadline. A
 * look-up that began before a change is not remembered (`generation`): its answer may predate it.
 */
export const CREDENTIALS_TTL_MS = 10_000;
export const TRUSTED_TTL_MS = 300_000;
export const CREDENTIALS_CHANNEL = 'credentials_changed';

/** What changed: a team's key, a user's memberships or tokens, or one token. */
type CredentialChange = { team: string } | { user: string } | { token: string };

interface Entry<T> {
  value: T;
  expires: number;
}

/** Most entries of each kind kept: an instance's members and teams, with room to spare. */
const MAX_ENTRIES = 50_000;

export class CredentialCache {
  private readonly teams = new Map<string, Entry<TeamRow>>();
  private readonly retired = new Map<string, Entry<TeamRow>>();
  private readonly scoped = new Map<string, Entry<ScopedKey>>();
  private readonly agents = new Map<string, Entry<AgentIdentity & { teamId: string }>>();
  // Members known to have acknowledged the consent text they are asked now.
  private readonly consented = new Map<string, Entry<{ teamId: string; userId: string }>>();
  private changes = 0;

  /** @param trusted whether every change is sure to arrive now (see above). */
  constructor(private readonly trusted: () => boolean = () => false) {}

  /** Taken before a look-up and handed to `remember*`: a change meanwhile makes it stale. */
  get generation(): number {
    return this.changes;
  }

  private ttl(): number {
    return this.trusted() ? TRUSTED_TTL_MS : CREDENTIALS_TTL_MS;
  }

  private put<T>(
    map: Map<string, Entry<T>>,
    key: string,
    value: T,
    seen: number,
    ms: number,
    now: number,
  ) {
    if (seen !== this.changes) return;
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
    map.set(key, { value, expires: now + Math.min(ms, this.ttl()) });
  }

  team(keyHash: Buffer, now = Date.now()): TeamRow | undefined {
    return live(this.teams, keyHash.toString('hex'), now);
  }

  rememberTeam(keyHash: Buffer, team: TeamRow, seen: number, now = Date.now()): void {
    this.put(this.teams, keyHash.toString('hex'), team, seen, Infinity, now);
  }

  /** The team of a key it has rotated out (usable only with a live member token). */
  retiredTeam(keyHash: Buffer, now = Date.now()): TeamRow | undefined {
    return live(this.retired, keyHash.toString('hex'), now);
  }

  /** `livesMs`: until the retired key stops being accepted (RETIRED_KEY_HOURS after its rotation). */
  rememberRetiredTeam(
    keyHash: Buffer,
    team: TeamRow,
    seen: number,
    livesMs: number,
    now = Date.now(),
  ): void {
    this.put(this.retired, keyHash.toString('hex'), team, seen, livesMs, now);
  }

  /** A key made for one purpose (teams/scoped-keys.ts), with its team. */
  scopedKey(keyHash: Buffer, now = Date.now()): ScopedKey | undefined {
    return live(this.scoped, keyHash.toString('hex'), now);
  }

  rememberScopedKey(keyHash: Buffer, key: ScopedKey, seen: number, now = Date.now()): void {
    this.put(this.scoped, keyHash.toString('hex'), key, seen, Infinity, now);
  }

  agent(tokenHash: Buffer, teamId: string, now = Date.now()): AgentIdentity | undefined {
    return live(this.agents, `${tokenHash.toString('hex')}:${teamId}`, now);
  }

  /** `livesMs`: until the token ends by age or disuse. */
  rememberAgent(
    tokenHash: Buffer,
    teamId: string,
    agent: AgentIdentity,
    seen: number,
    livesMs: number,
    now = Date.now(),
  ): void {
    const key = `${tokenHash.toString('hex')}:${teamId}`;
    this.put(this.agents, key, { ...agent, teamId }, seen, livesMs, now);
  }

  /** Whether the member is known to have acknowledged the current consent text. */
  hasConsented(teamId: string, userId: string, now = Date.now()): boolean {
    return live(this.consented, `${teamId}:${userId}`, now) !== undefined;
  }

  rememberConsented(teamId: string, userId: string, seen: number, now = Date.now()): void {
    this.put(this.consented, `${teamId}:${userId}`, { teamId, userId }, seen, Infinity, now);
  }

  /** Forgets everything (a change may have been missed). */
  clear(): void {
    this.changes++;
    this.teams.clear();
    this.retired.clear();
    this.scoped.clear();
    this.agents.clear();
    this.consented.clear();
  }

  forget(change: CredentialChange): void {
    this.changes++;
    if ('team' in change) {
      for (const [k, e] of this.consented)
        if (e.value.teamId === change.team) this.consented.delete(k);
      for (const [k, e] of this.teams) if (e.value.id === change.team) this.teams.delete(k);
      for (const [k, e] of this.retired) if (e.value.id === change.team) this.retired.delete(k);
      for (const [k, e] of this.scoped) if (e.value.team.id === change.team) this.scoped.delete(k);
      for (const [k, e] of this.agents) if (e.value.teamId === change.team) this.agents.delete(k);
    } else if ('user' in change) {
      for (const [k, e] of this.agents) if (e.value.userId === change.user) this.agents.delete(k);
      for (const [k, e] of this.consented)
        if (e.value.userId === change.user) this.consented.delete(k);
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

export function createCredentialCache(
  trusted?: () => boolean,
): CredentialCache & { close(): void } {
  const cache = new CredentialCache(trusted);
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
