import { createHmac, randomInt } from 'node:crypto';

/** Spec, Limits: "OTP lifetime 1 hour". */
export const OTP_LIFETIME_MINUTES = 60;
/** Wrong guesses allowed per code; the code is void after that (a 6-digit code must not be guessable). */
export const OTP_MAX_TRIES = 5;

/** Six digits from the CSPRNG, leading zeros kept. */
export function newOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * What is stored instead of the code. A plain SHA-256 of one of a million codes is reversed in
 * milliseconds, so the hash is keyed with SECRET_KEY and bound to the address.
 */
export function hashOtpCode(secretKey: Buffer, email: string, code: string): Buffer {
  return createHmac('sha256', secretKey).update(`otp:${email}:${code}`, 'utf8').digest();
}
