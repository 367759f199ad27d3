-- A member's last_active_at is rewritten by their activity marks and heartbeats, the most frequent
-- writes of the table. While indexed, each such write added an entry to every index of the table
-- and left a dead row for VACUUM; unindexed, it is a heap-only update (HOT) that the table prunes
-- as it goes. Every read of it is within one team, which the primary key (team_id, email) finds.
DROP INDEX memberships_team_active;
