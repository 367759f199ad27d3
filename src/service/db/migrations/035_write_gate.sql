-- The write gate (src/service/tasks/write-gate.ts, docs/team-pool.md "The gate"): a write that a
-- person's `force: true` (or their approval) sent past the team's contact window keeps whose contact
-- it went over, `{email, at, kind}` as the window's check read it, for the approver and the member
-- it runs as to see. Null: nothing was passed over.
ALTER TABLE tasks ADD COLUMN forced_over jsonb;
