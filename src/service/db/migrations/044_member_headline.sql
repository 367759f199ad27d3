-- The member's own headline as the network shows it, for the drafts' prompts (docs/ai.md). It is
-- filed by any read of the member's own profile (relationships/member-profile.ts); a draft for a
-- member whose headline is unknown or old queues that read.
ALTER TABLE memberships
  ADD COLUMN network_headline text,
  ADD COLUMN network_profile_read_at timestamptz;
