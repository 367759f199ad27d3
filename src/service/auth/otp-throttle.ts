/**
 * Resend throttle per address and asking client: mail costs money and reputation, and a flood of
 * codes to one inbox is abuse. One code per 30 seconds, at most 5 per hour; the answer is 429 with
 * Retry-After. Counted per client too, so that a stranger asking codes for an address cannot use up
 * its owner's; what one client may ask in all is bounded by SIGNIN_CODES_PER_CLIENT_HOUR.
 */
const OTP_RESEND_INTERVAL_S = 30;
const OTP_SENDS_PER_WINDOW = 5;
export const OTP_SEND_WINDOW_S = 3600;

export interface ThrottleState {
  /** Seconds since the last code was sent to the address. */
  since_sent_s: number;
  /** Seconds since the current hourly window began. */
  since_window_s: number;
  sends_in_window: number;
}

/** Seconds the caller must wait before another code may be sent, or 0 when one may go now. */
export function otpRetryAfterSeconds(s: ThrottleState | undefined): number {
  if (!s) return 0;
  const inWindow = s.since_window_s < OTP_SEND_WINDOW_S;
  if (inWindow && s.sends_in_window >= OTP_SENDS_PER_WINDOW)
    return Math.max(1, Math.ceil(OTP_SEND_WINDOW_S - s.since_window_s));
  if (s.since_sent_s < OTP_RESEND_INTERVAL_S)
    return Math.max(1, Math.ceil(OTP_RESEND_INTERVAL_S - s.since_sent_s));
  return 0;
}
