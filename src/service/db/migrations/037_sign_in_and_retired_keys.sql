-- Sign-in that nobody else can deny to an address's owner, and rotated-out keys that expire.
--
-- A sign-in code belongs to the address and the client network address that asked for it
-- (src/service/auth/otp-store.ts): codes asked, and wrong codes sent, from one network no longer
-- replace, use up or throttle the code the owner asked for from another. Rows from before have no
-- client; they expire within the hour and are pruned like any other.
ALTER TABLE otp_codes ADD COLUMN client text NOT NULL DEFAULT '';
ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_pkey;
ALTER TABLE otp_codes ADD PRIMARY KEY (email, client);

-- A team keeps only the key it rotated out last (src/service/teams/api-keys.ts): the next rotation
-- replaces it, and it is accepted for RETIRED_KEY_HOURS after retired_at at most.
DELETE FROM team_retired_keys r
 WHERE EXISTS (SELECT 1 FROM team_retired_keys n
                WHERE n.team_id = r.team_id
                  AND (n.retired_at, n.key_hash) > (r.retired_at, r.key_hash));
DROP INDEX team_retired_keys_team;
CREATE UNIQUE INDEX team_retired_keys_team ON team_retired_keys (team_id);
-- Housekeeping deletes the ones past their time.
CREATE INDEX team_retired_keys_retired_at ON team_retired_keys (retired_at);
