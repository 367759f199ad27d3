-- A do-not-contact import names who imported and when in added_by_email and created_at; what the
-- file said of who added an entry and when is kept beside them, as the file's word, never in their
-- place: a file cannot name someone else as the adder or date an entry into the past.
ALTER TABLE do_not_contact ADD COLUMN source_added_by text;
ALTER TABLE do_not_contact ADD COLUMN source_added_at timestamptz;
