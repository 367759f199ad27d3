import type { Queryable } from '../db/database.js';
import { constantTimeEqual } from '../security/crypto.js';
import { OTP_LIFETIME_MINUTES, OTP_MAX_TRIES, hashOtpCode, newOtpCode } from './otp-code.js';
import { OTP_SEND_WINDOW_S, otpRetryAfterSeconds, type ThrottleState } from './otp-throttle.js';

/**
 * Sign-in codes, one row per address and client network address that asked (table otp_codes): a
 * code is checked only for the client that asked for it, so what others ask or guess for the
 * address never replaces, uses up or throttles the code its owner asked for from their own network.
 * A new code from the same client replaces its old one; only its keyed hash is kept, and the row
 * also carries that client's resend throttle so it survives restarts.
 * Run inside a transaction: the row is locked while it is read and rewritten.
 */
export async function issueOtp(
  tx: Queryable,
  secretKey: Buffer,
  email: string,
  client: string,
  fullName: string | undefined,
): Promise<{ code: string; codeHash: Buffer } | { retryAfterS: number }> {
  const [state] = await tx.query<ThrottleState>(
    `SELECT extract(epoch FROM now() - sent_at)::float8 AS since_sent_s,
            extract(epoch FROM now() - window_started_at)::float8 AS since_window_s,
            sends_in_window
       FROM otp_codes WHERE email = $1 AND client = $2 FOR UPDATE`,
    [email, client],
  );
  const retryAfterS = otpRetryAfterSeconds(state);
  if (retryAfterS > 0) return { retryAfterS };
  const code = newOtpCode();
  const codeHash = hashOtpCode(secretKey, email, code);
  await tx.query(
    `INSERT INTO otp_codes (email, client, code_hash, full_name, tries_left, expires_at, sent_at, sends_in_window, window_started_at)
     VALUES ($1, $5, $2, $3, $4, now() + make_interval(mins => ${OTP_LIFETIME_MINUTES}), now(), 1, now())
     ON CONFLICT (email, client) DO UPDATE SET
       code_hash = excluded.code_hash,
       full_name = coalesce(excluded.full_name, otp_codes.full_name),
       tries_left = excluded.tries_left,
       expires_at = excluded.expires_at,
       sent_at = now(),
       sends_in_window = CASE WHEN otp_codes.window_started_at > now() - make_interval(secs => ${OTP_SEND_WINDOW_S})
                              THEN otp_codes.sends_in_window + 1 ELSE 1 END,
       window_started_at = CASE WHEN otp_codes.window_started_at > now() - make_interval(secs => ${OTP_SEND_WINDOW_S})
                                THEN otp_codes.window_started_at ELSE now() END`,
    [email, codeHash, fullName || null, OTP_MAX_TRIES, client],
  );
  return { code, codeHash };
}

/**
 * The mail with this code could not be sent: void the code and give the send back to the
 * throttle, so the person can ask again at once. Matched by hash: a newer code is left alone.
 */
export async function withdrawOtp(
  db: Queryable,
  email: string,
  client: string,
  codeHash: Buffer,
): Promise<void> {
  await db.query(
    `UPDATE otp_codes SET tries_left = 0, sent_at = now() - make_interval(hours => 1),
            sends_in_window = greatest(sends_in_window - 1, 0)
      WHERE email = $1 AND client = $2 AND code_hash = $3`,
    [email, client, codeHash],
  );
}

/** `wrongTry`: a live code was guessed wrong (one of its tries used up), not merely absent or spent. */
type OtpCheck = { ok: true; fullName: string | null } | { ok: false; wrongTry: boolean };

/**
 * Checks a code against the one this client asked for, and uses it up. A wrong guess costs one of
 * that code's tries (committed even though the answer is 401, so run this in a transaction that
 * commits on both outcomes).
 */
export async function consumeOtp(
  tx: Queryable,
  secretKey: Buffer,
  email: string,
  client: string,
  otp: string,
): Promise<OtpCheck> {
  const [row] = await tx.query<{
    code_hash: Buffer;
    full_name: string | null;
    tries_left: number;
    live: boolean;
  }>(
    `SELECT code_hash, full_name, tries_left, expires_at > now() AS live FROM otp_codes
      WHERE email = $1 AND client = $2 FOR UPDATE`,
    [email, client],
  );
  if (!row?.live || row.tries_left <= 0) return { ok: false, wrongTry: false };
  if (!constantTimeEqual(Buffer.from(row.code_hash), hashOtpCode(secretKey, email, otp))) {
    await tx.query(
      'UPDATE otp_codes SET tries_left = tries_left - 1 WHERE email = $1 AND client = $2',
      [email, client],
    );
    return { ok: false, wrongTry: true };
  }
  // Single use: the row stays (it holds the resend throttle) but the code is dead.
  await tx.query(
    'UPDATE otp_codes SET tries_left = 0, expires_at = now() WHERE email = $1 AND client = $2',
    [email, client],
  );
  return { ok: true, fullName: row.full_name };
}

/**
 * Spent sign-in rows: the code expired (or was used) and the address's resend throttle no longer
 * needs the row (its last code and its hourly window are over an hour old). Answers how many went.
 */
export async function deleteSpentOtps(db: Queryable): Promise<number> {
  const rows = await db.query(
    `DELETE FROM otp_codes
      WHERE expires_at < now()
        AND sent_at < now() - make_interval(secs => ${OTP_SEND_WINDOW_S})
        AND window_started_at < now() - make_interval(secs => ${OTP_SEND_WINDOW_S})
      RETURNING 1`,
  );
  return rows.length;
}
