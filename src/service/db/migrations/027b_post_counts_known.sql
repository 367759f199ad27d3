-- A count the network's answer did not give is unknown, not zero (task outputs carry null). The
-- count columns keep 0 for it, so engagement (a generated column) and the listing's indexes stay as
-- they are; these say which counts were ever given. A re-read that lacks a count keeps the stored
-- one (collection/file-posts.ts). Rows filed before were stored as given: known.
ALTER TABLE posts ADD COLUMN likes_known boolean NOT NULL DEFAULT true;
ALTER TABLE posts ADD COLUMN comments_known boolean NOT NULL DEFAULT true;
ALTER TABLE posts ADD COLUMN shares_known boolean NOT NULL DEFAULT true;
