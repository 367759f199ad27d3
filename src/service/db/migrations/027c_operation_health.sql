-- What each extension reports per operation and map version: required fields its answers lacked
-- and ways that failed (HeartbeatBody.operation_health). Kept per membership, which is per team
-- and per extension; replaced by every heartbeat, so it clears itself when answers are whole again.
ALTER TABLE memberships ADD COLUMN operation_health jsonb NOT NULL DEFAULT '[]'::jsonb;
