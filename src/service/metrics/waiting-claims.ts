import { HttpError } from '../http/http-error.js';

/** Seconds a claim refused for a full share is told to wait before asking again. */
const CLAIMS_FULL_RETRY_AFTER_S = 30;

/** Whose share of the waiting claims was full: the member's, the team's or the whole instance's. */
type ClaimShare = 'member' | 'team' | 'instance';
export const CLAIM_SHARES: readonly ClaimShare[] = ['member', 'team', 'instance'];

const HOLDER: Record<ClaimShare, string> = {
  member: 'This member',
  team: 'This team',
  instance: 'This instance',
};

/** A claim refused because its member, its team or the instance holds its most waiting claims. */
export class ClaimsFull extends HttpError {
  constructor(
    readonly share: ClaimShare,
    max: number,
  ) {
    super(
      503,
      `${HOLDER[share]} holds its most waiting claims (${max}); try again in ${CLAIMS_FULL_RETRY_AFTER_S} s`,
      { 'Retry-After': String(CLAIMS_FULL_RETRY_AFTER_S) },
    );
  }
}

/** The caps of the waiting claims: the instance's, and each team's and each member's share of it. */
export interface WaitingClaimCaps {
  /** `MAX_WAITING_CLAIMS`. */
  max: number;
  /** `MAX_WAITING_CLAIMS_PER_TEAM`: one team cannot take the whole instance from the others. */
  perTeam: number;
  /** `MAX_WAITING_CLAIMS_PER_MEMBER`: one member's agents cannot take their whole team's share. */
  perMember: number;
}

/**
 * The long-poll claims this instance holds, counted against `MAX_WAITING_CLAIMS` and against the
 * shares of each team and each member. A claim counts from the moment it starts to wait (its first
 * look found nothing) until it answers; a claim answered from its first look never counts, so a
 * busy queue is never refused. Counting is a few map look-ups per claim: the claim is the hottest
 * path, with thousands waiting at once.
 */
export class WaitingClaims {
  #count = 0;
  /** Waiting claims by team id and by member id; an entry goes when its count is back to 0. */
  readonly #byTeam = new Map<string, number>();
  readonly #byMember = new Map<string, number>();

  readonly max: number;
  readonly perTeam: number;
  readonly perMember: number;

  constructor(caps: WaitingClaimCaps) {
    this.max = caps.max;
    this.perTeam = caps.perTeam;
    this.perMember = caps.perMember;
  }

  get count(): number {
    return this.#count;
  }

  /** The waiting claims of one team now (0 when none). */
  ofTeam(teamId: string): number {
    return this.#byTeam.get(teamId) ?? 0;
  }

  /** The waiting claims of one member now (0 when none). */
  ofMember(userId: string): number {
    return this.#byMember.get(userId) ?? 0;
  }

  /** The share that would refuse a claim of this member that begins to wait now, if any. */
  refuses(teamId: string, userId: string): ClaimShare | undefined {
    if ((this.#byMember.get(userId) ?? 0) >= this.perMember) return 'member';
    if ((this.#byTeam.get(teamId) ?? 0) >= this.perTeam) return 'team';
    if (this.#count >= this.max) return 'instance';
    return undefined;
  }

  /** Takes a place or throws the 503 the client sees; the caller calls `leave()` once when done. */
  enter(teamId: string, userId: string): void {
    const full = this.refuses(teamId, userId);
    if (full) throw new ClaimsFull(full, this.#capOf(full));
    this.#count += 1;
    this.#byTeam.set(teamId, (this.#byTeam.get(teamId) ?? 0) + 1);
    this.#byMember.set(userId, (this.#byMember.get(userId) ?? 0) + 1);
  }

  leave(teamId: string, userId: string): void {
    this.#count -= 1;
    down(this.#byTeam, teamId);
    down(this.#byMember, userId);
  }

  #capOf(share: ClaimShare): number {
    return share === 'member' ? this.perMember : share === 'team' ? this.perTeam : this.max;
  }
}

function down(counts: Map<string, number>, key: string): void {
  const n = (counts.get(key) ?? 0) - 1;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
