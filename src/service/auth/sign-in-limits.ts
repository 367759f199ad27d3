import type { Config } from '../config.js';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { currentCount, addOne, takeBackOne, takeOne, type RateWindow } from './rate-counters.js';

/**
 * The limits that keep sign-in codes from being guessed at scale (docs/api.md, "Sign-in limits").
 * Each code already allows 5 wrong tries and each address 5 codes an hour (otp-code.ts,
 * otp-throttle.ts); on top of those:
 * - codes asked per client address, per hour (SIGNIN_CODES_PER_CLIENT_HOUR);
 * - wrong codes per client address, per hour (SIGNIN_FAILURES_PER_CLIENT_HOUR);
 * - wrong codes on the whole service, per hour (SIGNIN_FAILURES_PER_HOUR): counted in the database,
 *   so the bound holds however many instances share it and however many addresses guess;
 * - wrong codes per e-mail address from one client address, per UTC day
 *   (SIGNIN_FAILURES_PER_EMAIL_DAY): the address is then locked for that client until 00:00 UTC and
 *   its owner told. Counted per client, not per address alone: a stranger's wrong codes must not
 *   lock the owner out (codes, too, belong to the client that asked: otp-store.ts).
 * Client address: http/client-address.ts.
 */

const HOUR: RateWindow = { seconds: 3600 };

const SCOPE = {
  codesByClient: 'sign_in_codes:client',
  failuresByClient: 'sign_in_failures:client',
  failuresOverall: 'sign_in_failures:all',
  failuresByEmailClient: 'sign_in_failures:email_client',
} as const;

/** The subject of the per-address lock: a client address holds no space, so this is unambiguous. */
function emailClient(email: string, client: string): string {
  return `${client} ${email}`;
}

function tooMany(message: string, retryAfterS: number): HttpError {
  return new HttpError(429, `${message}; try again in ${retryAfterS} seconds`, {
    'Retry-After': String(retryAfterS),
  });
}

/** Counts a code asked from this client, or throws 429 when it has asked its hour's codes. */
export async function takeCodeRequest(db: Queryable, config: Config, client: string) {
  const wait = await takeOne(
    db,
    SCOPE.codesByClient,
    client,
    HOUR,
    config.SIGNIN_CODES_PER_CLIENT_HOUR,
  );
  if (wait !== null) throw tooMany('Too many sign-in codes requested from this network', wait);
}

/** No code went out after all (the address's own throttle, a mail failure): not counted. */
export async function giveBackCodeRequest(db: Queryable, client: string) {
  await takeBackOne(db, SCOPE.codesByClient, client);
}

/**
 * Before a code is checked: room for one more failure, for this client and on the whole service,
 * taken now so that a burst of checks at once cannot pass the limit; throws 429 when there is none.
 * The answer gives the room back once the code proves right (only failures are counted).
 */
export async function reserveCodeCheck(
  db: Queryable,
  config: Config,
  client: string,
): Promise<{ release(): Promise<void> }> {
  const clientWait = await takeOne(
    db,
    SCOPE.failuresByClient,
    client,
    HOUR,
    config.SIGNIN_FAILURES_PER_CLIENT_HOUR,
  );
  if (clientWait !== null)
    throw tooMany('Too many wrong sign-in codes from this network', clientWait);
  const overallWait = await takeOne(
    db,
    SCOPE.failuresOverall,
    '',
    HOUR,
    config.SIGNIN_FAILURES_PER_HOUR,
  );
  if (overallWait !== null) {
    await takeBackOne(db, SCOPE.failuresByClient, client);
    throw tooMany('Too many wrong sign-in codes on this service; sign-in is paused', overallWait);
  }
  return {
    async release() {
      await takeBackOne(db, SCOPE.failuresByClient, client);
      await takeBackOne(db, SCOPE.failuresOverall, '');
    },
  };
}

/**
 * The e-mail address's lock for this client: null while it may sign in from there, else the
 * seconds until 00:00 UTC.
 */
export async function emailLockedFor(
  db: Queryable,
  config: Config,
  email: string,
  client: string,
): Promise<number | null> {
  const { count, retryAfterS } = await currentCount(
    db,
    SCOPE.failuresByEmailClient,
    emailClient(email, client),
  );
  return count >= config.SIGNIN_FAILURES_PER_EMAIL_DAY ? retryAfterS : null;
}

export function emailLockedError(retryAfterS: number): HttpError {
  return tooMany(
    'Too many wrong codes for this address from this network: signing in with it from here is locked until 00:00 UTC',
    retryAfterS,
  );
}

/**
 * Counts a wrong code against the address and this client (a try of the client's live code used
 * up); true when this one locks the address for the client. Run in the transaction that holds the
 * client's code row for the address, so counts are one at a time.
 */
export async function countEmailFailure(
  tx: Queryable,
  config: Config,
  email: string,
  client: string,
): Promise<boolean> {
  const { count } = await addOne(
    tx,
    SCOPE.failuresByEmailClient,
    emailClient(email, client),
    'utc-day',
  );
  if (count !== config.SIGNIN_FAILURES_PER_EMAIL_DAY) return false;
  // Locked: the client's code in hand is void too (it cannot ask a new one until the lock ends).
  await tx.query('UPDATE otp_codes SET tries_left = 0 WHERE email = $1 AND client = $2', [
    email,
    client,
  ]);
  return true;
}
