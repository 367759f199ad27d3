-- The weekly summary (docs/api.md, "Weekly summary"): off by default, a team setting. weekly_summary_sent_for is the
-- Monday of the last week summarized: the job claims a team by moving it forward in one conditional
-- UPDATE, so two instances never send one week twice.
ALTER TABLE teams ADD COLUMN weekly_summary boolean NOT NULL DEFAULT false;
ALTER TABLE teams ADD COLUMN weekly_summary_sent_for date;
-- A member may turn the mail off for themselves; the webhook event is the team's.
ALTER TABLE memberships ADD COLUMN weekly_summary_mail boolean NOT NULL DEFAULT true;
