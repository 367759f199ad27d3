-- Counts behind the sign-in and invitation limits (src/service/auth/rate-counters.ts): one row per
-- limit and subject (a client address, an e-mail address, a team, or '' for the whole service),
-- counting within a window that ends at window_ends_at; the next count after that starts a new one.
-- Kept in the database so that every instance on it shares the same counts and a restart keeps them.
CREATE TABLE rate_counters (
  scope text NOT NULL,
  subject text NOT NULL,
  count int NOT NULL,
  window_ends_at timestamptz NOT NULL,
  PRIMARY KEY (scope, subject)
);

-- Housekeeping deletes the rows whose window has ended, and spent sign-in codes.
CREATE INDEX rate_counters_window_ends_at ON rate_counters (window_ends_at);
CREATE INDEX otp_codes_expires_at ON otp_codes (expires_at);
