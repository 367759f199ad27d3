-- A do-not-contact import names who imported and when in added_by_email and created_at; what the
-- file said of who added an entry and when is kept beside them, as the file's word, never in their
-- place: a file cannot name someone else as the adder or date an entry into the past.
ALTER TABLE do_not_contact ADD COLUMN source_added_by text;
ALTER TABLE do_not_contact ADD COLUMN source_added_at timestamptz;

-- The posts of a team with a count the network never gave (stored as 0 with its known flag off),
-- by when they were posted: the stats say how many of a range's posts their engagement is missing
-- counts of (stats/watchlist-stats.ts), reading these few rather than every post of the range.
CREATE INDEX posts_counts_unknown ON posts (team_id, posted_at)
  WHERE NOT (likes_known AND comments_known AND shares_known);
