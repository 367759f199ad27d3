-- Collection, posts listing and Slack: what 004 lacks for filing, team-wide listing and announcing.

-- Engagement as /api-posts sorts it (popular_first): likes + 2*comments + 3*shares. Kept in step
-- with the counts by the database itself.
ALTER TABLE posts ADD COLUMN engagement int GENERATED ALWAYS AS (likes_count + 2 * comments_count + 3 * shares_count) STORED;
-- The latest trending score the post got in any of the team's watchlists (team-wide listing).
ALTER TABLE posts ADD COLUMN trending_score double precision NOT NULL DEFAULT 0;

-- GET /api-posts without watchlist_id lists the team's posts once each, from `posts` itself.
CREATE INDEX posts_team_recent ON posts (team_id, posted_at DESC, id DESC);
CREATE INDEX posts_team_popular ON posts (team_id, engagement DESC, posted_at DESC, id DESC);
CREATE INDEX posts_team_trending ON posts (team_id, posted_at DESC) WHERE trending_score >= 2;

-- Same shape per watchlist: the recent order breaks ties by post_id, popular by posted_at then post_id.
CREATE INDEX watchlist_posts_trending ON watchlist_posts (watchlist_id, posted_at DESC, post_id) WHERE trending;
CREATE INDEX watchlist_posts_by_post ON watchlist_posts (post_id);

-- New posts of a keyword watchlist with a Slack webhook wait here until their cycle is announced.
ALTER TABLE watchlist_posts ADD COLUMN slack_pending boolean NOT NULL DEFAULT false;
CREATE INDEX watchlist_posts_slack_pending ON watchlist_posts (watchlist_id) WHERE slack_pending;

-- The Slack job announces a cycle once the watchlist has no open collection task left.
CREATE INDEX tasks_open_by_watchlist ON tasks (watchlist_id) WHERE watchlist_id IS NOT NULL AND status IN ('pending', 'processing');
