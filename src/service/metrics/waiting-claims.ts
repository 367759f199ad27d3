import { HttpError } from '../http/http-error.js';

/** Seconds a claim refused for a full instance is told to wait before asking again. */
const CLAIMS_FULL_RETRY_AFTER_S = 30;

/** A claim refused because the instance holds its most waiting claims. */
export class ClaimsFull extends HttpError {
  constructor(max: number) {
    super(
      503,
      `This instance holds its most waiting claims (${max}); try again in ${CLAIMS_FULL_RETRY_AFTER_S} s`,
      { 'Retry-After': String(CLAIMS_FULL_RETRY_AFTER_S) },
    );
  }
}

/**
 * The long-poll claims this instance holds, counted against `MAX_WAITING_CLAIMS`. A claim counts
 * from the moment it starts to wait (its first look found nothing) until it answers; a claim
 * answered from its first look never counts, so a busy queue is never refused.
 */
export class WaitingClaims {
  #count = 0;

  constructor(readonly max: number) {}

  get count(): number {
    return this.#count;
  }

  /** True when a claim that begins to wait now would be refused. */
  get full(): boolean {
    return this.#count >= this.max;
  }

  /** Takes a place or throws the 503 the client sees; the caller calls `leave()` once when done. */
  enter(): void {
    if (this.full) throw new ClaimsFull(this.max);
    this.#count += 1;
  }

  leave(): void {
    this.#count -= 1;
  }
}
